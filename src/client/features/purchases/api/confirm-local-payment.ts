import { apiRequest } from '#client/lib/api-client.ts';
import type { LocalConfirm } from '#shared/purchases/purchase.schema.ts';

/**
 * POST /api/payments/local/confirm: pays with a test card (local provider only). By the time it
 * answers the outcome is settled on the server, so the waiting page finds it at once.
 */
export function confirmLocalPayment(payment: LocalConfirm) {
  return apiRequest('/api/payments/local/confirm', {
    method: 'POST',
    body: payment,
    schema: () => import('#shared/purchases/purchase.schema.ts').then((m) => m.localConfirmResultSchema),
  });
}

import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';

/**
 * POST /api/purchases/:id/verify (spec 01 §7 verifyPaymentDirectly): after 30 s of waiting the
 * server asks the payment provider itself; a payment still pending then answers 'processing'.
 */
export function useVerifyPayment(ticketId: string) {
  return useMutation({
    mutationFn: () =>
      apiRequest(`/api/purchases/${encodeURIComponent(ticketId)}/verify`, {
        method: 'POST',
        schema: () => import('#shared/purchases/purchase.schema.ts').then((m) => m.paymentVerificationSchema),
      }),
  });
}

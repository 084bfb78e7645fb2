import { apiRequest } from '#client/lib/api-client.ts';

/**
 * POST /api/purchases/:id/reservation/validate (spec 01 §7): the hold is still the buyer's and in
 * time, asked just before paying; fails with reservation_invalid or reservation_expired.
 */
export function validateReservation(ticketId: string, paymentIntentId: string) {
  return apiRequest(`/api/purchases/${encodeURIComponent(ticketId)}/reservation/validate`, {
    method: 'POST',
    body: { paymentIntentId },
    schema: () => import('#shared/purchases/purchase.schema.ts').then((m) => m.reservationValidSchema),
  });
}

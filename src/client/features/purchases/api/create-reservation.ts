import { apiRequest } from '#client/lib/api-client.ts';
import type { Reservation } from '#shared/purchases/purchase.schema.ts';

/**
 * POST /api/purchases/:id/reservation (spec 01 §7 create-intent): holds the ticket for the buyer
 * at the all-in price they were shown, and answers the payment intent to pay it with. Asked again
 * while the hold lasts, the server answers the same hold.
 */
export function createReservation(ticketId: string, priceCents: number): Promise<Reservation> {
  return apiRequest(`/api/purchases/${encodeURIComponent(ticketId)}/reservation`, {
    method: 'POST',
    body: { priceCents },
    schema: () => import('#shared/purchases/purchase.schema.ts').then((m) => m.reservationSchema),
  });
}

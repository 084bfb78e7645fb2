import { apiRequest } from '#client/lib/api-client.ts';

// cancel-reservation (spec 01 §7): the buyer left the payment step without paying, so the ticket is
// free for others at once instead of when the hold runs out.

/** DELETE /api/purchases/:id/reservation: the buyer moved on inside the app. */
export function cancelReservation(ticketId: string, paymentIntentId: string): Promise<void> {
  const query = new URLSearchParams({ paymentIntentId });
  return apiRequest(`/api/purchases/${encodeURIComponent(ticketId)}/reservation?${query}`, {
    method: 'DELETE',
  });
}

/**
 * The same when the tab closes or the page is left: only a beacon outlives the page. A beacon can
 * send only simple content types, so its JSON goes as text/plain (the route reads it so).
 */
export function cancelReservationOnExit(ticketId: string, paymentIntentId: string): void {
  navigator.sendBeacon(
    `/api/purchases/${encodeURIComponent(ticketId)}/reservation/cancel`,
    new Blob([JSON.stringify({ paymentIntentId })], { type: 'text/plain' }),
  );
}

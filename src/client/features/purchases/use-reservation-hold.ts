import { useCallback, useEffect, useRef, useState } from 'react';
import type { Reservation } from '#shared/purchases/purchase.schema.ts';
import { cancelReservation, cancelReservationOnExit } from './api/cancel-reservation.ts';
import { createReservation } from './api/create-reservation.ts';

export type HoldState =
  | { status: 'pending' }
  | { status: 'held'; reservation: Reservation }
  | { status: 'failed'; error: unknown };

// A release still on its way when the buyer comes back to the payment step: the next hold waits
// for it, or the server would answer the old hold and then cancel it under the buyer's feet.
let pendingRelease: Promise<unknown> = Promise.resolve();

/**
 * The payment step's hold on the ticket (spec 01 §2): made when the step opens, released when the
 * buyer leaves it unpaid — another page of the app (DELETE) or the tab closing (a beacon). A page
 * the browser keeps and shows again (back-forward cache) holds the ticket anew.
 */
export function useReservationHold(ticketId: string, priceCents: number) {
  const [state, setState] = useState<HoldState>({ status: 'pending' });
  const [attempt, setAttempt] = useState(0);
  const request = useRef<{ key: string; hold: Promise<Reservation> } | null>(null);
  const mounted = useRef(false);
  /** The buyer has sent the payment: the hold is the payment's now, not for leaving to release. */
  const submitted = useRef(false);

  useEffect(() => {
    mounted.current = true;
    const key = `${ticketId}:${priceCents}:${attempt}`;
    // React's StrictMode mounts twice in development: the second mount takes the first one's request.
    if (request.current?.key !== key)
      request.current = {
        key,
        hold: pendingRelease.then(() => createReservation(ticketId, priceCents)),
      };
    const { hold } = request.current;
    let current = true;
    let held: Reservation | undefined;
    setState({ status: 'pending' });
    hold.then(
      (reservation) => {
        held = reservation;
        if (current) setState({ status: 'held', reservation });
      },
      (error: unknown) => {
        if (current) setState({ status: 'failed', error });
      },
    );

    const onPageHide = () => {
      if (held && !submitted.current) cancelReservationOnExit(ticketId, held.paymentIntentId);
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted && !submitted.current) setAttempt((n) => n + 1);
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      current = false;
      mounted.current = false;
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      // Left for good only if no mount follows at once (StrictMode, a new attempt). A hold still
      // on its way is released when it arrives.
      setTimeout(() => {
        if (mounted.current || submitted.current) return;
        pendingRelease = hold
          .then((reservation) => cancelReservation(ticketId, reservation.paymentIntentId))
          .catch(() => {
            // Not held, or the server is away: the hold ends by itself when its time runs out.
          });
      });
    };
  }, [ticketId, priceCents, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const setSubmitted = useCallback((value: boolean) => {
    submitted.current = value;
  }, []);
  return { state, retry, setSubmitted };
}

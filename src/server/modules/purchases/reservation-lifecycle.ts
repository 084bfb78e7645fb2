import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { type ReservationStatus, reservations } from '../../db/schema/index.ts';

/**
 * Every status change a reservation can make, with the statuses it may start from (README.md
 * draws them). A change is one UPDATE whose WHERE holds the allowed statuses, so of two racing
 * calls (the webhook and the sweep, two deliveries of one event) exactly one wins.
 *
 * A payment may still arrive for a reservation the buyer left (`canceled`) or the sweep ended
 * (`expired`) until the provider has cancelled its intent, so both may still succeed or lose.
 */
export const reservationTransitions = {
  succeed: { from: ['open', 'canceled', 'expired'], to: 'succeeded' },
  loseTicket: { from: ['open', 'canceled', 'expired'], to: 'refund_pending' },
  refund: { from: ['refund_pending'], to: 'refunded' },
  cancel: { from: ['open'], to: 'canceled' },
  expire: { from: ['open'], to: 'expired' },
} as const satisfies Record<string, { from: readonly ReservationStatus[]; to: ReservationStatus }>;

export type ReservationTransition = keyof typeof reservationTransitions;
export type ReservationRow = typeof reservations.$inferSelect;

/** Statuses in which a reservation has ended with nothing more to do. */
export const finishedStatuses: readonly ReservationStatus[] = ['succeeded', 'refunded'];

/** Moves one reservation, if its status allows; returns it as it is now, or undefined if it lost. */
export async function moveReservation(
  executor: Executor,
  reservationId: string,
  transition: ReservationTransition,
  columns: PgUpdateSetSource<typeof reservations> = {},
): Promise<ReservationRow | undefined> {
  const { from, to } = reservationTransitions[transition];
  const [moved] = await executor
    .update(reservations)
    .set({ ...columns, status: to, updatedAt: sql`now()` })
    .where(and(eq(reservations.id, reservationId), inArray(reservations.status, [...from])))
    .returning();
  return moved;
}

/**
 * Whether some reservation of the listing in `listingId` may still be paid: open, or ended by us
 * while the provider has not yet confirmed its intent cancelled. As long as one may, the listing's
 * price must not move (the sale takes the reservation's amounts, but the seller would be shown a
 * price nobody pays). A SQL condition, so that the listing's own conditional UPDATE checks it.
 */
export function reservationMayStillBePaid(listingId: PgColumn | SQL): SQL {
  return sql`exists (
    select 1 from ${reservations}
    where ${reservations.listingId} = ${listingId}
      and (${reservations.status} = 'open'
        or (${reservations.status} in ('canceled', 'expired')
          and ${reservations.paymentIntentId} is not null
          and ${reservations.intentStatus} is distinct from 'canceled')))`;
}

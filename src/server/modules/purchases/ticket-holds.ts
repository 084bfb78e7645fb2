import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ticketPageMessages, ticketReservedMessage } from '#shared/browsing/ticket-messages.ts';
import { isPurchasable } from '#shared/listings/listing-rules.ts';
import { calculatePrices } from '#shared/pricing.ts';
import type { Reservation } from '#shared/purchases/purchase.schema.ts';
import { AppError } from '../../app-error.ts';
import type { Db, Executor } from '../../db/client.ts';
import { reservations } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { PaymentProvider } from '../../platform/payments/payment-provider.ts';
import type { ListingLifecycle } from '../listings/listing-lifecycle.ts';
import { findListingWithSeller, type Listing } from '../listings/listings.service.ts';
import { moveReservation, type ReservationRow } from './reservation-lifecycle.ts';

// Holding a ticket while its buyer pays (spec 01 §3, §7: create-intent, validate-reservation,
// cancel-reservation). One buyer's reservations are made one at a time (a lock per buyer), so the
// limits on what one account may hold cannot be slipped past by parallel requests, and a second
// tab of the same buyer finds the first tab's hold instead of being told someone else has it.

export interface TicketHoldsDeps {
  db: Db;
  listings: ListingLifecycle;
  payments: PaymentProvider;
  log: FastifyBaseLogger;
  reservationMinutes: number;
}

/**
 * What one account may hold (docs/decisions/016): a person pays for one ticket at a time, maybe
 * a few in tabs; more is hoarding. Holds ended without payment (left or lapsed) also count for an
 * hour, so nobody keeps a set of tickets by holding them again each time the holds run out.
 */
export const holdLimits = { live: 3, abandonedPerHour: 8 } as const;

export class TicketHolds {
  private readonly deps: TicketHoldsDeps;

  constructor(deps: TicketHoldsDeps) {
    this.deps = deps;
  }

  /**
   * create-intent: the buyer's own live reservation of the listing if there is one (another tab,
   * a reload: same hold, same intent, no longer time); else the checks in the spec's order and
   * the buyer's limits, then the hold and the reservation with its price snapshot, in one
   * transaction; then the payment intent.
   */
  async reserve(listingId: string, buyerId: string, priceCents: number): Promise<Reservation> {
    const reservation = await inTransaction(this.deps.db, async (transaction) => {
      const { tx } = transaction;
      // Held to the end of the transaction: this buyer's next request waits for this one.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`hold:${buyerId}`}, 0))`);
      const own = await liveReservation(tx, listingId, buyerId);
      if (own) return own;
      const limitReached = await holdLimitReached(tx, buyerId);
      const listing = limitReached
        ? undefined
        : await this.deps.listings.hold(tx, {
            listingId,
            buyerId,
            listingPriceCents: priceCents,
            minutes: this.deps.reservationMinutes,
          });
      if (!listing?.heldUntil) {
        await this.explainRefusal(tx, listingId, buyerId, priceCents);
        throw new AppError(limitReached ?? 'ticket_reserved');
      }
      const prices = calculatePrices(listing.sellingPriceCents, listing.additionalFeesCents);
      // A stored price that does not follow from the seller's price is never charged (the
      // transaction's end undoes the hold).
      if (listing.listingPriceCents !== prices.listingPriceCents) throw new AppError('invalid_price');
      const [opened] = await tx
        .insert(reservations)
        .values({
          listingId,
          buyerId,
          provider: this.deps.payments.kind,
          amountCents: prices.listingPriceCents,
          serviceFeeCents: prices.serviceFeeCents,
          sellerReceivableCents: prices.sellerReceivableCents,
          expiresAt: listing.heldUntil,
        })
        .returning();
      if (!opened) throw new Error('reservation insert returned nothing');
      return opened;
    });
    return this.toReservation(await this.withIntent(reservation));
  }

  /**
   * The reservation's payment intent, created if it has none yet. The reservation's id is the
   * idempotency key, so the first tab's request and a second tab's make one intent between them.
   */
  private async withIntent(reservation: ReservationRow): Promise<ReservationRow> {
    if (reservation.paymentIntentId) return reservation;
    const { db, payments, log } = this.deps;
    const found = await findListingWithSeller(db, reservation.listingId);
    try {
      const intent = await payments.createIntent(
        {
          amountCents: reservation.amountCents,
          currency: 'eur',
          description: `${found?.listing.eventName ?? ''} (${found?.listing.ticketCount ?? 1} kpl)`,
          metadata: {
            ticketId: reservation.listingId,
            buyerId: reservation.buyerId,
            reservationId: reservation.id,
          },
        },
        reservation.id,
      );
      const [ready] = await db
        .update(reservations)
        .set({
          paymentIntentId: intent.id,
          clientSecret: intent.clientSecret,
          intentStatus: intent.status,
          updatedAt: sql`now()`,
        })
        .where(eq(reservations.id, reservation.id))
        .returning();
      return ready ?? reservation;
    } catch (error) {
      log.error({ err: error, reservationId: reservation.id }, 'creating the payment intent failed');
      await this.end(reservation, 'cancel');
      throw new AppError('payment_setup_failed');
    }
  }

  /** validate-reservation: the buyer's reservation by its intent, still open and in time. */
  async validate(listingId: string, buyerId: string, paymentIntentId: string): Promise<Date> {
    const [row] = await this.deps.db
      .select()
      .from(reservations)
      .where(
        and(
          eq(reservations.listingId, listingId),
          eq(reservations.buyerId, buyerId),
          eq(reservations.paymentIntentId, paymentIntentId),
        ),
      );
    return assertOpen(row).expiresAt;
  }

  /** The test-mode card form may pay only the buyer's own open reservation, while it lasts. */
  async assertPayable(buyerId: string, clientSecret: string): Promise<void> {
    const [row] = await this.deps.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.clientSecret, clientSecret), eq(reservations.buyerId, buyerId)));
    assertOpen(row);
  }

  /**
   * cancel-reservation: the buyer left without paying. The listing is free at once; the intent
   * is cancelled at the provider afterwards (one that was paid meanwhile settles as usual).
   * Returns the intents to cancel.
   */
  async cancel(listingId: string, buyerId: string, paymentIntentId?: string): Promise<string[]> {
    const open = await this.deps.db
      .select()
      .from(reservations)
      .where(
        and(
          openReservationOf(listingId, buyerId),
          paymentIntentId ? eq(reservations.paymentIntentId, paymentIntentId) : undefined,
        ),
      );
    const ended: string[] = [];
    for (const row of open) {
      if ((await this.end(row, 'cancel')) && row.paymentIntentId) ended.push(row.paymentIntentId);
    }
    return ended;
  }

  /** Ends an open reservation without money and frees its hold; false when it had ended already. */
  private end(row: ReservationRow, transition: 'cancel' | 'expire'): Promise<boolean> {
    return inTransaction(this.deps.db, async ({ tx }) => {
      if (!(await moveReservation(tx, row.id, transition))) return false;
      await this.deps.listings.releaseHold(tx, row.listingId, row.buyerId);
      return true;
    });
  }

  /** Why a listing could not be held, as the spec's checks in order say; silent if none applies. */
  private async explainRefusal(
    executor: Executor,
    listingId: string,
    buyerId: string,
    priceCents: number,
  ): Promise<void> {
    const found = await findListingWithSeller(executor, listingId);
    if (!found) throw new AppError('not-found', { message: ticketPageMessages.notFound });
    const { listing } = found;
    if (listing.sellerId === buyerId) throw new AppError('own_ticket');
    if (!isPurchasable(listing, new Date())) throw new AppError('ticket_unavailable');
    if (isHeldByAnother(listing, buyerId) && listing.heldUntil)
      throw new AppError('ticket_reserved', { message: ticketReservedMessage(listing.heldUntil) });
    const expected = calculatePrices(
      listing.sellingPriceCents,
      listing.additionalFeesCents,
    ).listingPriceCents;
    if (listing.listingPriceCents !== priceCents || listing.listingPriceCents !== expected)
      throw new AppError('invalid_price');
  }

  private toReservation(row: ReservationRow): Reservation {
    if (!row.paymentIntentId || !row.clientSecret) throw new AppError('payment_setup_failed');
    return {
      clientSecret: row.clientSecret,
      paymentIntentId: row.paymentIntentId,
      reservationExpiresAt: row.expiresAt.toISOString(),
      amountCents: row.amountCents,
      provider: this.deps.payments.kind,
      publishableKey: this.deps.payments.publishableKey,
    };
  }
}

const isHeldByAnother = (listing: Listing, buyerId: string) =>
  listing.heldBy !== buyerId && listing.heldUntil !== null && listing.heldUntil.getTime() > Date.now();

function assertOpen(row: ReservationRow | undefined): ReservationRow {
  if (row?.status !== 'open') throw new AppError('reservation_invalid');
  if (row.expiresAt.getTime() <= Date.now()) throw new AppError('reservation_expired');
  return row;
}

/** Holds that last right now, every buyer's (a gauge of the metrics; the open-status index finds them). */
export async function countLiveHolds(executor: Executor): Promise<number> {
  const [row] = await executor
    .select({ live: count() })
    .from(reservations)
    .where(and(eq(reservations.status, 'open'), gt(reservations.expiresAt, sql`now()`)));
  return row?.live ?? 0;
}

/** The buyer's open reservations of the listing (at most one lasts; others await the sweep). */
const openReservationOf = (listingId: string, buyerId: string) =>
  and(
    eq(reservations.listingId, listingId),
    eq(reservations.buyerId, buyerId),
    eq(reservations.status, 'open'),
  );

/** The buyer's open reservation of this listing whose hold still lasts. */
async function liveReservation(
  executor: Executor,
  listingId: string,
  buyerId: string,
): Promise<ReservationRow | undefined> {
  const [row] = await executor
    .select()
    .from(reservations)
    .where(and(openReservationOf(listingId, buyerId), gt(reservations.expiresAt, sql`now()`)))
    .orderBy(desc(reservations.createdAt))
    .limit(1);
  return row;
}

/** Which of the buyer's limits a new hold would break, if any (the caller holds the buyer's lock). */
async function holdLimitReached(
  executor: Executor,
  buyerId: string,
): Promise<'too_many_holds' | 'too_many_abandoned_holds' | undefined> {
  const [counts] = await executor
    .select({
      live: count(
        sql`case when ${reservations.status} = 'open' and ${reservations.expiresAt} > now() then 1 end`,
      ),
      abandoned: count(
        sql`case when ${inArray(reservations.status, ['canceled', 'expired'])} and ${reservations.createdAt} > now() - interval '1 hour' then 1 end`,
      ),
    })
    .from(reservations)
    .where(and(eq(reservations.buyerId, buyerId), gt(reservations.createdAt, sql`now() - interval '1 day'`)));
  if ((counts?.live ?? 0) >= holdLimits.live) return 'too_many_holds';
  if ((counts?.abandoned ?? 0) >= holdLimits.abandonedPerHour) return 'too_many_abandoned_holds';
  return undefined;
}

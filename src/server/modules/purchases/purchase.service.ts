import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ticketPageMessages } from '#shared/browsing/ticket-messages.ts';
import { helsinkiDate, helsinkiDateTime } from '#shared/dates.ts';
import { calculatePrices } from '#shared/pricing.ts';
import { paymentLookupMessages } from '#shared/purchases/payment-messages.ts';
import type {
  PaymentErrorCode,
  PaymentLookup,
  PaymentStatus,
  PaymentVerification,
  Reservation,
} from '#shared/purchases/purchase.schema.ts';
import { AppError } from '../../app-error.ts';
import type { Db } from '../../db/client.ts';
import { paymentEvents, reservations, sales } from '../../db/schema/index.ts';
import { inTransaction, type Transaction } from '../../db/transaction.ts';
import type { MailQueued } from '../../platform/mail/outbox.ts';
import type {
  PaymentEvent,
  PaymentIntent,
  PaymentProvider,
} from '../../platform/payments/payment-provider.ts';
import type { ListingLifecycle } from '../listings/listing-lifecycle.ts';
import { findListingWithSeller, type Listing } from '../listings/listings.service.ts';
import { startPayoutTracking } from '../payouts/payouts.service.ts';
import { queueReceipt, queueRefundNotice, queueSaleNotice } from './purchase-mails.ts';

// Buying (spec 01 §2-§4, §7): a buyer holds a listing while paying, the provider's events settle
// the payment, and a paid intent always ends as a sale or a refund — never money without a ticket.

type ReservationRow = typeof reservations.$inferSelect;

export interface PurchasesDeps {
  db: Db;
  listings: ListingLifecycle;
  payments: PaymentProvider;
  mailQueued: MailQueued;
  log: FastifyBaseLogger;
  publicUrl: string;
  reservationMinutes: number;
}

/** How long an expired hold's intent is left alone before the sweep cancels it (a slow bank). */
const sweepGraceMinutes = 1;
/** A refund that failed is tried again by the sweep after this long. */
const refundRetryMinutes = 2;

/** Statuses in which a reservation has ended with nothing more to do. */
const finished: ReservationRow['status'][] = ['succeeded', 'refunded'];

export class Purchases {
  private readonly deps: PurchasesDeps;

  constructor(deps: PurchasesDeps) {
    this.deps = deps;
  }

  /**
   * create-intent: checks in the spec's order, then holds the listing for the buyer in one
   * conditional update, then creates the payment intent. The same buyer asking again while their
   * hold lasts gets the same intent back.
   */
  async reserve(listingId: string, buyerId: string, priceCents: number): Promise<Reservation> {
    const { db, listings } = this.deps;
    // The hold's conditions are the checks, and it decides the race in one statement (no
    // transaction to wait for): should this process stop before the reservation row is
    // written, the hold simply runs out.
    const listing = await listings.hold(db, {
      listingId,
      buyerId,
      listingPriceCents: priceCents,
      minutes: this.deps.reservationMinutes,
    });
    if (!listing?.heldUntil) {
      // Not held: the checks in the spec's order say why, or it is the buyer's own live hold.
      const current = await this.purchasableListing(listingId, buyerId, priceCents);
      const own = current.heldBy === buyerId ? await this.liveReservation(listingId, buyerId) : undefined;
      if (own) return this.toReservation(own);
      throw new AppError('ticket_reserved');
    }
    if (listing.listingPriceCents !== expectedBuyerPrice(listing)) {
      await listings.releaseHold(db, listingId, buyerId);
      throw new AppError('invalid_price');
    }
    const [reservation] = await db
      .insert(reservations)
      .values({
        listingId,
        buyerId,
        provider: this.deps.payments.kind,
        amountCents: listing.listingPriceCents,
        expiresAt: listing.heldUntil,
      })
      .returning();
    if (!reservation) throw new Error('reservation insert returned nothing');

    try {
      // The reservation's id is the idempotency key: a retried call never makes two intents.
      const intent = await this.deps.payments.createIntent(
        {
          amountCents: reservation.amountCents,
          currency: 'eur',
          description: `${listing.eventName} (${listing.ticketCount} kpl)`,
          metadata: { ticketId: listingId, buyerId, reservationId: reservation.id },
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
      return this.toReservation(ready ?? reservation);
    } catch (error) {
      this.deps.log.error(
        { err: error, reservationId: reservation.id },
        'creating the payment intent failed',
      );
      await this.endReservation(reservation, 'canceled');
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
    if (row?.status !== 'open') throw new AppError('reservation_invalid');
    if (row.expiresAt.getTime() <= Date.now()) throw new AppError('reservation_expired');
    return row.expiresAt;
  }

  /** The test-mode card form may pay only the buyer's own open reservation, while it lasts. */
  async assertPayable(buyerId: string, clientSecret: string): Promise<void> {
    const [row] = await this.deps.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.clientSecret, clientSecret), eq(reservations.buyerId, buyerId)));
    if (row?.status !== 'open') throw new AppError('reservation_invalid');
    if (row.expiresAt.getTime() <= Date.now()) throw new AppError('reservation_expired');
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
          eq(reservations.listingId, listingId),
          eq(reservations.buyerId, buyerId),
          eq(reservations.status, 'open'),
          paymentIntentId ? eq(reservations.paymentIntentId, paymentIntentId) : undefined,
        ),
      );
    const ended: string[] = [];
    for (const row of open) {
      if ((await this.endReservation(row, 'canceled')) && row.paymentIntentId)
        ended.push(row.paymentIntentId);
    }
    return ended;
  }

  /** Cancels intents at the provider; one that was paid after all settles (a sale or a refund). */
  async cancelIntents(paymentIntentIds: string[]): Promise<void> {
    for (const id of paymentIntentIds) {
      const intent = await this.deps.payments.cancelIntent(id);
      if (intent.status !== 'canceled') await this.settle(intent);
    }
  }

  /**
   * A provider event: verified by the caller, its id recorded in the same transaction as its
   * effect, so the same event twice — or two at once — acts once. Only the ids are taken from
   * the event; the intent itself is asked from the provider — unless the event was handled
   * before (a redelivery), which needs no call to the provider at all.
   */
  async handleEvent(event: PaymentEvent): Promise<void> {
    const [handled] = await this.deps.db
      .select({ eventId: paymentEvents.eventId })
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, event.id));
    if (handled) return;
    const intent = await this.deps.payments.retrieveIntent(event.paymentIntentId);
    await this.settle(intent, event);
  }

  /**
   * Brings our records in line with the intent as the provider reports it. A paid intent
   * becomes a sale if the listing is still the buyer's to have, otherwise its money goes back.
   */
  async settle(intent: PaymentIntent, event?: PaymentEvent): Promise<void> {
    const { db, listings } = this.deps;
    const toRefund = await inTransaction(db, async (transaction) => {
      const { tx } = transaction;
      if (event) {
        const recorded = await tx
          .insert(paymentEvents)
          .values({ eventId: event.id, type: event.type, paymentIntentId: event.paymentIntentId })
          .onConflictDoNothing()
          .returning({ eventId: paymentEvents.eventId });
        if (recorded.length === 0) return undefined;
      }
      // A row another process holds too long: give up, and let the provider deliver again (503).
      await tx.execute(sql`set local lock_timeout = '5s'`);
      const [reservation] = await tx
        .select()
        .from(reservations)
        .where(eq(reservations.paymentIntentId, intent.id))
        .for('update');
      if (!reservation) {
        this.deps.log.warn({ paymentIntentId: intent.id }, 'payment event for an intent we do not know');
        return undefined;
      }
      if (finished.includes(reservation.status) || reservation.status === 'refund_pending') return undefined;

      if (intent.status !== 'succeeded') {
        if (reservation.status !== 'open') return undefined;
        await tx
          .update(reservations)
          .set({
            status: intent.status === 'canceled' ? 'canceled' : 'open',
            intentStatus: intent.status,
            lastErrorCode: intent.lastErrorCode,
            updatedAt: sql`now()`,
          })
          .where(eq(reservations.id, reservation.id));
        if (intent.status === 'canceled')
          await listings.releaseHold(tx, reservation.listingId, reservation.buyerId);
        return undefined;
      }

      // Paid. The intent must be the one we made for this listing and amount.
      const matches =
        intent.amountCents === reservation.amountCents &&
        intent.metadata.ticketId === reservation.listingId &&
        intent.currency === 'eur';
      if (!matches)
        this.deps.log.error({ paymentIntentId: intent.id }, 'paid intent does not match its reservation');
      if (matches && (await listings.markSold(transaction, reservation.listingId, reservation.buyerId))) {
        await this.recordSale(transaction, reservation, intent);
        return undefined;
      }
      await tx
        .update(reservations)
        .set({ status: 'refund_pending', intentStatus: intent.status, updatedAt: sql`now()` })
        .where(eq(reservations.id, reservation.id));
      return reservation;
    });
    if (toRefund) await this.refund(toRefund);
  }

  /** The sale, its payout tracking and both mails, in the transaction that sold the listing. */
  private async recordSale(
    { tx, afterCommit }: Transaction,
    reservation: ReservationRow,
    intent: PaymentIntent,
  ): Promise<void> {
    const found = await findListingWithSeller(tx, reservation.listingId);
    if (!found) throw new Error(`sold listing ${reservation.listingId} vanished`);
    const { listing } = found;
    const [sale] = await tx
      .insert(sales)
      .values({
        listingId: listing.id,
        reservationId: reservation.id,
        buyerId: reservation.buyerId,
        sellerId: listing.sellerId,
        paymentIntentId: intent.id,
        pricePaidCents: intent.amountCents,
        serviceFeeCents: listing.serviceFeeCents,
        sellerReceivableCents: listing.sellerReceivableCents,
        eventDate: listing.eventDate,
        eventName: listing.eventName,
      })
      .returning();
    if (!sale) throw new Error('sale insert returned nothing');
    await startPayoutTracking(tx, sale);
    await tx
      .update(reservations)
      .set({ status: 'succeeded', intentStatus: intent.status, lastErrorCode: null, updatedAt: sql`now()` })
      .where(eq(reservations.id, reservation.id));
    await queueReceipt(tx, this.deps.publicUrl, reservation.buyerId, listing, sale.pricePaidCents);
    await queueSaleNotice(tx, this.deps.publicUrl, listing.sellerId, listing, sale.sellerReceivableCents);
    afterCommit(this.deps.mailQueued);
  }

  /**
   * Gives a paid intent's money back (the ticket went to someone else). The provider's
   * idempotency key is the reservation's, so a retry never refunds twice; the buyer is told once.
   */
  private async refund(reservation: ReservationRow): Promise<void> {
    const { db, payments, log } = this.deps;
    if (!reservation.paymentIntentId) return;
    try {
      await payments.refund(reservation.paymentIntentId, `refund-${reservation.id}`);
    } catch (error) {
      log.error({ err: error, reservationId: reservation.id }, 'refund failed; the sweep tries again');
      return;
    }
    await inTransaction(db, async ({ tx, afterCommit }) => {
      const [refunded] = await tx
        .update(reservations)
        .set({ status: 'refunded', updatedAt: sql`now()` })
        .where(and(eq(reservations.id, reservation.id), eq(reservations.status, 'refund_pending')))
        .returning();
      if (!refunded) return;
      const found = await findListingWithSeller(tx, reservation.listingId);
      if (found)
        await queueRefundNotice(
          tx,
          this.deps.publicUrl,
          reservation.buyerId,
          found.listing,
          refunded.amountCents,
        );
      afterCommit(this.deps.mailQueued);
    });
    log.warn({ reservationId: reservation.id }, 'a payment that lost the ticket was refunded');
  }

  /** checkPaymentStatus: what our records say about the buyer's payment for this listing. */
  async status(listingId: string, buyerId: string): Promise<PaymentStatus> {
    const latest = await this.latestReservation(listingId, buyerId);
    return statusOf(latest);
  }

  /** verifyPaymentDirectly: asks the provider now, settles what it says, then answers. */
  async verify(listingId: string, buyerId: string): Promise<PaymentVerification> {
    const latest = await this.latestReservation(listingId, buyerId);
    if (latest?.paymentIntentId && !finished.includes(latest.status)) {
      try {
        await this.settle(await this.deps.payments.retrieveIntent(latest.paymentIntentId));
      } catch (error) {
        this.deps.log.error({ err: error, reservationId: latest.id }, 'direct payment verification failed');
        return { success: false, errorCode: 'verification_error' };
      }
    }
    const { status, errorCode } = statusOf(await this.latestReservation(listingId, buyerId));
    // Still no answer after the wait: the payment is being processed (spec 01 §8 panel).
    return { success: status === 'success', errorCode: status === 'pending' ? 'processing' : errorCode };
  }

  /** The success page after a provider redirect: the buyer's payment by its client secret. */
  async lookup(buyerId: string, clientSecret: string): Promise<PaymentLookup> {
    const [row] = await this.deps.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.clientSecret, clientSecret), eq(reservations.buyerId, buyerId)));
    const found = row && (await findListingWithSeller(this.deps.db, row.listingId));
    if (!row?.paymentIntentId || !found)
      throw new AppError('not-found', { message: paymentLookupMessages.notFound });
    const intent = await this.deps.payments.retrieveIntent(row.paymentIntentId);
    return {
      intentStatus: intent.status,
      ticketId: row.listingId,
      eventName: found.listing.eventName,
      priceCents: row.amountCents,
    };
  }

  /**
   * The periodic sweep: holds are lazy (an expired one frees the listing by itself), but their
   * intents must still be cancelled so nobody pays an abandoned one; refunds that failed are
   * retried. Claims with conditional updates, so several processes may run it at once.
   */
  async sweep(): Promise<{ expired: number; refunded: number }> {
    const { db } = this.deps;
    const expired = await db
      .update(reservations)
      .set({ status: 'expired', updatedAt: sql`now()` })
      .where(
        and(
          eq(reservations.status, 'open'),
          lt(reservations.expiresAt, sql`now() - make_interval(mins => ${sweepGraceMinutes})`),
        ),
      )
      .returning();
    const intents = expired.flatMap((row) => (row.paymentIntentId ? [row.paymentIntentId] : []));
    for (const id of intents) {
      try {
        await this.cancelIntents([id]);
      } catch (error) {
        this.deps.log.error({ err: error, paymentIntentId: id }, 'cancelling an abandoned intent failed');
      }
    }
    const stuck = await db
      .select()
      .from(reservations)
      .where(
        and(
          eq(reservations.status, 'refund_pending'),
          lt(reservations.updatedAt, sql`now() - make_interval(mins => ${refundRetryMinutes})`),
        ),
      );
    for (const row of stuck) await this.refund(row);
    return { expired: expired.length, refunded: stuck.length };
  }

  /** Ends an open reservation without money and frees its hold; false when it had ended already. */
  private async endReservation(row: ReservationRow, status: 'canceled' | 'expired'): Promise<boolean> {
    return inTransaction(this.deps.db, async ({ tx }) => {
      const [ended] = await tx
        .update(reservations)
        .set({ status, updatedAt: sql`now()` })
        .where(and(eq(reservations.id, row.id), eq(reservations.status, 'open')))
        .returning({ id: reservations.id });
      if (!ended) return false;
      await this.deps.listings.releaseHold(tx, row.listingId, row.buyerId);
      return true;
    });
  }

  /** The buyer-facing checks of spec 01 §8, in order, against the listing as it is now. */
  private async purchasableListing(listingId: string, buyerId: string, priceCents: number): Promise<Listing> {
    const found = await findListingWithSeller(this.deps.db, listingId);
    if (!found) throw new AppError('not-found', { message: ticketPageMessages.notFound });
    const { listing } = found;
    if (listing.sellerId === buyerId) throw new AppError('own_ticket');
    if (listing.status !== 'listed' || listing.eventDate < startOfTodayInHelsinki())
      throw new AppError('ticket_unavailable');
    if (listing.heldBy !== buyerId && listing.heldUntil && listing.heldUntil.getTime() > Date.now())
      throw new AppError('ticket_reserved');
    const expected = calculatePrices(
      listing.sellingPriceCents,
      listing.additionalFeesCents,
    ).listingPriceCents;
    if (listing.listingPriceCents !== priceCents || listing.listingPriceCents !== expected)
      throw new AppError('invalid_price');
    return listing;
  }

  /** The buyer's open reservation of this listing whose hold still lasts, with its intent. */
  private async liveReservation(listingId: string, buyerId: string): Promise<ReservationRow | undefined> {
    const [row] = await this.deps.db
      .select()
      .from(reservations)
      .where(
        and(
          eq(reservations.listingId, listingId),
          eq(reservations.buyerId, buyerId),
          eq(reservations.status, 'open'),
          sql`${reservations.expiresAt} > now()`,
          sql`${reservations.paymentIntentId} is not null`,
        ),
      )
      .orderBy(desc(reservations.createdAt))
      .limit(1);
    return row;
  }

  private async latestReservation(listingId: string, buyerId: string): Promise<ReservationRow | undefined> {
    const [row] = await this.deps.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.listingId, listingId), eq(reservations.buyerId, buyerId)))
      .orderBy(desc(reservations.createdAt))
      .limit(1);
    return row;
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

/** What the buyer must pay by the price rule: a stored price that differs is not charged. */
const expectedBuyerPrice = (listing: Listing) =>
  calculatePrices(listing.sellingPriceCents, listing.additionalFeesCents).listingPriceCents;

const startOfTodayInHelsinki = () => helsinkiDateTime(helsinkiDate(new Date()), '00:00');

/** Intent statuses of an open reservation that end the waiting at once, with their panel. */
const errorCodeByIntentStatus: Record<string, PaymentErrorCode | undefined> = {
  requires_action: 'requires_action',
  canceled: 'payment_canceled',
};

/** The waiting page's answer for the buyer's latest reservation of a listing. */
function statusOf(row: ReservationRow | undefined): PaymentStatus {
  if (!row) return { status: 'failed', errorCode: 'verification_error' };
  switch (row.status) {
    case 'succeeded':
      return { status: 'success', errorCode: null };
    case 'refund_pending':
    case 'refunded':
      return { status: 'failed', errorCode: 'refunded' };
    case 'canceled':
      return { status: 'failed', errorCode: 'payment_canceled' };
    case 'expired':
      return { status: 'failed', errorCode: 'reservation_expired' };
    case 'open': {
      if (row.intentStatus === 'requires_payment_method' && row.lastErrorCode)
        return { status: 'failed', errorCode: 'payment_failed' };
      const code = errorCodeByIntentStatus[row.intentStatus ?? ''];
      return code ? { status: 'failed', errorCode: code } : { status: 'pending', errorCode: null };
    }
  }
}

import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentIssue } from '#shared/admin/payouts.schema.ts';
import type { Db, Executor } from '../../db/client.ts';
import { paymentAdjustments, paymentEvents, reservations, sales } from '../../db/schema/index.ts';
import { inTransaction, type Transaction } from '../../db/transaction.ts';
import type { MailQueued } from '../../platform/mail/outbox.ts';
import {
  type PaymentCharge,
  type PaymentDispute,
  type PaymentEvent,
  type PaymentIntent,
  type PaymentProvider,
  UnknownPaymentObjectError,
} from '../../platform/payments/payment-provider.ts';
import type { ListingLifecycle } from '../listings/listing-lifecycle.ts';
import { findListingWithSeller } from '../listings/listings.service.ts';
import { applyPaymentIssue, startPayoutTracking } from '../payouts/payout-lifecycle.ts';
import {
  queuePaymentIssueNotices,
  queueReceipt,
  queueRefundConfirmed,
  queueRefundNotice,
  queueSaleNotice,
} from './purchase-mails.ts';
import { finishedStatuses, moveReservation, type ReservationRow } from './reservation-lifecycle.ts';
import { isRefundWeAskedFor } from './sale-refunds.ts';

// Settling payments (spec 01 §7): the provider's events, the sweep and the waiting page's direct
// check bring our records in line with what the provider says. A paid intent always ends as a
// sale or a refund — never money without a ticket — and a sale's amounts are its reservation's
// snapshot. Refunds and disputes made at the provider after a sale hold or cancel its payout.

export interface PaymentSettlementDeps {
  db: Db;
  listings: ListingLifecycle;
  payments: PaymentProvider;
  mailQueued: MailQueued;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** The business ID the receipts carry. */
  businessId: string;
}

/** How long an expired hold's intent is left alone before the sweep cancels it (a slow bank). */
const sweepGraceMinutes = 1;
/** A refund or an intent cancellation that failed is tried again by the sweep after this long. */
const retryMinutes = 2;

export class PaymentSettlement {
  private readonly deps: PaymentSettlementDeps;

  constructor(deps: PaymentSettlementDeps) {
    this.deps = deps;
  }

  /**
   * A provider event: verified by the caller, its id recorded in the same transaction as its
   * effect, so the same event twice — or two at once — acts once. Only the ids are taken from
   * the event; the object itself is asked from the provider — unless the event was handled
   * before (a redelivery), which needs no call to the provider at all. An event about an object
   * the provider does not know is acknowledged (asking again would not help); one the provider
   * cannot be asked about now throws, and the route answers 503 for a later delivery.
   */
  async handleEvent(event: PaymentEvent): Promise<void> {
    const [handled] = await this.deps.db
      .select({ eventId: paymentEvents.eventId })
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, event.id));
    if (handled) return;
    try {
      if (event.object === 'payment_intent')
        await this.settle(await this.deps.payments.retrieveIntent(event.objectId), event);
      else if (event.object === 'charge')
        await this.recordRefund(await this.deps.payments.retrieveCharge(event.objectId), event);
      else await this.recordDispute(await this.deps.payments.retrieveDispute(event.objectId), event);
    } catch (error) {
      if (!(error instanceof UnknownPaymentObjectError)) throw error;
      this.deps.log.warn(
        { eventId: event.id, type: event.type, objectId: event.objectId },
        'payment event about an object the provider does not know; acknowledged',
      );
      await this.deps.db.insert(paymentEvents).values(eventRow(event)).onConflictDoNothing();
    }
  }

  /**
   * Brings our records in line with the intent as the provider reports it. A paid intent
   * becomes a sale if the listing is still the buyer's to have, otherwise its money goes back.
   */
  async settle(intent: PaymentIntent, event?: PaymentEvent): Promise<void> {
    const { db, listings, log } = this.deps;
    const toRefund = await inTransaction(db, async (transaction) => {
      const { tx } = transaction;
      if (event && !(await recordEvent(tx, event))) return undefined;
      const reservation = await lockReservation(tx, eq(reservations.paymentIntentId, intent.id));
      if (!reservation) {
        log.warn({ paymentIntentId: intent.id }, 'payment event for an intent we do not know');
        return undefined;
      }
      if (finishedStatuses.includes(reservation.status) || reservation.status === 'refund_pending')
        return undefined;

      if (intent.status !== 'succeeded') {
        const seen = {
          intentStatus: intent.status,
          lastErrorCode: intent.lastErrorCode,
          updatedAt: sql`now()`,
        };
        if (reservation.status === 'open' && intent.status === 'canceled') {
          await moveReservation(tx, reservation.id, 'cancel', seen);
          await listings.releaseHold(tx, reservation.listingId, reservation.buyerId);
        } else {
          await tx.update(reservations).set(seen).where(eq(reservations.id, reservation.id));
        }
        return undefined;
      }

      // Paid. The intent must be the one we made for this reservation and its price snapshot.
      const matches =
        intent.amountCents === reservation.amountCents &&
        intent.currency === 'eur' &&
        intent.metadata.ticketId === reservation.listingId &&
        intent.metadata.reservationId === reservation.id;
      if (!matches) log.error({ paymentIntentId: intent.id }, 'paid intent does not match its reservation');
      if (matches && (await listings.markSold(transaction, reservation.listingId, reservation.buyerId))) {
        await this.recordSale(transaction, reservation, intent);
        return undefined;
      }
      return moveReservation(tx, reservation.id, 'loseTicket', { intentStatus: intent.status });
    });
    if (toRefund) await this.refund(toRefund);
  }

  /**
   * The sale, its payout tracking and both mails, in the transaction that sold the listing. The
   * amounts are the reservation's snapshot: what the intent was made for and the buyer paid.
   */
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
        pricePaidCents: reservation.amountCents,
        serviceFeeCents: reservation.serviceFeeCents,
        sellerReceivableCents: reservation.sellerReceivableCents,
        eventDate: listing.eventDate,
        eventName: listing.eventName,
      })
      .returning();
    if (!sale) throw new Error('sale insert returned nothing');
    await startPayoutTracking(tx, sale);
    await moveReservation(tx, reservation.id, 'succeed', {
      intentStatus: intent.status,
      lastErrorCode: null,
    });
    await queueReceipt(
      tx,
      { publicUrl: this.deps.publicUrl, businessId: this.deps.businessId },
      reservation.buyerId,
      listing,
      sale,
    );
    await queueSaleNotice(tx, this.deps.publicUrl, listing.sellerId, listing, sale);
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
      const refunded = await moveReservation(tx, reservation.id, 'refund');
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

  /** A refund made at the provider (its dashboard, a support case): the sale's payout follows it. */
  private async recordRefund(charge: PaymentCharge, event: PaymentEvent): Promise<void> {
    await this.adjustSale(event, charge.paymentIntentId, {
      providerId: charge.id,
      kind: 'refund',
      amountCents: charge.amountRefundedCents,
      status: charge.amountRefundedCents >= charge.amountCents ? 'refunded' : 'partially_refunded',
      reason: null,
    });
  }

  /** A card dispute (chargeback) opened, changed or closed at the provider. */
  private async recordDispute(dispute: PaymentDispute, event: PaymentEvent): Promise<void> {
    await this.adjustSale(event, dispute.paymentIntentId, {
      providerId: dispute.id,
      kind: 'dispute',
      amountCents: dispute.amountCents,
      status: dispute.status,
      reason: dispute.reason,
    });
  }

  /**
   * Records what the provider did to a sale's money and moves its payout to match, telling the
   * seller and the buyer when the payout's standing changed. A refund of a payment that never
   * became a sale (our own refund of a late payment) has nothing to adjust.
   */
  private async adjustSale(
    event: PaymentEvent,
    paymentIntentId: string,
    adjustment: Omit<typeof paymentAdjustments.$inferInsert, 'saleId'>,
  ): Promise<void> {
    await inTransaction(this.deps.db, async ({ tx, afterCommit }) => {
      if (!(await recordEvent(tx, event))) return;
      const [sale] = await tx
        .select()
        .from(sales)
        .where(eq(sales.paymentIntentId, paymentIntentId))
        .for('update');
      if (!sale) return;
      await tx
        .insert(paymentAdjustments)
        .values({ ...adjustment, saleId: sale.id })
        .onConflictDoUpdate({
          target: paymentAdjustments.providerId,
          set: {
            amountCents: adjustment.amountCents,
            status: adjustment.status,
            reason: adjustment.reason,
            updatedAt: sql`now()`,
          },
        });
      const issue = paymentIssueOf(
        sale.pricePaidCents,
        await tx.select().from(paymentAdjustments).where(eq(paymentAdjustments.saleId, sale.id)),
      );
      const changed = await applyPaymentIssue(tx, sale.id, issue);
      this.deps.log.warn({ saleId: sale.id, issue, eventType: event.type }, 'the provider adjusted a sale');
      if (!changed || !issue) return;
      const found = await findListingWithSeller(tx, sale.listingId);
      if (!found) return;
      // A refund we asked for: its decision told both people it was under way; the buyer now
      // hears that it is made.
      if (issue === 'refunded' && (await isRefundWeAskedFor(tx, sale.id)))
        await queueRefundConfirmed(tx, this.deps.publicUrl, sale.buyerId, found.listing, sale.pricePaidCents);
      else await queuePaymentIssueNotices(tx, this.deps.publicUrl, sale, found.listing, issue);
      afterCommit(this.deps.mailQueued);
    });
  }

  /** Cancels intents at the provider; one that was paid after all settles (a sale or a refund). */
  async cancelIntents(paymentIntentIds: string[]): Promise<void> {
    for (const id of paymentIntentIds) {
      try {
        await this.settle(await this.deps.payments.cancelIntent(id));
      } catch (error) {
        if (!(error instanceof UnknownPaymentObjectError)) throw error;
        // Nobody can pay an intent the provider does not have: as good as cancelled, so the
        // sweep stops asking and the listing's price is free again.
        await this.deps.db
          .update(reservations)
          .set({ intentStatus: 'canceled', updatedAt: sql`now()` })
          .where(eq(reservations.paymentIntentId, id));
      }
    }
  }

  /**
   * The periodic sweep: holds are lazy (an expired one frees the listing by itself), but their
   * intents must still be cancelled so nobody pays an abandoned one — and the cancellation is
   * asked again until the provider confirms it; refunds that failed are retried. Claims with
   * conditional updates, so several processes may run it at once.
   */
  async sweep(): Promise<{ expired: number; refunded: number }> {
    const { db, log } = this.deps;
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
    const uncancelled = await db
      .select({ id: reservations.paymentIntentId })
      .from(reservations)
      .where(
        and(
          inArray(reservations.status, ['canceled', 'expired']),
          isNotNull(reservations.paymentIntentId),
          sql`${reservations.intentStatus} is distinct from 'canceled'`,
          lt(reservations.updatedAt, sql`now() - make_interval(mins => ${retryMinutes})`),
        ),
      );
    const intents = [...expired.map((row) => row.paymentIntentId), ...uncancelled.map((row) => row.id)];
    for (const id of intents) {
      if (!id) continue;
      try {
        await this.cancelIntents([id]);
      } catch (error) {
        log.error({ err: error, paymentIntentId: id }, 'cancelling an abandoned intent failed');
      }
    }
    const stuck = await db
      .select()
      .from(reservations)
      .where(
        and(
          eq(reservations.status, 'refund_pending'),
          lt(reservations.updatedAt, sql`now() - make_interval(mins => ${retryMinutes})`),
        ),
      );
    for (const row of stuck) await this.refund(row);
    return { expired: expired.length, refunded: stuck.length };
  }
}

const eventRow = (event: PaymentEvent) => ({
  eventId: event.id,
  type: event.type,
  paymentIntentId: event.objectId,
});

/** Records an event as handled; false when another delivery of it got there first. */
async function recordEvent(executor: Executor, event: PaymentEvent): Promise<boolean> {
  const recorded = await executor
    .insert(paymentEvents)
    .values(eventRow(event))
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  return recorded.length > 0;
}

/** The reservation `where` selects, locked; a lock held over 5 s gives up (the provider retries). */
async function lockReservation(executor: Executor, where: ReturnType<typeof eq>) {
  await executor.execute(sql`set local lock_timeout = '5s'`);
  const [row] = await executor.select().from(reservations).where(where).for('update');
  return row;
}

/** Dispute statuses that leave the money with us. */
const disputeWonStatuses = ['won', 'warning_closed'];

/**
 * What a sale's refunds and disputes together mean for its payout, the gravest first: money gone
 * back (refunded in full, a dispute lost) cancels it; an open dispute or a partial refund holds
 * it for the admin; a dispute won releases it.
 */
export function paymentIssueOf(
  pricePaidCents: number,
  adjustments: readonly { kind: string; amountCents: number; status: string }[],
): PaymentIssue | null {
  const refunded = adjustments
    .filter((row) => row.kind === 'refund')
    .reduce((sum, row) => sum + row.amountCents, 0);
  const disputes = adjustments.filter((row) => row.kind === 'dispute');
  if (refunded >= pricePaidCents) return 'refunded';
  if (disputes.some((row) => row.status === 'lost')) return 'dispute_lost';
  if (disputes.some((row) => !disputeWonStatuses.includes(row.status))) return 'disputed';
  if (refunded > 0) return 'partially_refunded';
  if (disputes.length > 0) return 'dispute_won';
  return null;
}

import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client.ts';
import { paymentAdjustments, type saleRefundReasons, saleRefunds, sales } from '../../db/schema/index.ts';
import {
  type PaymentProvider,
  RefundRefusedError,
  UnknownPaymentObjectError,
} from '../../platform/payments/payment-provider.ts';
import { cancelPayoutOfRefundedSale } from '../payouts/payout-lifecycle.ts';

// Refunding a completed sale to its buyer through the payment provider (docs/decisions/035): a
// complaint upheld, or a cancelled event. This module owns sale_refunds.

export type SaleRefundReason = (typeof saleRefundReasons)[number];

/** How long a sender holds a refund before another may take it over (it died mid-way). */
const claimSeconds = 5 * 60;

/**
 * Tries before a refund is a failure a person must see (docs/decisions/035): the waits between
 * them double from a minute (1, 2, 4, 8, 16), so a provider's half-hour outage is ridden out.
 * A payment the provider does not know, or a refund it refuses for good, fails at once: asking
 * again cannot help.
 */
export const maxRefundAttempts = 6;
const retryAfterMinutes = (attempts: number) => 2 ** Math.max(attempts - 1, 0);

export interface RequestedRefund {
  /** False when the sale's refund had been asked for before: nothing new happened. */
  created: boolean;
  /** The sale's payout: cancelled now, or paid already (the money must be recovered from the seller). */
  payout: 'cancelled' | 'already_paid' | 'already_cancelled' | null;
}

export class SaleRefunds {
  private readonly db: Db;
  private readonly payments: PaymentProvider;
  private readonly log: FastifyBaseLogger;

  constructor(deps: { db: Db; payments: PaymentProvider; log: FastifyBaseLogger }) {
    this.db = deps.db;
    this.payments = deps.payments;
    this.log = deps.log;
  }

  /**
   * Records that the sale is refunded in full and cancels its payout, in the caller's transaction
   * (with the decision that caused it). Asked again, it finds the first request and does nothing:
   * one refund however often it is asked. Call `send` after the commit.
   */
  async request(
    executor: Executor,
    refund: { saleId: string; reason: SaleRefundReason; requestedBy: string | null },
  ): Promise<RequestedRefund> {
    const [sale] = await executor
      .select({ pricePaidCents: sales.pricePaidCents })
      .from(sales)
      .where(eq(sales.id, refund.saleId));
    if (!sale) throw new Error(`no sale ${refund.saleId} to refund`);
    const [created] = await executor
      .insert(saleRefunds)
      .values({ ...refund, amountCents: sale.pricePaidCents })
      .onConflictDoNothing({ target: saleRefunds.saleId })
      .returning({ saleId: saleRefunds.saleId });
    if (!created) return { created: false, payout: null };
    const payout = await cancelPayoutOfRefundedSale(executor, refund.saleId, refund.requestedBy ?? 'system');
    return { created: true, payout };
  }

  /**
   * Asks the provider to refund the sale, unless it already took the refund or another sender holds
   * it. The idempotency key is the sale's, so asking again after a crash never refunds twice.
   * Returns whether the provider has the refund now; a failure stays for `sendUnsent`.
   */
  async send(saleId: string): Promise<boolean> {
    return (await this.attempt(saleId)).outcome === 'sent';
  }

  /**
   * One try: 'failed' leaves the refund for a later try (after a wait that doubles), 'gave_up'
   * makes it a failure that waits for an admin (`retry`), with the provider's error.
   */
  private async attempt(
    saleId: string,
  ): Promise<{ outcome: 'sent' | 'failed' | 'gave_up' | 'not_due'; error?: string }> {
    const [claimed] = await this.db
      .update(saleRefunds)
      .set({
        claimedUntil: sql`now() + make_interval(secs => ${claimSeconds})`,
        attempts: sql`${saleRefunds.attempts} + 1`,
      })
      .where(and(eq(saleRefunds.saleId, saleId), isNull(saleRefunds.sentAt), unclaimed(), notGivenUp()))
      .returning({ saleId: saleRefunds.saleId, attempts: saleRefunds.attempts });
    if (!claimed) return { outcome: 'not_due' };
    const [sale] = await this.db
      .select({ paymentIntentId: sales.paymentIntentId })
      .from(sales)
      .where(eq(sales.id, saleId));
    if (!sale) return { outcome: 'not_due' };
    try {
      await this.payments.refund(sale.paymentIntentId, `sale-refund-${saleId}`);
    } catch (error) {
      const message = error instanceof Error ? error.message.slice(0, 500) : 'refund failed';
      const givenUp =
        error instanceof UnknownPaymentObjectError ||
        error instanceof RefundRefusedError ||
        claimed.attempts >= maxRefundAttempts;
      await this.db
        .update(saleRefunds)
        .set({
          // The claim is kept as the wait before the next try; one given up waits for an admin.
          claimedUntil: givenUp
            ? null
            : sql`now() + make_interval(mins => ${retryAfterMinutes(claimed.attempts)})`,
          ...(givenUp && { attempts: maxRefundAttempts }),
          lastError: message,
        })
        .where(eq(saleRefunds.saleId, saleId));
      if (givenUp) {
        this.log.error(
          { err: error, saleId, attempts: claimed.attempts },
          'sale refund failed for good; it waits for an admin',
        );
        return { outcome: 'gave_up', error: message };
      }
      this.log.warn(
        { err: error, saleId, attempts: claimed.attempts },
        'sale refund failed; tried again later',
      );
      return { outcome: 'failed', error: message };
    }
    await this.db
      .update(saleRefunds)
      .set({ sentAt: sql`now()`, claimedUntil: null, lastError: null })
      .where(and(eq(saleRefunds.saleId, saleId), isNull(saleRefunds.sentAt)));
    return { outcome: 'sent' };
  }

  /**
   * The background job: sends every refund the provider has not taken yet and whose wait is over,
   * oldest first. A refund given up in this run fails the run (after the rest were sent), so the
   * jobs tab and the job metrics show it as well as the refund itself.
   */
  async sendUnsent(): Promise<number> {
    const unsent = await this.db
      .select({ saleId: saleRefunds.saleId })
      .from(saleRefunds)
      .where(and(isNull(saleRefunds.sentAt), unclaimed(), notGivenUp()))
      .orderBy(asc(saleRefunds.requestedAt));
    let sent = 0;
    const givenUp: string[] = [];
    for (const { saleId } of unsent) {
      const result = await this.attempt(saleId);
      if (result.outcome === 'sent') sent++;
      if (result.outcome === 'gave_up') givenUp.push(`sale ${saleId}: ${result.error}`);
    }
    if (givenUp.length > 0)
      throw new Error(
        `${givenUp.length} refund(s) failed for good and wait for an admin: ${givenUp.join('; ')}`,
      );
    return sent;
  }

  /**
   * An admin's "try again" for a refund given up: its tries start over and the first is made now.
   * False when the refund is not a failure (sent meanwhile, or never asked for).
   */
  async retry(saleId: string): Promise<boolean> {
    const [reset] = await this.db
      .update(saleRefunds)
      .set({ attempts: 0, claimedUntil: null })
      .where(and(eq(saleRefunds.saleId, saleId), isNull(saleRefunds.sentAt), givenUp()))
      .returning({ saleId: saleRefunds.saleId });
    if (!reset) return false;
    await this.attempt(saleId);
    return true;
  }
}

/**
 * Whether we asked for the sale's refund ourselves: whoever asked told the buyer and the seller
 * in their own words, so the provider's `charge.refunded` adds no mail of its own.
 */
export async function isRefundWeAskedFor(executor: Executor, saleId: string): Promise<boolean> {
  const [row] = await executor
    .select({ saleId: saleRefunds.saleId })
    .from(saleRefunds)
    .where(eq(saleRefunds.saleId, saleId));
  return row !== undefined;
}

/**
 * Where a sale's money going back stands, as every screen tells it (docs/decisions/035): under way
 * from the decision until the provider confirms the refund (its `charge.refunded`), failed once
 * the tries are given up, refunded when confirmed. A refund made at the provider itself (its
 * dashboard) is refunded with the reason `provider`; a partial one is no refund of the purchase.
 */
export type SaleRefundState = 'under_way' | 'refunded' | 'failed';

export interface SaleRefundStatus {
  saleId: string;
  listingId: string;
  reason: SaleRefundReason | 'provider';
  state: SaleRefundState;
  amountCents: number;
  requestedAt: Date;
  /** When the provider took it (it is then on its way until confirmed). */
  sentAt: Date | null;
  /** When the provider confirmed it. */
  refundedAt: Date | null;
  /** The provider's last error while it is not sent. */
  lastError: string | null;
  attempts: number;
}

/** The refund of each of these sales that has one, by sale id. */
export async function refundsOfSales(
  executor: Executor,
  saleIds: readonly string[],
): Promise<Map<string, SaleRefundStatus>> {
  if (saleIds.length === 0) return new Map();
  const ids = [...new Set(saleIds)];
  const [asked, confirmations] = await Promise.all([
    executor
      .select({ refund: saleRefunds, listingId: sales.listingId })
      .from(saleRefunds)
      .innerJoin(sales, eq(sales.id, saleRefunds.saleId))
      .where(inArray(saleRefunds.saleId, ids)),
    executor
      .select({
        saleId: paymentAdjustments.saleId,
        listingId: sales.listingId,
        pricePaidCents: sales.pricePaidCents,
        refundedCents: sql<number>`sum(${paymentAdjustments.amountCents})::int`,
        firstAt: sql<Date>`min(${paymentAdjustments.createdAt})`,
        lastAt: sql<Date>`max(${paymentAdjustments.updatedAt})`,
      })
      .from(paymentAdjustments)
      .innerJoin(sales, eq(sales.id, paymentAdjustments.saleId))
      .where(and(inArray(paymentAdjustments.saleId, ids), eq(paymentAdjustments.kind, 'refund')))
      .groupBy(paymentAdjustments.saleId, sales.listingId, sales.pricePaidCents),
  ]);
  const refunds = new Map<string, SaleRefundStatus>();
  const at = (value: Date | string) => (value instanceof Date ? value : new Date(value));
  for (const row of confirmations) {
    if (row.refundedCents < row.pricePaidCents) continue;
    refunds.set(row.saleId, {
      saleId: row.saleId,
      listingId: row.listingId,
      reason: 'provider',
      state: 'refunded',
      amountCents: row.refundedCents,
      requestedAt: at(row.firstAt),
      sentAt: at(row.firstAt),
      refundedAt: at(row.lastAt),
      lastError: null,
      attempts: 0,
    });
  }
  const now = Date.now();
  for (const { refund, listingId } of asked) {
    const confirmed = refunds.get(refund.saleId);
    const inFlight = refund.claimedUntil !== null && refund.claimedUntil.getTime() > now;
    refunds.set(refund.saleId, {
      saleId: refund.saleId,
      listingId,
      reason: refund.reason,
      state: confirmed
        ? 'refunded'
        : refund.sentAt === null && refund.attempts >= maxRefundAttempts && !inFlight
          ? 'failed'
          : 'under_way',
      amountCents: refund.amountCents,
      requestedAt: refund.requestedAt,
      sentAt: refund.sentAt ?? confirmed?.sentAt ?? null,
      refundedAt: confirmed?.refundedAt ?? null,
      lastError: refund.sentAt === null ? refund.lastError : null,
      attempts: refund.attempts,
    });
  }
  return refunds;
}

/** The refund of the sale of each of these sold listings that has one, by listing id. */
export async function refundsOfListings(
  executor: Executor,
  listingIds: readonly string[],
): Promise<Map<string, SaleRefundStatus>> {
  if (listingIds.length === 0) return new Map();
  const sold = await executor
    .select({ id: sales.id })
    .from(sales)
    .where(inArray(sales.listingId, [...listingIds]));
  const bySale = await refundsOfSales(
    executor,
    sold.map((sale) => sale.id),
  );
  return new Map([...bySale.values()].map((refund) => [refund.listingId, refund]));
}

/** The refunds given up, newest first: what the admin area's alert lists. */
export async function failedRefunds(executor: Executor, limit = 100) {
  return executor
    .select({
      saleId: saleRefunds.saleId,
      listingId: sales.listingId,
      eventName: sales.eventName,
      eventDate: sales.eventDate,
      reason: saleRefunds.reason,
      amountCents: saleRefunds.amountCents,
      attempts: saleRefunds.attempts,
      lastError: saleRefunds.lastError,
      requestedAt: saleRefunds.requestedAt,
    })
    .from(saleRefunds)
    .innerJoin(sales, eq(sales.id, saleRefunds.saleId))
    .where(and(isNull(saleRefunds.sentAt), givenUp()))
    .orderBy(desc(saleRefunds.requestedAt))
    .limit(limit);
}

/** How many refunds wait for an admin (given up) and how many are still being tried: the gauges. */
export async function countUnsentRefunds(executor: Executor): Promise<{ failed: number; retrying: number }> {
  const [row] = await executor
    .select({
      failed: sql<number>`count(*) filter (where ${givenUp()})::int`,
      retrying: sql<number>`count(*) filter (where not (${givenUp()}))::int`,
    })
    .from(saleRefunds)
    .where(isNull(saleRefunds.sentAt));
  return { failed: row?.failed ?? 0, retrying: row?.retrying ?? 0 };
}

const unclaimed = () => or(isNull(saleRefunds.claimedUntil), lt(saleRefunds.claimedUntil, sql`now()`));
/** Given up: every try made, and none under way (a sender that died on the last one counts too). */
const givenUp = () => and(gte(saleRefunds.attempts, maxRefundAttempts), unclaimed());
const notGivenUp = () => lt(saleRefunds.attempts, maxRefundAttempts);

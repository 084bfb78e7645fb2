import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client.ts';
import { type saleRefundReasons, saleRefunds, sales } from '../../db/schema/index.ts';
import type { PaymentProvider } from '../../platform/payments/payment-provider.ts';
import { cancelPayoutOfRefundedSale } from '../payouts/payout-lifecycle.ts';

// Refunding a completed sale to its buyer through the payment provider (docs/decisions/035): a
// complaint upheld, or a cancelled event. This module owns sale_refunds.

export type SaleRefundReason = (typeof saleRefundReasons)[number];

/** How long a sender holds a refund before another may take it over (it died mid-way). */
const claimSeconds = 5 * 60;

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
    const [claimed] = await this.db
      .update(saleRefunds)
      .set({
        claimedUntil: sql`now() + make_interval(secs => ${claimSeconds})`,
        attempts: sql`${saleRefunds.attempts} + 1`,
      })
      .where(and(eq(saleRefunds.saleId, saleId), isNull(saleRefunds.sentAt), unclaimed()))
      .returning({ saleId: saleRefunds.saleId });
    if (!claimed) return false;
    const [sale] = await this.db
      .select({ paymentIntentId: sales.paymentIntentId })
      .from(sales)
      .where(eq(sales.id, saleId));
    if (!sale) return false;
    try {
      await this.payments.refund(sale.paymentIntentId, `sale-refund-${saleId}`);
    } catch (error) {
      this.log.error({ err: error, saleId }, 'sale refund failed; retried by the job');
      await this.db
        .update(saleRefunds)
        .set({
          claimedUntil: null,
          lastError: error instanceof Error ? error.message.slice(0, 500) : 'refund failed',
        })
        .where(eq(saleRefunds.saleId, saleId));
      return false;
    }
    await this.db
      .update(saleRefunds)
      .set({ sentAt: sql`now()`, claimedUntil: null, lastError: null })
      .where(and(eq(saleRefunds.saleId, saleId), isNull(saleRefunds.sentAt)));
    return true;
  }

  /** The background job: sends every refund the provider has not taken yet, oldest first. */
  async sendUnsent(): Promise<number> {
    const unsent = await this.db
      .select({ saleId: saleRefunds.saleId })
      .from(saleRefunds)
      .where(and(isNull(saleRefunds.sentAt), unclaimed()))
      .orderBy(asc(saleRefunds.requestedAt));
    let sent = 0;
    for (const { saleId } of unsent) if (await this.send(saleId)) sent++;
    return sent;
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

/** Which of these sold listings' refunds the provider has taken. */
export async function sentRefundsOfListings(
  executor: Executor,
  listingIds: readonly string[],
): Promise<Set<string>> {
  if (listingIds.length === 0) return new Set();
  const rows = await executor
    .select({ listingId: sales.listingId })
    .from(saleRefunds)
    .innerJoin(sales, eq(sales.id, saleRefunds.saleId))
    .where(and(inArray(sales.listingId, [...listingIds]), isNotNull(saleRefunds.sentAt)));
  return new Set(rows.map((row) => row.listingId));
}

const unclaimed = () => or(isNull(saleRefunds.claimedUntil), lt(saleRefunds.claimedUntil, sql`now()`));

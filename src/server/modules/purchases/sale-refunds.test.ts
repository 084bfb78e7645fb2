import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  localPaymentEvents,
  outbox,
  paymentAdjustments,
  payoutTracking,
  saleRefunds,
} from '../../db/schema/index.ts';
import { LocalPaymentProvider } from '../../platform/payments/local-payment-provider.ts';
import type { PaymentProvider } from '../../platform/payments/payment-provider.ts';
import { insertListing, signUp } from '../../test/listing-fixtures.ts';
import { buyWithTestCard } from '../../test/purchase-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { SaleRefunds } from './sale-refunds.ts';

// Refunding a completed sale through the provider (issue 24): asked once however often it is
// asked, the payout cancelled with it, and a crash between asking the provider and recording the
// answer still refunds once. The local provider sends `charge.refunded` as Stripe does, so the
// money's return reaches the sale's payout and both people's mail.

type TestUser = Awaited<ReturnType<typeof signUp>>;

let t: TestApp;
let local: LocalPaymentProvider;
let seller: TestUser;

beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  if (!(t.app.payments instanceof LocalPaymentProvider)) throw new Error('tests expect the local provider');
  local = t.app.payments;
  seller = await signUp(t.app);
});
afterAll(() => t.close());

/** A ticket bought and paid with a test card, as a buyer does: the sale and its payout exist. */
async function paidSale() {
  const buyer = await signUp(t.app);
  const listing = await insertListing(t.app, { sellerId: seller.id, status: 'listed' });
  return { sale: await buyWithTestCard(t.app, buyer, listing), buyer };
}

/** The provider, counting the refunds asked of it; `failAfter` makes the answer get lost after the refund. */
function countingProvider(options: { loseAnswer?: boolean } = {}) {
  const calls: string[] = [];
  const provider: PaymentProvider = Object.create(local);
  provider.refund = async (paymentIntentId, idempotencyKey) => {
    calls.push(idempotencyKey);
    await local.refund(paymentIntentId);
    if (options.loseAnswer) throw new Error('the connection dropped before the answer');
  };
  return { calls, refunds: new SaleRefunds({ db: t.app.db, payments: provider, log: t.app.log }) };
}

const refundOf = async (saleId: string) =>
  (await t.app.db.select().from(saleRefunds).where(eq(saleRefunds.saleId, saleId)))[0];
const payoutOf = async (saleId: string) =>
  (await t.app.db.select().from(payoutTracking).where(eq(payoutTracking.saleId, saleId)))[0];

describe('refunding a sale', () => {
  it("refunds the whole payment once and cancels the payout; the provider's event confirms it to the buyer", async () => {
    const { sale, buyer } = await paidSale();
    const { calls, refunds } = countingProvider();
    const requested = await refunds.request(t.app.db, {
      saleId: sale.id,
      reason: 'event_cancelled',
      requestedBy: null,
    });
    expect(requested).toEqual({ created: true, payout: 'cancelled' });
    expect(await refunds.send(sale.id)).toBe(true);

    expect(calls).toEqual([`sale-refund-${sale.id}`]);
    expect(await local.refundedCents(sale.paymentIntentId)).toBe(sale.pricePaidCents);
    expect(await refundOf(sale.id)).toMatchObject({
      amountCents: sale.pricePaidCents,
      sentAt: expect.any(Date),
    });
    // The provider's charge.refunded came back through the webhook: the payout shows it.
    expect(await payoutOf(sale.id)).toMatchObject({ status: 'cancelled', paymentIssue: 'refunded' });
    const adjustments = await t.app.db
      .select()
      .from(paymentAdjustments)
      .where(eq(paymentAdjustments.saleId, sale.id));
    expect(adjustments).toEqual([
      expect.objectContaining({ kind: 'refund', amountCents: sale.pricePaidCents }),
    ]);
    // Whoever asked for the refund told the people in their own words that it is under way (a
    // complaint's or a cancelled event's): the provider's event adds no generic notice, only the
    // buyer's word that the money went back.
    const buyerMail = await t.app.db.select().from(outbox).where(eq(outbox.toAddress, buyer.email));
    expect(buyerMail.map((mail) => mail.subject)).not.toContainEqual(expect.stringMatching(/^Maksusi:/));
    expect(buyerMail.map((mail) => mail.subject)).toContainEqual(
      expect.stringMatching(/^Maksusi on palautettu:/),
    );
  });

  it('asked twice at once, and sent again and again, it calls the provider once', async () => {
    const { sale } = await paidSale();
    const { calls, refunds } = countingProvider();
    const asks = await Promise.all(
      Array.from({ length: 5 }, () =>
        refunds.request(t.app.db, { saleId: sale.id, reason: 'complaint', requestedBy: seller.id }),
      ),
    );
    expect(asks.filter((ask) => ask.created)).toHaveLength(1);
    await Promise.all([
      refunds.send(sale.id),
      refunds.send(sale.id),
      refunds.sendUnsent(),
      refunds.send(sale.id),
    ]);
    await refunds.sendUnsent();
    expect(calls).toHaveLength(1);
    expect(await local.refundedCents(sale.paymentIntentId)).toBe(sale.pricePaidCents);
  });

  it('survives a crash between asking the provider and recording its answer: refunded once', async () => {
    const { sale } = await paidSale();
    const crashing = countingProvider({ loseAnswer: true });
    await crashing.refunds.request(t.app.db, { saleId: sale.id, reason: 'complaint', requestedBy: null });
    expect(await crashing.refunds.send(sale.id)).toBe(false);
    expect(await refundOf(sale.id)).toMatchObject({ sentAt: null, attempts: 1 });

    // The job, later: once the failed try's wait is over (a process that died mid-way holds the
    // row until its claim ends in the same way).
    await t.app.db
      .update(saleRefunds)
      .set({ claimedUntil: new Date(Date.now() - 1000) })
      .where(eq(saleRefunds.saleId, sale.id));
    const again = countingProvider();
    expect(await again.refunds.sendUnsent()).toBe(1);
    expect(again.calls).toEqual([`sale-refund-${sale.id}`]);
    expect(await refundOf(sale.id)).toMatchObject({ sentAt: expect.any(Date), attempts: 2, lastError: null });
    // The money went back once: one refunded event, the whole payment.
    expect(await local.refundedCents(sale.paymentIntentId)).toBe(sale.pricePaidCents);
    const events = await t.app.db
      .select()
      .from(localPaymentEvents)
      .where(eq(localPaymentEvents.paymentIntentId, sale.paymentIntentId));
    expect(events.filter((event) => event.body.includes('"charge.refunded"'))).toHaveLength(1);
  });

  it('a sender that died holds the refund until its claim ends, then the job takes it over', async () => {
    const { sale } = await paidSale();
    const { calls, refunds } = countingProvider();
    await refunds.request(t.app.db, { saleId: sale.id, reason: 'complaint', requestedBy: null });
    await t.app.db
      .update(saleRefunds)
      .set({ claimedUntil: new Date(Date.now() + 60_000) })
      .where(eq(saleRefunds.saleId, sale.id));
    expect(await refunds.sendUnsent()).toBe(0);
    expect(calls).toEqual([]);
    await t.app.db
      .update(saleRefunds)
      .set({ claimedUntil: new Date(Date.now() - 1000) })
      .where(eq(saleRefunds.saleId, sale.id));
    expect(await refunds.sendUnsent()).toBe(1);
    expect(calls).toHaveLength(1);
  });

  it('keeps a paid payout paid: the money must be recovered from the seller', async () => {
    const { sale } = await paidSale();
    await t.app.db
      .update(payoutTracking)
      .set({ status: 'paid', paymentDate: new Date(), paymentReference: 'RF18 5' })
      .where(eq(payoutTracking.saleId, sale.id));
    const { refunds } = countingProvider();
    const requested = await refunds.request(t.app.db, {
      saleId: sale.id,
      reason: 'complaint',
      requestedBy: null,
    });
    expect(requested.payout).toBe('already_paid');
    await refunds.send(sale.id);
    expect(await payoutOf(sale.id)).toMatchObject({ status: 'paid', paymentIssue: 'refunded' });
  });

  it('a provider failure is kept with its reason and retried by the job once its wait is over', async () => {
    const { sale } = await paidSale();
    const failing: PaymentProvider = Object.create(local);
    failing.refund = () => Promise.reject(new Error('provider unavailable'));
    const refunds = new SaleRefunds({ db: t.app.db, payments: failing, log: t.app.log });
    await refunds.request(t.app.db, { saleId: sale.id, reason: 'event_cancelled', requestedBy: null });
    expect(await refunds.send(sale.id)).toBe(false);
    expect(await refundOf(sale.id)).toMatchObject({ sentAt: null, lastError: 'provider unavailable' });
    // The next try waits a minute (the waits double; refund-screens.test.ts follows them to the end).
    expect(await t.app.purchases.refunds.sendUnsent()).toBe(0);
    await t.app.db
      .update(saleRefunds)
      .set({ claimedUntil: new Date(Date.now() - 1000) })
      .where(eq(saleRefunds.saleId, sale.id));
    expect(await t.app.purchases.refunds.sendUnsent()).toBe(1);
    expect(await local.refundedCents(sale.paymentIntentId)).toBe(sale.pricePaidCents);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calculatePrices } from '#shared/pricing.ts';
import { listings, outbox, payoutTracking, reservations, sales } from '../../db/schema/index.ts';
import { createStripePaymentProvider } from '../../platform/payments/stripe-payment-provider.ts';
import { type FakeStripeApi, startFakeStripeApi } from '../../test/fake-stripe-api.ts';
import { adminAccessCookie, insertListing, signUp } from '../../test/listing-fixtures.ts';
import { signStripeEvent, stripeEvent } from '../../test/stripe-events.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { applyPayoutRule } from '../payouts/payouts.service.ts';

// The whole purchase with the Stripe adapter: its calls go to a local server that answers as
// Stripe's API does, and its events arrive signed as Stripe signs them.

const webhookSecret = 'whsec_testi_salaisuus';
let fake: FakeStripeApi;
type TestUser = Awaited<ReturnType<typeof signUp>>;

let t: TestApp;
let seller: TestUser;
let admin: TestUser;

beforeAll(async () => {
  fake = await startFakeStripeApi();
  t = await createTestApp(
    { rateLimits: false },
    {
      payments: createStripePaymentProvider(
        { secretKey: fake.secretKey, publishableKey: 'pk_test_lipputori', webhookSecret },
        fake.api,
      ),
    },
  );
  seller = await signUp(t.app);
  admin = await signUp(t.app, undefined, { admin: true });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function reserve(buyer: TestUser, listing: { id: string; listingPriceCents: number }) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/purchases/${listing.id}/reservation`,
    headers: { cookie: buyer.cookie },
    payload: { priceCents: listing.listingPriceCents },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { paymentIntentId: string; provider: string; publishableKey: string };
}

/** Stripe's delivery of an event about the intent as the fake API now holds it. */
function deliver(
  type: string,
  paymentIntentId: string,
  event = stripeEvent(type, fake.intent(paymentIntentId)),
) {
  const { body, signature } = signStripeEvent(event, webhookSecret);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: body,
  });
}

describe('buying through Stripe', () => {
  it('creates the intent with automatic payment methods and the reservation as idempotency key', async () => {
    const buyer = await signUp(t.app);
    const listing = await insertListing(t.app, { sellerId: seller.id });
    const reservation = await reserve(buyer, listing);
    expect(reservation).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_lipputori' });
    const [create] = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    const [row] = await t.app.db.select().from(reservations).where(eq(reservations.listingId, listing.id));
    expect(create?.idempotencyKey).toBe(row?.id);
    expect(create?.body).toMatchObject({
      amount: String(listing.listingPriceCents),
      currency: 'eur',
      automatic_payment_methods: { enabled: 'true' },
      metadata: { ticketId: listing.id, buyerId: buyer.id },
    });
  });

  it('sells once on payment_intent.succeeded, delivered five times at once', async () => {
    const buyer = await signUp(t.app);
    const listing = await insertListing(t.app, { sellerId: seller.id });
    const { paymentIntentId } = await reserve(buyer, listing);
    fake.setStatus(paymentIntentId, 'succeeded');
    const event = stripeEvent('payment_intent.succeeded', fake.intent(paymentIntentId));
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => deliver('payment_intent.succeeded', paymentIntentId, event)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await t.app.db.select().from(sales).where(eq(sales.listingId, listing.id))).toHaveLength(1);
  });

  it('believes the intent Stripe reports, not the event: a stale "succeeded" sells nothing', async () => {
    const buyer = await signUp(t.app);
    const listing = await insertListing(t.app, { sellerId: seller.id });
    const { paymentIntentId } = await reserve(buyer, listing);
    const forgedObject = { ...fake.intent(paymentIntentId), status: 'succeeded' };
    expect(
      (
        await deliver(
          'payment_intent.succeeded',
          paymentIntentId,
          stripeEvent('payment_intent.succeeded', forgedObject),
        )
      ).statusCode,
    ).toBe(200);
    expect(await t.app.db.select().from(sales).where(eq(sales.listingId, listing.id))).toHaveLength(0);
  });

  it('refunds through Stripe once when a late payment lost the ticket to another buyer', async () => {
    const late = await signUp(t.app);
    const listing = await insertListing(t.app, { sellerId: seller.id });
    const { paymentIntentId: lateIntent } = await reserve(late, listing);
    await t.app.db
      .update(listings)
      .set({ heldUntil: new Date(Date.now() - 1000) })
      .where(eq(listings.id, listing.id));
    const winner = await signUp(t.app);
    const { paymentIntentId: winnerIntent } = await reserve(winner, listing);
    fake.setStatus(winnerIntent, 'succeeded');
    await deliver('payment_intent.succeeded', winnerIntent);

    fake.setStatus(lateIntent, 'succeeded');
    const event = stripeEvent('payment_intent.succeeded', fake.intent(lateIntent));
    await Promise.all([
      deliver('payment_intent.succeeded', lateIntent, event),
      deliver('payment_intent.succeeded', lateIntent, event),
    ]);
    const refunds = fake.requests.filter((r) => r.path === '/v1/refunds');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.body).toMatchObject({ payment_intent: lateIntent });
    expect(await t.app.db.select().from(sales).where(eq(sales.listingId, listing.id))).toMatchObject([
      { buyerId: winner.id },
    ]);
  });

  it('answers 503 while Stripe cannot be reached, so that Stripe delivers again', async () => {
    const buyer = await signUp(t.app);
    const listing = await insertListing(t.app, { sellerId: seller.id });
    const { paymentIntentId } = await reserve(buyer, listing);
    fake.setStatus(paymentIntentId, 'succeeded');
    const event = stripeEvent('payment_intent.succeeded', fake.intent(paymentIntentId));
    fake.failNext(3, 'server-error');
    expect((await deliver('payment_intent.succeeded', paymentIntentId, event)).statusCode).toBe(503);
    // Stripe delivers the same event again later: it was not recorded, so it acts now.
    expect((await deliver('payment_intent.succeeded', paymentIntentId, event)).statusCode).toBe(200);
    expect(await t.app.db.select().from(sales).where(eq(sales.listingId, listing.id))).toHaveLength(1);
  });

  it('answers payment_setup_failed while Stripe cannot create the intent, and frees the ticket', async () => {
    const buyer = await signUp(t.app);
    const listing = await insertListing(t.app, { sellerId: seller.id });
    fake.failNext(3, 'server-error');
    const failed = await t.app.inject({
      method: 'POST',
      url: `/api/purchases/${listing.id}/reservation`,
      headers: { cookie: buyer.cookie },
      payload: { priceCents: listing.listingPriceCents },
    });
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error).toEqual({
      code: 'payment_setup_failed',
      message: 'Maksun valmistelu epäonnistui. Yritä hetken kuluttua uudelleen.',
    });
    await reserve(await signUp(t.app), listing);
  });
});

describe('a late payment through Stripe', () => {
  it('sells at the snapshot the intent was made for and refuses the edit that would move it', async () => {
    const buyer = await signUp(t.app);
    const listing = await insertListing(t.app, { sellerId: seller.id });
    const { paymentIntentId } = await reserve(buyer, listing);
    await t.app.db
      .update(listings)
      .set({ heldUntil: new Date(Date.now() - 1000) })
      .where(eq(listings.id, listing.id));
    const prices = calculatePrices(4000, 0);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/listings/${listing.id}`,
      headers: { cookie: seller.cookie },
      payload: { sellingPrice: '40,00', additionalInfo: '', ...prices },
    });
    expect(edit.statusCode, edit.body).toBe(409);
    // Even a price moved behind the rule's back does not reach the sale.
    await t.app.db.update(listings).set(prices).where(eq(listings.id, listing.id));
    fake.setStatus(paymentIntentId, 'succeeded');
    expect((await deliver('payment_intent.succeeded', paymentIntentId)).statusCode).toBe(200);
    const [sale] = await t.app.db.select().from(sales).where(eq(sales.listingId, listing.id));
    expect(sale).toMatchObject({
      pricePaidCents: listing.listingPriceCents,
      serviceFeeCents: listing.serviceFeeCents,
      sellerReceivableCents: listing.sellerReceivableCents,
    });
  });

  it('refunds a paid intent of another currency or amount than its snapshot, and sells nothing', async () => {
    const buyer = await signUp(t.app);
    const listing = await insertListing(t.app, { sellerId: seller.id });
    const { paymentIntentId } = await reserve(buyer, listing);
    const intent = fake.setStatus(paymentIntentId, 'succeeded');
    intent.currency = 'sek';
    await deliver('payment_intent.succeeded', paymentIntentId);
    expect(await t.app.db.select().from(sales).where(eq(sales.listingId, listing.id))).toHaveLength(0);
    expect(fake.refunds.map((refund) => refund.payment_intent)).toContain(paymentIntentId);
  });
});

describe('intents Stripe does not know', () => {
  it('counts an abandoned intent Stripe no longer has as cancelled, so the sweep stops and the price may move', async () => {
    const buyer = await signUp(t.app);
    const listing = await insertListing(t.app, { sellerId: seller.id });
    const { paymentIntentId } = await reserve(buyer, listing);
    await t.app.db
      .update(reservations)
      .set({ status: 'expired', updatedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(reservations.paymentIntentId, paymentIntentId));
    await t.app.db.update(listings).set({ heldUntil: null }).where(eq(listings.id, listing.id));
    fake.reset();
    await t.app.purchases.settlement.sweep();
    const [row] = await t.app.db
      .select()
      .from(reservations)
      .where(eq(reservations.paymentIntentId, paymentIntentId));
    expect(row?.intentStatus).toBe('canceled');
    await t.app.purchases.settlement.sweep();
    expect(fake.requests.filter((request) => request.path.includes(paymentIntentId))).toHaveLength(1);
  });
});

describe('events about objects Stripe does not know', () => {
  it('acknowledges an event for an unknown intent, charge or dispute, and 503s only while Stripe is down', async () => {
    for (const [type, object] of [
      ['payment_intent.succeeded', { id: 'pi_tuntematon', object: 'payment_intent' }],
      ['charge.refunded', { id: 'ch_tuntematon', object: 'charge' }],
      ['charge.dispute.created', { id: 'dp_tuntematon', object: 'dispute' }],
    ] as const) {
      const event = stripeEvent(type, object);
      fake.failNext(3, 'server-error');
      expect((await deliver(type, object.id, event)).statusCode, type).toBe(503);
      expect((await deliver(type, object.id, event)).statusCode, type).toBe(200);
      const lookups = fake.requests.filter((request) => request.path.endsWith(object.id));
      // Acknowledged and recorded: a redelivery asks Stripe nothing more.
      expect((await deliver(type, object.id, event)).statusCode, type).toBe(200);
      expect(fake.requests.filter((request) => request.path.endsWith(object.id))).toHaveLength(
        lookups.length,
      );
    }
  });
});

describe('refunds and disputes made at Stripe', () => {
  const day = 86_400_000;

  /** A sale whose event is over and whose time to complain has passed: its payout is due. */
  async function dueSale() {
    const buyer = await signUp(t.app);
    const listing = await insertListing(t.app, { sellerId: seller.id });
    const { paymentIntentId } = await reserve(buyer, listing);
    fake.setStatus(paymentIntentId, 'succeeded');
    await deliver('payment_intent.succeeded', paymentIntentId);
    const [sale] = await t.app.db.select().from(sales).where(eq(sales.listingId, listing.id));
    if (!sale) throw new Error('no sale');
    await t.app.db
      .update(payoutTracking)
      .set({ reclamationDeadline: new Date(Date.now() - day) })
      .where(eq(payoutTracking.saleId, sale.id));
    return { buyer, sale, paymentIntentId };
  }

  const payoutOf = async (saleId: string) =>
    (await t.app.db.select().from(payoutTracking).where(eq(payoutTracking.saleId, saleId)))[0];
  const mailsAbout = async (email: string) =>
    (await t.app.db.select().from(outbox).where(eq(outbox.toAddress, email))).map((mail) => mail.subject);

  it('cancels the payout of a sale refunded in full in the dashboard, and tells seller and buyer', async () => {
    const { buyer, sale, paymentIntentId } = await dueSale();
    const charge = fake.refundInDashboard(paymentIntentId);
    expect(
      (await deliver('charge.refunded', charge.id, stripeEvent('charge.refunded', charge))).statusCode,
    ).toBe(200);
    await applyPayoutRule(t.app.db);
    expect(await payoutOf(sale.id)).toMatchObject({
      status: 'cancelled',
      paymentIssue: 'refunded',
      updatedBy: 'system',
    });
    expect(await mailsAbout(seller.email)).toContain(`Myyntisi tilitys: ${sale.eventName}`);
    expect(await mailsAbout(buyer.email)).toContain(`Maksusi: ${sale.eventName}`);
  });

  it('holds the payout of a partly refunded sale; the rule never makes it ready', async () => {
    const { sale, paymentIntentId } = await dueSale();
    const charge = fake.refundInDashboard(paymentIntentId, 500);
    await deliver('charge.refunded', charge.id, stripeEvent('charge.refunded', charge));
    await applyPayoutRule(t.app.db);
    expect(await payoutOf(sale.id)).toMatchObject({
      status: 'reclamation_hold',
      paymentIssue: 'partially_refunded',
    });
    // The rest refunded later: the payout is cancelled.
    fake.refundInDashboard(paymentIntentId);
    await deliver('charge.refunded', charge.id, stripeEvent('charge.refunded', charge));
    expect(await payoutOf(sale.id)).toMatchObject({ status: 'cancelled', paymentIssue: 'refunded' });
  });

  it('holds the payout while a dispute is open and releases it when the dispute is won', async () => {
    const { sale, paymentIntentId } = await dueSale();
    const dispute = fake.openDispute(paymentIntentId);
    const opened = stripeEvent('charge.dispute.created', dispute);
    expect((await deliver('charge.dispute.created', dispute.id, opened)).statusCode).toBe(200);
    await applyPayoutRule(t.app.db);
    expect(await payoutOf(sale.id)).toMatchObject({ status: 'reclamation_hold', paymentIssue: 'disputed' });
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/sales?status=reclamation_hold',
      headers: { cookie: adminAccessCookie(t.app, admin) },
    });
    expect(listed.json().sales.find((row: { id: string }) => row.id === sale.id)?.payout.paymentIssue).toBe(
      'disputed',
    );

    fake.setDisputeStatus(dispute.id, 'won');
    await deliver('charge.dispute.closed', dispute.id, stripeEvent('charge.dispute.closed', dispute));
    expect(await payoutOf(sale.id)).toMatchObject({ status: 'pending', paymentIssue: 'dispute_won' });
    await applyPayoutRule(t.app.db);
    expect((await payoutOf(sale.id))?.status).toBe('ready_for_payment');
  });

  it('cancels the payout when a dispute is lost, and leaves a paid payout paid with the reason shown', async () => {
    const lost = await dueSale();
    const dispute = fake.openDispute(lost.paymentIntentId, 'product_not_received');
    await deliver('charge.dispute.created', dispute.id, stripeEvent('charge.dispute.created', dispute));
    fake.setDisputeStatus(dispute.id, 'lost');
    await deliver('charge.dispute.closed', dispute.id, stripeEvent('charge.dispute.closed', dispute));
    expect(await payoutOf(lost.sale.id)).toMatchObject({ status: 'cancelled', paymentIssue: 'dispute_lost' });

    const paid = await dueSale();
    await t.app.db
      .update(payoutTracking)
      .set({ status: 'paid' })
      .where(eq(payoutTracking.saleId, paid.sale.id));
    const late = fake.openDispute(paid.paymentIntentId);
    await deliver('charge.dispute.created', late.id, stripeEvent('charge.dispute.created', late));
    expect(await payoutOf(paid.sale.id)).toMatchObject({ status: 'paid', paymentIssue: 'disputed' });
  });

  it('ignores the refund event of a late payment we refunded ourselves (no sale to adjust)', async () => {
    const late = await signUp(t.app);
    const listing = await insertListing(t.app, { sellerId: seller.id });
    const { paymentIntentId } = await reserve(late, listing);
    await t.app.db.update(listings).set({ status: 'removed' }).where(eq(listings.id, listing.id));
    fake.setStatus(paymentIntentId, 'succeeded');
    await deliver('payment_intent.succeeded', paymentIntentId);
    const charge = fake.chargeOf(paymentIntentId);
    expect(charge.refunded).toBe(true);
    expect(
      (await deliver('charge.refunded', charge.id, stripeEvent('charge.refunded', charge))).statusCode,
    ).toBe(200);
    expect(await t.app.db.select().from(sales).where(eq(sales.listingId, listing.id))).toHaveLength(0);
  });
});

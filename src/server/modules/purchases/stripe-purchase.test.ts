import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings, reservations, sales } from '../../db/schema/index.ts';
import { createStripePaymentProvider } from '../../platform/payments/stripe-payment-provider.ts';
import { type FakeStripeApi, startFakeStripeApi } from '../../test/fake-stripe-api.ts';
import { insertListing, signUp } from '../../test/listing-fixtures.ts';
import { signStripeEvent, stripeEvent } from '../../test/stripe-events.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// The whole purchase with the Stripe adapter: its calls go to a local server that answers as
// Stripe's API does, and its events arrive signed as Stripe signs them.

const webhookSecret = 'whsec_testi_salaisuus';
let fake: FakeStripeApi;
type TestUser = Awaited<ReturnType<typeof signUp>>;

let t: TestApp;
let seller: TestUser;

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

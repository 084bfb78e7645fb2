import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ticketReservedMessage } from '#shared/browsing/ticket-messages.ts';
import { finnishClockTime } from '#shared/dates.ts';
import { errorMessages } from '#shared/errors.ts';
import { sellingMessages } from '#shared/listings/selling-messages.ts';
import { formatEuros } from '#shared/money.ts';
import { reclamationDeadline } from '#shared/payout-date.ts';
import { calculatePrices, receiptLines, serviceFeeVat } from '#shared/pricing.ts';
import { testCards } from '#shared/purchases/purchase.schema.ts';
import {
  listings,
  localPaymentEvents,
  localPaymentIntents,
  outbox,
  payoutTracking,
  reservations,
  sales,
} from '../../db/schema/index.ts';
import { LocalPaymentProvider, localWebhookSecret } from '../../platform/payments/local-payment-provider.ts';
import { insertListing, signUp } from '../../test/listing-fixtures.ts';
import { signStripeEvent, stripeEvent } from '../../test/stripe-events.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

type TestUser = Awaited<ReturnType<typeof signUp>>;

let t: TestApp;
let seller: TestUser;
let buyer: TestUser;
let local: LocalPaymentProvider;

beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  seller = await signUp(t.app);
  if (!(t.app.payments instanceof LocalPaymentProvider)) throw new Error('tests expect the local provider');
  local = t.app.payments;
});
afterAll(() => t.close());
// A buyer of their own for each test: one account may hold only a few tickets at once.
beforeEach(async () => {
  buyer = await signUp(t.app);
});

const reserve = (user: TestUser | undefined, ticketId: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/purchases/${ticketId}/reservation`,
    headers: user ? { cookie: user.cookie } : {},
    payload: payload as object,
  });

async function reserveOk(user: TestUser, listing: { id: string; listingPriceCents: number }) {
  const response = await reserve(user, listing.id, { priceCents: listing.listingPriceCents });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { clientSecret: string; paymentIntentId: string; reservationExpiresAt: string };
}

const confirm = (user: TestUser, clientSecret: string, cardNumber: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/local/confirm',
    headers: { cookie: user.cookie },
    payload: {
      clientSecret,
      cardNumber,
      expiry: '12/34',
      cvc: '123',
      name: 'Testi Ostaja',
      email: user.email,
    },
  });

const status = async (user: TestUser, ticketId: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/purchases/${ticketId}/status`,
      headers: { cookie: user.cookie },
    })
  ).json();

const salesOf = (listingId: string) => t.app.db.select().from(sales).where(eq(sales.listingId, listingId));
const mailsTo = (email: string) => t.app.db.select().from(outbox).where(eq(outbox.toAddress, email));
const expireHold = (listingId: string) =>
  Promise.all([
    t.app.db
      .update(listings)
      .set({ heldUntil: new Date(Date.now() - 1000) })
      .where(eq(listings.id, listingId)),
    t.app.db
      .update(reservations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(reservations.listingId, listingId)),
  ]);

/** A payment_intent event signed with the local provider's secret, as the webhook receives it. */
function signedEvent(
  id: string,
  type: string,
  paymentIntentId: string,
  secret = localWebhookSecret(t.config.cookieSecret),
) {
  const { body, signature } = signStripeEvent(
    { ...stripeEvent(type, { id: paymentIntentId, object: 'payment_intent' }), id },
    secret,
  );
  return { payload: body, headers: { 'content-type': 'application/json', 'stripe-signature': signature } };
}

const deliver = (event: ReturnType<typeof signedEvent>) =>
  t.app.inject({ method: 'POST', url: '/api/payments/webhook', ...event });

describe('reservation (create-intent)', () => {
  it('checks in the spec order: own ticket, unavailable, reserved, price', async () => {
    const mine = await insertListing(t.app, { sellerId: seller.id });
    const expectError = async (user: TestUser, id: string, priceCents: number, code: string) => {
      const response = await reserve(user, id, { priceCents });
      expect(response.json().error, `${code}`).toEqual({
        code,
        message: errorMessages[code as 'own_ticket'],
      });
    };
    await expectError(seller, mine.id, 1, 'own_ticket');
    const pending = await insertListing(t.app, { sellerId: seller.id, status: 'pending' });
    await expectError(buyer, pending.id, pending.listingPriceCents, 'ticket_unavailable');
    const past = await insertListing(t.app, {
      sellerId: seller.id,
      eventDate: new Date(Date.now() - 2 * 86_400_000),
    });
    await expectError(buyer, past.id, past.listingPriceCents, 'ticket_unavailable');
    const sold = await insertListing(t.app, { sellerId: seller.id, status: 'sold' });
    await expectError(buyer, sold.id, sold.listingPriceCents, 'ticket_unavailable');

    const held = await insertListing(t.app, { sellerId: seller.id });
    const hold = await reserveOk(buyer, held);
    const other = await insertListing(t.app, { sellerId: seller.id });
    // Told when the ticket frees up at the latest, on Helsinki's clock; never who holds it.
    const refused = (await reserve(await signUp(t.app), held.id, { priceCents: 1 })).json().error;
    expect(refused).toEqual({
      code: 'ticket_reserved',
      message: ticketReservedMessage(new Date(hold.reservationExpiresAt)),
    });
    expect(refused.message).toMatch(
      /^Toinen käyttäjä on juuri ostamassa lippua, yritä myöhemmin uudelleen\. Jos osto ei toteudu, lippu vapautuu viimeistään klo \d{1,2}\.\d{2}\.$/,
    );
    expect(refused.message).toContain(finnishClockTime(new Date(hold.reservationExpiresAt)));
    await expectError(buyer, other.id, other.listingPriceCents - 1, 'invalid_price');
    expect((await reserve(buyer, other.id, { priceCents: other.listingPriceCents - 1 })).statusCode).toBe(
      409,
    );
    // A stored price that does not follow from the seller's price is refused, too.
    await t.app.db.update(listings).set({ listingPriceCents: 1 }).where(eq(listings.id, other.id));
    await expectError(buyer, other.id, 1, 'invalid_price');
  });

  it('answers the intent and the hold, and the same intent when the buyer asks again', async () => {
    const listing = await insertListing(t.app, { sellerId: seller.id });
    const first = await reserveOk(buyer, listing);
    expect(first.clientSecret).toMatch(/^pi_local_\w+_secret_\w+$/);
    const expiresIn = new Date(first.reservationExpiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(9 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(10 * 60_000);
    const again = await reserveOk(buyer, listing);
    expect(again).toEqual(first);
    const intent = await local.retrieveIntent(first.paymentIntentId);
    expect(intent).toMatchObject({
      amountCents: listing.listingPriceCents,
      currency: 'eur',
      status: 'requires_payment_method',
    });
    expect(intent.metadata).toMatchObject({ ticketId: listing.id, buyerId: buyer.id });
  });

  it('lets exactly one of 50 buyers racing for one listing hold it', async () => {
    const listing = await insertListing(t.app, { sellerId: seller.id });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => signUp(t.app)));
    const responses = await Promise.all(
      buyers.map((user) => reserve(user, listing.id, { priceCents: listing.listingPriceCents })),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(49);
    for (const response of responses.filter((r) => r.statusCode === 409))
      expect(response.json().error.code).toBe('ticket_reserved');
    const rows = await t.app.db.select().from(reservations).where(eq(reservations.listingId, listing.id));
    expect(rows).toHaveLength(1);
  });

  it('frees the listing by itself once the hold has run out', async () => {
    const listing = await insertListing(t.app, { sellerId: seller.id });
    await reserveOk(buyer, listing);
    await expireHold(listing.id);
    await reserveOk(await signUp(t.app), listing);
  });

  it('refuses visitors, unknown tickets and hostile bodies with Finnish messages', async () => {
    const listing = await insertListing(t.app, { sellerId: seller.id });
    expect((await reserve(undefined, listing.id, { priceCents: 5150 })).statusCode).toBe(401);
    const unknown = await reserve(buyer, '00000000-0000-4000-8000-000000000000', { priceCents: 5150 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Lippua ei löytynyt');
    for (const id of ['abc', '%00', 'a'.repeat(5000)]) {
      const response = await reserve(buyer, id, { priceCents: 5150 });
      // A 5000-character id is turned away by the router as too long a URI (414).
      expect([400, 404, 414], id.slice(0, 9)).toContain(response.statusCode);
      if (response.statusCode !== 414) expect(response.json().error.message).toMatch(/[äöÄÖ]/);
    }
    for (const body of [
      {},
      { priceCents: '5150' },
      { priceCents: 51.5 },
      { priceCents: -1 },
      { priceCents: 1e12 },
      [],
    ]) {
      const response = await reserve(buyer, listing.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.message).toMatch(/[äöÄÖ]|Virheelli|puuttuu/);
    }
    const crossSite = await t.app.inject({
      method: 'POST',
      url: `/api/purchases/${listing.id}/reservation`,
      headers: { cookie: buyer.cookie, origin: 'https://pahis.example' },
      payload: { priceCents: 5150 },
    });
    expect(crossSite.statusCode).toBe(403);
  });
});

describe('who may call the purchase routes', () => {
  it('answers a visitor 401 on every route of a purchase', async () => {
    const listing = await insertListing(t.app, { sellerId: seller.id });
    const routes: [string, string, object?][] = [
      ['POST', `/api/purchases/${listing.id}/reservation/validate`, { paymentIntentId: 'pi_x' }],
      ['DELETE', `/api/purchases/${listing.id}/reservation`],
      ['GET', `/api/purchases/${listing.id}/status`],
      ['POST', `/api/purchases/${listing.id}/verify`],
      ['GET', '/api/purchases/payment?clientSecret=pi_x_secret_y'],
      [
        'POST',
        '/api/payments/local/confirm',
        { clientSecret: 'pi_x_secret_y', cardNumber: testCards.succeeds },
      ],
    ];
    for (const [method, url, payload] of routes) {
      const response = await t.app.inject({ method: method as 'GET', url, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().error.code).toBe('unauthenticated');
    }
  });

  it('lets nobody but the buyer end or read the buyer’s payment', async () => {
    const listing = await insertListing(t.app, { sellerId: seller.id });
    const { paymentIntentId } = await reserveOk(buyer, listing);
    const other = await signUp(t.app);
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/purchases/${listing.id}/reservation?paymentIntentId=${paymentIntentId}`,
      headers: { cookie: other.cookie },
    });
    expect(cancelled.statusCode).toBe(204);
    await t.app.afterReply.settled();
    // Another user's cancel touched nothing: the hold and the intent are the buyer's still.
    expect(
      (await reserve(other, listing.id, { priceCents: listing.listingPriceCents })).json().error.code,
    ).toBe('ticket_reserved');
    expect((await local.retrieveIntent(paymentIntentId)).status).toBe('requires_payment_method');
    expect(await status(other, listing.id)).toEqual({ status: 'failed', errorCode: 'verification_error' });
    expect(await status(buyer, listing.id)).toEqual({ status: 'pending', errorCode: null });
  });
});

describe('validate and cancel', () => {
  it('validates the hold, and says when it is not the buyer’s or has run out', async () => {
    const listing = await insertListing(t.app, { sellerId: seller.id });
    const { paymentIntentId } = await reserveOk(buyer, listing);
    const validate = (user: TestUser, intentId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/purchases/${listing.id}/reservation/validate`,
        headers: { cookie: user.cookie },
        payload: { paymentIntentId: intentId },
      });
    expect((await validate(buyer, paymentIntentId)).json()).toMatchObject({ valid: true });
    expect((await validate(buyer, 'pi_muu')).json().error.code).toBe('reservation_invalid');
    expect((await validate(seller, paymentIntentId)).json().error.code).toBe('reservation_invalid');
    await expireHold(listing.id);
    expect((await validate(buyer, paymentIntentId)).json().error.code).toBe('reservation_expired');
  });

  it('frees the listing at once when the buyer leaves, so the next buyer can hold it', async () => {
    const listing = await insertListing(t.app, { sellerId: seller.id });
    const { paymentIntentId } = await reserveOk(buyer, listing);
    const next = await signUp(t.app);
    expect((await reserve(next, listing.id, { priceCents: listing.listingPriceCents })).statusCode).toBe(409);
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/purchases/${listing.id}/reservation?paymentIntentId=${paymentIntentId}`,
      headers: { cookie: buyer.cookie },
    });
    expect(cancelled.statusCode).toBe(204);
    await reserveOk(next, listing);
    await t.app.afterReply.settled();
    expect((await local.retrieveIntent(paymentIntentId)).status).toBe('canceled');
    expect(await status(buyer, listing.id)).toEqual({ status: 'failed', errorCode: 'payment_canceled' });
  });

  it('takes the tab-close beacon as JSON in text/plain', async () => {
    const listing = await insertListing(t.app, { sellerId: seller.id });
    await reserveOk(buyer, listing);
    const beacon = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/purchases/${listing.id}/reservation/cancel`,
        headers: { cookie: buyer.cookie, 'content-type': 'text/plain;charset=UTF-8' },
        payload,
      });
    expect((await beacon('ei jsonia')).statusCode).toBe(400);
    expect((await beacon(JSON.stringify({ paymentIntentId: 'x'.repeat(5000) }))).statusCode).toBe(413);
    expect((await beacon('{}')).statusCode).toBe(204);
    await reserveOk(await signUp(t.app), listing);
  });
});

describe('paying with the local test-mode provider', () => {
  it('sells on 4242: sale, payout tracking, receipt and sale notice, status success', async () => {
    const listing = await insertListing(t.app, { sellerId: seller.id, eventName: 'Kuittikonsertti' });
    const { clientSecret } = await reserveOk(buyer, listing);
    const paid = await confirm(buyer, clientSecret, '4242 4242 4242 4242');
    expect(paid.json()).toEqual({ intentStatus: 'succeeded', error: null });
    // The event went through the webhook before the answer: the waiting page sees it at once.
    expect(await status(buyer, listing.id)).toEqual({ status: 'success', errorCode: null });

    const [sale] = await salesOf(listing.id);
    expect(sale).toMatchObject({
      buyerId: buyer.id,
      sellerId: seller.id,
      pricePaidCents: listing.listingPriceCents,
      serviceFeeCents: listing.serviceFeeCents,
      sellerReceivableCents: listing.sellerReceivableCents,
      eventName: 'Kuittikonsertti',
    });
    const [payout] = await t.app.db
      .select()
      .from(payoutTracking)
      .where(eq(payoutTracking.saleId, sale?.id ?? ''));
    expect(payout).toMatchObject({ status: 'pending', updatedBy: 'system', hasReclamation: false });
    expect(payout?.reclamationDeadline).toEqual(reclamationDeadline(listing.eventDate));
    const [row] = await t.app.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(row).toMatchObject({ status: 'sold', buyerId: buyer.id, heldBy: null });

    const receipts = (await mailsTo(buyer.email)).filter((mail) => mail.subject.includes('Kuittikonsertti'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.textBody).toContain(`/liput/${listing.id}`);
    expect(receipts[0]?.textBody).toContain(formatEuros(listing.listingPriceCents));
    // The receipt of decision 032: who, which order, the ticket without VAT, our fee with its VAT.
    if (!sale) throw new Error('no sale');
    const lines = receiptLines(sale);
    const receipt = receipts[0]?.textBody ?? '';
    expect(receipt).toContain(`Tilausnumero: ${sale.id}`);
    expect(receipt).toContain('Lipputori Oy, Y-tunnus 1234567-1');
    expect(receipt).toContain(
      `yksityisen myyjän hinta: ${formatEuros(lines.ticketPriceCents)} (ei arvonlisäveroa)`,
    );
    expect(receipt).toContain(`Palvelumaksu 3 %, sis. alv 25,5 %: ${formatEuros(lines.buyerFeeCents)}`);
    expect(receipt).toContain(`alv 25,5 % ${formatEuros(lines.buyerFeeVatCents)}`);
    expect(lines.buyerFeeVatCents).toBeGreaterThan(0);
    expect(lines.ticketPriceCents + lines.buyerFeeCents).toBe(listing.listingPriceCents);
    const notices = (await mailsTo(seller.email)).filter((mail) => mail.subject.includes('Kuittikonsertti'));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.textBody).toContain(formatEuros(listing.sellerReceivableCents));
    expect(notices[0]?.textBody).toContain(
      `Palvelumaksusi ${formatEuros(listing.serviceFeeCents)} sisältää arvonlisäveroa 25,5 % ${formatEuros(serviceFeeVat(listing.serviceFeeCents).vatCents)}`,
    );
  });

  it.each([
    [testCards.declined, 'card_declined', 'payment_failed'],
    [testCards.insufficientFunds, 'insufficient_funds', 'payment_failed'],
  ])('declines %s (%s) and lets the buyer try another card', async (card, code, errorCode) => {
    const listing = await insertListing(t.app, { sellerId: seller.id });
    const { clientSecret } = await reserveOk(buyer, listing);
    const declined = (await confirm(buyer, clientSecret, card)).json();
    expect(declined.intentStatus).toBe('requires_payment_method');
    expect(declined.error.code).toBe(code);
    expect(declined.error.message).toMatch(/^Korttisi hylättiin/);
    expect(await status(buyer, listing.id)).toEqual({ status: 'failed', errorCode });
    expect(await salesOf(listing.id)).toHaveLength(0);
    expect((await confirm(buyer, clientSecret, testCards.succeeds)).json().intentStatus).toBe('succeeded');
    expect(await status(buyer, listing.id)).toEqual({ status: 'success', errorCode: null });
  });

  it('tells requires_action, and keeps a processing payment pending until verified', async () => {
    const action = await insertListing(t.app, { sellerId: seller.id });
    const { clientSecret: actionSecret } = await reserveOk(buyer, action);
    expect((await confirm(buyer, actionSecret, testCards.requiresAction)).json().intentStatus).toBe(
      'requires_action',
    );
    expect(await status(buyer, action.id)).toEqual({ status: 'failed', errorCode: 'requires_action' });

    const slow = await insertListing(t.app, { sellerId: seller.id });
    const { clientSecret } = await reserveOk(buyer, slow);
    expect((await confirm(buyer, clientSecret, testCards.processing)).json().intentStatus).toBe('processing');
    expect(await status(buyer, slow.id)).toEqual({ status: 'pending', errorCode: null });
    const verified = await t.app.inject({
      method: 'POST',
      url: `/api/purchases/${slow.id}/verify`,
      headers: { cookie: buyer.cookie },
    });
    expect(verified.json()).toEqual({ success: false, errorCode: 'processing' });
  });

  it('refuses to pay someone else’s or an expired reservation, and hostile card forms', async () => {
    const listing = await insertListing(t.app, { sellerId: seller.id });
    const { clientSecret } = await reserveOk(buyer, listing);
    expect((await confirm(seller, clientSecret, testCards.succeeds)).json().error.code).toBe(
      'reservation_invalid',
    );
    expect((await confirm(buyer, 'pi_x_secret_y', testCards.succeeds)).json().error.code).toBe(
      'reservation_invalid',
    );
    for (const card of ['4242', 'abcd abcd abcd abcd', `4242\u00004242424242424`])
      expect((await confirm(buyer, clientSecret, card)).statusCode).toBe(400);
    await expireHold(listing.id);
    expect((await confirm(buyer, clientSecret, testCards.succeeds)).json().error.code).toBe(
      'reservation_expired',
    );
    expect(await salesOf(listing.id)).toHaveLength(0);
  });

  it('finds the payment by its client secret for the success page, for its buyer only', async () => {
    const listing = await insertListing(t.app, { sellerId: seller.id, eventName: 'Paluukonsertti' });
    const { clientSecret } = await reserveOk(buyer, listing);
    await confirm(buyer, clientSecret, testCards.succeeds);
    const lookup = (user: TestUser) =>
      t.app.inject({
        method: 'GET',
        url: `/api/purchases/payment?clientSecret=${encodeURIComponent(clientSecret)}`,
        headers: { cookie: user.cookie },
      });
    expect((await lookup(buyer)).json()).toEqual({
      intentStatus: 'succeeded',
      ticketId: listing.id,
      eventName: 'Paluukonsertti',
      priceCents: listing.listingPriceCents,
    });
    const other = await lookup(seller);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe('Maksutietoja ei löytynyt.');
  });
});

describe('webhook', () => {
  it('refuses a bad signature and ignores events about other things', async () => {
    const listing = await insertListing(t.app, { sellerId: seller.id });
    const { paymentIntentId } = await reserveOk(buyer, listing);
    const forged = signedEvent('evt_vaarennetty', 'payment_intent.succeeded', paymentIntentId, 'whsec_vaara');
    expect((await deliver(forged)).statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(unsigned.statusCode).toBe(400);
    const { body, signature } = signStripeEvent(
      stripeEvent('customer.created', { id: 'cus_1', object: 'customer' }),
      localWebhookSecret(t.config.cookieSecret),
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: body,
    });
    expect(response.json()).toEqual({ received: true });
    expect(await salesOf(listing.id)).toHaveLength(0);
  });

  it('acts once on the same event delivered five times at once: one sale, one receipt, one payout row', async () => {
    const listing = await insertListing(t.app, { sellerId: seller.id, eventName: 'Viisinkertainen' });
    const { paymentIntentId } = await reserveOk(buyer, listing);
    // The bank says yes, but the event is late: the provider's state changed without delivery.
    await t.app.db
      .update(reservations)
      .set({ intentStatus: 'processing' })
      .where(eq(reservations.paymentIntentId, paymentIntentId));
    await setLocalIntentStatus(paymentIntentId, 'succeeded');
    const event = signedEvent('evt_viisi', 'payment_intent.succeeded', paymentIntentId);
    const responses = await Promise.all(Array.from({ length: 5 }, () => deliver(event)));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const salesRows = await salesOf(listing.id);
    expect(salesRows).toHaveLength(1);
    expect(
      await t.app.db
        .select()
        .from(payoutTracking)
        .where(eq(payoutTracking.saleId, salesRows[0]?.id ?? '')),
    ).toHaveLength(1);
    expect((await mailsTo(buyer.email)).filter((m) => m.subject.includes('Viisinkertainen'))).toHaveLength(1);
    // A late "failed" about the same intent changes nothing.
    expect(
      (await deliver(signedEvent('evt_myohassa', 'payment_intent.payment_failed', paymentIntentId)))
        .statusCode,
    ).toBe(200);
    expect(await status(buyer, listing.id)).toEqual({ status: 'success', errorCode: null });
  });

  it('completes a late payment for its buyer when the ticket is still free', async () => {
    const listing = await insertListing(t.app, { sellerId: seller.id });
    const { paymentIntentId } = await reserveOk(buyer, listing);
    await expireHold(listing.id);
    await setLocalIntentStatus(paymentIntentId, 'succeeded');
    await deliver(signedEvent('evt_myohainen', 'payment_intent.succeeded', paymentIntentId));
    expect(await salesOf(listing.id)).toMatchObject([{ buyerId: buyer.id }]);
  });

  it('refunds a paid intent that does not match its reservation, and sells nothing', async () => {
    const listing = await insertListing(t.app, { sellerId: seller.id });
    const { paymentIntentId } = await reserveOk(buyer, listing);
    await t.app.db
      .update(localPaymentIntents)
      .set({ status: 'succeeded', amountCents: 1 })
      .where(eq(localPaymentIntents.id, paymentIntentId));
    await deliver(signedEvent('evt_vaara_summa', 'payment_intent.succeeded', paymentIntentId));
    expect(await salesOf(listing.id)).toHaveLength(0);
    expect(await local.refundedCents(paymentIntentId)).toBe(1);
    expect(await status(buyer, listing.id)).toEqual({ status: 'failed', errorCode: 'refunded' });
  });

  it('refunds a late payment once when another buyer bought the ticket, even delivered twice', async () => {
    const listing = await insertListing(t.app, { sellerId: seller.id, eventName: 'Palautuskonsertti' });
    const late = await signUp(t.app);
    const { paymentIntentId: lateIntent } = await reserveOk(late, listing);
    await expireHold(listing.id);
    const winner = await signUp(t.app);
    const { clientSecret } = await reserveOk(winner, listing);
    await confirm(winner, clientSecret, testCards.succeeds);

    let refundCalls = 0;
    const refund = local.refund.bind(local);
    local.refund = async (id: string) => {
      refundCalls++;
      return refund(id);
    };
    try {
      await setLocalIntentStatus(lateIntent, 'succeeded');
      const event = signedEvent('evt_myohassa_maksettu', 'payment_intent.succeeded', lateIntent);
      await Promise.all([deliver(event), deliver(event)]);
      await deliver(signedEvent('evt_toinen_tieto', 'payment_intent.succeeded', lateIntent));
    } finally {
      local.refund = refund;
    }
    expect(refundCalls).toBe(1);
    expect(await local.refundedCents(lateIntent)).toBe(listing.listingPriceCents);
    expect(await salesOf(listing.id)).toMatchObject([{ buyerId: winner.id }]);
    expect(await status(late, listing.id)).toEqual({ status: 'failed', errorCode: 'refunded' });
    const notices = (await mailsTo(late.email)).filter((m) => m.subject.startsWith('Maksusi on palautettu'));
    expect(notices).toHaveLength(1);
  });
});

describe('sweep', () => {
  it('cancels the intents of holds that ran out, and leaves live ones alone', async () => {
    const abandoned = await insertListing(t.app, { sellerId: seller.id });
    const { paymentIntentId: abandonedIntent } = await reserveOk(buyer, abandoned);
    const live = await insertListing(t.app, { sellerId: seller.id });
    const { paymentIntentId: liveIntent } = await reserveOk(buyer, live);
    await t.app.db
      .update(reservations)
      .set({ expiresAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(reservations.paymentIntentId, abandonedIntent));
    const swept = await t.app.purchases.settlement.sweep();
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    expect((await local.retrieveIntent(abandonedIntent)).status).toBe('canceled');
    expect((await local.retrieveIntent(liveIntent)).status).toBe('requires_payment_method');
    expect(await status(buyer, abandoned.id)).toEqual({ status: 'failed', errorCode: 'reservation_expired' });
  });

  it('answers a buyer with no payment for the ticket with a verification error', async () => {
    const listing = await insertListing(t.app, { sellerId: seller.id });
    expect(await status(buyer, listing.id)).toEqual({ status: 'failed', errorCode: 'verification_error' });
  });
});

/** The provider's side changing without an event (a slow bank): the test plays the bank. */
async function setLocalIntentStatus(paymentIntentId: string, intentStatus: string) {
  await t.app.db
    .update(localPaymentIntents)
    .set({ status: intentStatus })
    .where(eq(localPaymentIntents.id, paymentIntentId));
}

describe('one price from hold to payout', () => {
  const editPrice = (listingId: string, sellingPriceCents: number) => {
    const prices = calculatePrices(sellingPriceCents, 0);
    return t.app.inject({
      method: 'PATCH',
      url: `/api/listings/${listingId}`,
      headers: { cookie: seller.cookie },
      payload: {
        sellingPrice: formatEuros(sellingPriceCents).replace(/\s*€$/, ''),
        additionalInfo: '',
        listingPriceCents: prices.listingPriceCents,
        sellerReceivableCents: prices.sellerReceivableCents,
      },
    });
  };

  it('refuses a price edit while a lapsed hold’s intent can still be paid, and frees it once cancelled', async () => {
    const listing = await insertListing(t.app, { sellerId: seller.id });
    const { paymentIntentId } = await reserveOk(buyer, listing);
    await expireHold(listing.id);
    const refused = await editPrice(listing.id, 1000);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(sellingMessages.buyerPaying);
    // The sweep cancels the intent at the provider: nobody can pay it now, so the price may move.
    await t.app.db
      .update(reservations)
      .set({ expiresAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(reservations.paymentIntentId, paymentIntentId));
    await t.app.purchases.settlement.sweep();
    expect((await local.retrieveIntent(paymentIntentId)).status).toBe('canceled');
    expect((await editPrice(listing.id, 1000)).statusCode).toBe(200);
  });

  it('sells a late payment at the price its intent was made for, whatever the listing says now', async () => {
    const listing = await insertListing(t.app, { sellerId: seller.id });
    const { clientSecret } = await reserveOk(buyer, listing);
    await expireHold(listing.id);
    // Were the price to move anyway (an edit of an older version, an admin's fix in the database):
    const moved = calculatePrices(1000, 0);
    await t.app.db.update(listings).set(moved).where(eq(listings.id, listing.id));
    // The buyer's browser still pays the old intent, as Stripe lets it.
    expect((await local.confirmWithTestCard(clientSecret, testCards.succeeds))?.status).toBe('succeeded');
    const [sale] = await salesOf(listing.id);
    expect(sale).toMatchObject({
      pricePaidCents: listing.listingPriceCents,
      serviceFeeCents: listing.serviceFeeCents,
      sellerReceivableCents: listing.sellerReceivableCents,
    });
  });
});

describe('a crash between the local charge and its event', () => {
  it('keeps the event, delivers it at the next start, and answers a retried payment with its outcome', async () => {
    const listing = await insertListing(t.app, { sellerId: seller.id });
    const { clientSecret } = await reserveOk(buyer, listing);
    // The process dies after charging, before the webhook takes the event.
    const dying = new LocalPaymentProvider(t.app.db, localWebhookSecret(t.config.cookieSecret), async () => {
      throw new Error('SIGKILL');
    });
    await expect(dying.confirmWithTestCard(clientSecret, testCards.succeeds)).rejects.toThrow('SIGKILL');
    expect(await salesOf(listing.id)).toHaveLength(0);
    const [kept] = await t.app.db
      .select()
      .from(localPaymentEvents)
      .where(
        and(
          eq(localPaymentEvents.paymentIntentId, clientSecret.split('_secret_')[0] ?? ''),
          isNull(localPaymentEvents.deliveredAt),
        ),
      );
    expect(kept?.body).toContain('payment_intent.succeeded');

    // The buyer's retry of the card form finds the payment made, and its event is sent now.
    const retried = await confirm(buyer, clientSecret, testCards.succeeds);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ intentStatus: 'succeeded', error: null });
    expect(await status(buyer, listing.id)).toEqual({ status: 'success', errorCode: null });
    expect(await salesOf(listing.id)).toHaveLength(1);
  });

  it('sends the events a dead process left at start, each once', async () => {
    const listing = await insertListing(t.app, { sellerId: seller.id });
    const { clientSecret } = await reserveOk(buyer, listing);
    const dying = new LocalPaymentProvider(
      t.app.db,
      localWebhookSecret(t.config.cookieSecret),
      async () => false,
    );
    await dying.confirmWithTestCard(clientSecret, testCards.succeeds);
    expect(await salesOf(listing.id)).toHaveLength(0);
    // What the start-up delivery runs (app.ts): the sale appears, and a second round sends nothing.
    expect(await local.deliverUndelivered()).toBeGreaterThanOrEqual(1);
    expect(await salesOf(listing.id)).toHaveLength(1);
    expect(await local.deliverUndelivered()).toBe(0);
  });
});

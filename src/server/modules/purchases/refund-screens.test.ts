import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventCancellation } from '#shared/admin/event-cancellations.schema.ts';
import type { FailedRefund } from '#shared/admin/failed-refunds.schema.ts';
import type { BackgroundJob } from '#shared/admin/jobs.schema.ts';
import { ticketPageMessages } from '#shared/browsing/ticket-messages.ts';
import type { MyListing } from '#shared/listings/seller-listing.schema.ts';
import type { BoughtTicket } from '#shared/purchases/purchase.schema.ts';
import { outbox, payoutTracking, saleRefunds } from '../../db/schema/index.ts';
import { LocalPaymentProvider } from '../../platform/payments/local-payment-provider.ts';
import type { PaymentProvider } from '../../platform/payments/payment-provider.ts';
import { adminAccessCookie, insertListing, insertSoldListing, signUp } from '../../test/listing-fixtures.ts';
import { buyWithTestCard } from '../../test/purchase-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { processEventCancellations } from '../admin/event-cancellations.ts';
import { maxRefundAttempts, SaleRefunds } from './sale-refunds.ts';

// Issue 33 item 3: every screen reads the one refund state. A purchase refunded for a cancelled
// event shows the refund (and no longer hands out its PDF), the seller's sold card shows the
// cancelled payout, the buyer is told "under way" until the provider confirms, and a refund the
// provider refuses for good is visible: in the cancellation's progress, the jobs, the metrics and
// the admin's list, where it can be tried again.

type Person = Awaited<ReturnType<typeof signUp>>;
const metricsToken = 'mittarit-0123456789-abcdefghijklmnop';
let t: TestApp;
let local: LocalPaymentProvider;
let adminCookie: string;
let seller: Person;

beforeAll(async () => {
  t = await createTestApp({ rateLimits: false, metricsToken });
  if (!(t.app.payments instanceof LocalPaymentProvider)) throw new Error('tests expect the local provider');
  local = t.app.payments;
  const admin = await signUp(t.app, 'hyvittaja', { admin: true });
  adminCookie = adminAccessCookie(t.app, admin);
  seller = await signUp(t.app, 'hyvitysmyyja');
});
afterAll(() => t.close());

const as = (cookie: string, method: 'GET' | 'POST', url: string) =>
  t.app.inject({ method, url, headers: { cookie } });
const deps = (payments: PaymentProvider = local) => ({
  db: t.app.db,
  listings: t.app.listings,
  refunds: new SaleRefunds({ db: t.app.db, payments, log: t.app.log }),
  publicUrl: t.app.config.publicUrl,
  mailQueued: () => {},
  log: t.app.log,
});

async function boughtTickets(buyer: Person): Promise<BoughtTicket[]> {
  const answer = await as(buyer.cookie, 'GET', '/api/purchases');
  expect(answer.statusCode).toBe(200);
  return answer.json().tickets;
}

async function cancel(eventName: string, listingIds: string[], payments?: PaymentProvider) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/event-cancellations',
    headers: { cookie: adminCookie },
    payload: { listingIds, reason: 'Järjestäjä perui esityksen' },
  });
  expect(created.statusCode, created.body).toBe(201);
  await processEventCancellations(deps(payments));
  const list = (await as(adminCookie, 'GET', '/api/admin/event-cancellations')).json()
    .cancellations as EventCancellation[];
  const found = list.find((cancellation) => cancellation.eventName === eventName);
  if (!found) throw new Error('no cancellation');
  return found;
}

const mailsTo = async (email: string) =>
  (await t.app.db.select().from(outbox).where(eq(outbox.toAddress, email))).map((mail) => ({
    subject: mail.subject,
    text: mail.textBody,
  }));

describe('a purchase refunded for a cancelled event', () => {
  const eventName = 'Peruttu Kesäteatteri';
  let buyer: Person;
  let listing: Awaited<ReturnType<typeof insertListing>>;
  let sale: Awaited<ReturnType<typeof buyWithTestCard>>;

  beforeAll(async () => {
    buyer = await signUp(t.app, 'peruttuostaja');
    listing = await insertListing(t.app, { sellerId: seller.id, eventName, fileCount: 2 });
    sale = await buyWithTestCard(t.app, buyer, listing);
    // The provider takes the refund but confirms it later (Stripe's charge.refunded comes by webhook).
    const taking: PaymentProvider = Object.create(local);
    taking.refund = async () => {};
    await cancel(eventName, [listing.id], taking);
  });

  it('is under way until the provider confirms it: no files, the state, amount and date', async () => {
    const [ticket] = await boughtTickets(buyer);
    expect(ticket).toMatchObject({
      ticketId: listing.id,
      files: [],
      refund: { state: 'under_way', reason: 'event_cancelled', amountCents: sale.pricePaidCents },
    });
    expect(Date.parse(ticket?.refund?.date ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // The buyer was told it is under way, not that the money is on the card.
    const mails = await mailsTo(buyer.email);
    const cancelled = mails.find((mail) => mail.subject.startsWith('Tapahtuma peruttu'));
    expect(cancelled?.subject).toBe(`Tapahtuma peruttu – maksusi palautus on käynnissä: ${eventName}`);
    expect(cancelled?.text).toContain('Palautus on käynnissä: saat vielä viestin, kun se on tehty.');
    expect(cancelled?.text).not.toContain('Palautamme koko maksusi');
    expect(mails.map((mail) => mail.subject)).not.toContain(`Maksusi on palautettu: ${eventName}`);
  });

  it('refuses the PDF and the package to the buyer in Finnish, and the ticket page lists no files', async () => {
    for (const url of [
      `/api/tickets/${listing.id}/download`,
      `/api/tickets/${listing.id}/files/${listing.files[0]?.id}?download=1`,
    ]) {
      const refused = await as(buyer.cookie, 'GET', url);
      expect(refused.statusCode, url).toBe(409);
      expect(refused.json().error).toEqual({
        code: 'sale-refunded',
        message: ticketPageMessages.fileRefunded,
      });
    }
    const page = (await as(buyer.cookie, 'GET', `/api/tickets/${listing.id}`)).json();
    expect(page.buyerView).toMatchObject({ files: [], refund: { state: 'under_way' } });
    // The seller keeps their own files.
    expect((await as(seller.cookie, 'GET', `/api/tickets/${listing.id}/download`)).statusCode).toBe(200);
  });

  it('is refunded once the provider confirms it, and only then is the buyer told the money is back', async () => {
    await local.refund(sale.paymentIntentId);
    const [ticket] = await boughtTickets(buyer);
    expect(ticket?.refund).toMatchObject({ state: 'refunded', amountCents: sale.pricePaidCents });
    const confirmed = (await mailsTo(buyer.email)).filter(
      (mail) => mail.subject === `Maksusi on palautettu: ${eventName}`,
    );
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]?.text).toContain('Maksunvälittäjä on vahvistanut palautuksen');
    const cancellation = (await as(adminCookie, 'GET', '/api/admin/event-cancellations')).json()
      .cancellations as EventCancellation[];
    expect(cancellation.find((entry) => entry.eventName === eventName)).toMatchObject({
      refunded: 1,
      refundsConfirmed: 1,
      refundsFailed: 0,
      failedRefunds: [],
    });
  });

  it('shows the seller the cancelled payout with nothing to be paid', async () => {
    const mine = (await as(seller.cookie, 'GET', '/api/listings/mine')).json() as { listings: MyListing[] };
    const card = mine.listings.find((entry) => entry.id === listing.id);
    expect(card).toMatchObject({
      status: 'sold',
      payout: { status: 'cancelled', expectedDate: null, paymentDate: null, holdReason: 'refunded' },
    });
  });
});

describe('a refund the provider refuses', () => {
  const eventName = 'Tuntematon maksu -konsertti';
  let buyer: Person;
  let listingId = '';
  let saleId = '';

  beforeAll(async () => {
    buyer = await signUp(t.app, 'epaonnistunut');
    // As the demo data's sales were: a payment the local provider has never heard of.
    const sold = await insertSoldListing(t.app, { sellerId: seller.id, buyerId: buyer.id, eventName });
    listingId = sold.id;
    await t.app.inject({ method: 'GET', url: '/api/admin/sales', headers: { cookie: adminCookie } });
  });

  it("fails at once for a payment the provider does not know, shown in the cancellation's progress", async () => {
    const cancellation = await cancel(eventName, [listingId]);
    const failed = (await t.app.db.select().from(saleRefunds)).find((row) => row.lastError !== null);
    saleId = failed?.saleId ?? '';
    expect(cancellation).toMatchObject({
      refunded: 1,
      refundsSent: 0,
      refundsConfirmed: 0,
      refundsFailed: 1,
      failedRefunds: [
        {
          listingId,
          saleId,
          attempts: maxRefundAttempts,
          error: expect.stringMatching(/^No such payment_intent: 'pi_test_/),
        },
      ],
    });
  });

  it('is told to the buyer as failed, never as money coming', async () => {
    const [ticket] = await boughtTickets(buyer);
    expect(ticket?.refund).toMatchObject({ state: 'failed', reason: 'event_cancelled' });
    expect(ticket?.files).toEqual([]);
    const subjects = (await mailsTo(buyer.email)).map((mail) => mail.subject);
    expect(subjects).toContain(`Tapahtuma peruttu – maksusi palautus on käynnissä: ${eventName}`);
    expect(subjects).not.toContain(`Maksusi on palautettu: ${eventName}`);
  });

  it('is in the jobs, the metrics and the admin list, and the job does not try it again', async () => {
    const jobs = (await as(adminCookie, 'GET', '/api/admin/jobs')).json().jobs as BackgroundJob[];
    expect(jobs.find((job) => job.name === 'send-sale-refunds')?.needsAttention).toBe(1);
    expect(jobs.find((job) => job.name === 'expire-past-listings')?.needsAttention).toBe(0);

    const metrics = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${metricsToken}` },
    });
    expect(metrics.body).toMatch(/^lipputori_sale_refunds_failed 1$/m);
    expect(metrics.body).toMatch(/^lipputori_sale_refunds_unsent 0$/m);

    const failed = (await as(adminCookie, 'GET', '/api/admin/refunds/failed')).json()
      .refunds as FailedRefund[];
    expect(failed).toEqual([
      expect.objectContaining({ saleId, listingId, eventName, reason: 'event_cancelled' }),
    ]);
    // The job leaves it alone: no silent retrying every minute.
    expect(await t.app.purchases.refunds.sendUnsent()).toBe(0);
    const [row] = await t.app.db.select().from(saleRefunds).where(eq(saleRefunds.saleId, saleId));
    expect(row?.attempts).toBe(maxRefundAttempts);
    // Hidden from everyone but an admin in the area.
    expect((await as(buyer.cookie, 'GET', '/api/admin/refunds/failed')).statusCode).toBe(404);
  });

  it('an admin tries it again: still failing it stays visible; once the provider takes it, it is sent', async () => {
    const again = await as(adminCookie, 'POST', `/api/admin/refunds/${saleId}/retry`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ sent: false });
    expect((await as(adminCookie, 'GET', '/api/admin/refunds/failed')).json().refunds).toHaveLength(1);

    // The payment is found (say, the wrong account was configured): the try goes through.
    const working: PaymentProvider = Object.create(local);
    working.refund = async () => {};
    const refunds = new SaleRefunds({ db: t.app.db, payments: working, log: t.app.log });
    expect(await refunds.retry(saleId)).toBe(true);
    expect((await as(adminCookie, 'GET', '/api/admin/refunds/failed')).json().refunds).toEqual([]);
    const [ticket] = await boughtTickets(buyer);
    expect(ticket?.refund?.state).toBe('under_way');
    // Nothing left to try again.
    expect((await as(adminCookie, 'POST', `/api/admin/refunds/${saleId}/retry`)).statusCode).toBe(409);
  });
});

describe('a provider that keeps failing', () => {
  it(`is tried ${maxRefundAttempts} times with growing waits, then the job run fails and it waits for an admin`, async () => {
    const buyer = await signUp(t.app);
    const listing = await insertListing(t.app, { sellerId: seller.id });
    const sale = await buyWithTestCard(t.app, buyer, listing);
    const down: PaymentProvider = Object.create(local);
    let calls = 0;
    down.refund = async () => {
      calls++;
      throw new Error('provider unavailable');
    };
    const refunds = new SaleRefunds({ db: t.app.db, payments: down, log: t.app.log });
    await refunds.request(t.app.db, { saleId: sale.id, reason: 'complaint', requestedBy: null });
    const claimOf = async () =>
      (await t.app.db.select().from(saleRefunds).where(eq(saleRefunds.saleId, sale.id)))[0];
    const waits: number[] = [];
    for (let attempt = 1; attempt < maxRefundAttempts; attempt++) {
      expect(await refunds.sendUnsent()).toBe(0);
      const row = await claimOf();
      waits.push(Math.round(((row?.claimedUntil?.getTime() ?? 0) - Date.now()) / 60_000));
      // Not due yet: the job leaves it alone until its wait is over.
      await refunds.sendUnsent();
      expect(calls).toBe(attempt);
      await t.app.db
        .update(saleRefunds)
        .set({ claimedUntil: new Date(Date.now() - 1000) })
        .where(eq(saleRefunds.saleId, sale.id));
    }
    expect(waits).toEqual([1, 2, 4, 8, 16]);
    await expect(refunds.sendUnsent()).rejects.toThrow(
      /1 refund\(s\) failed for good .*provider unavailable/,
    );
    expect(calls).toBe(maxRefundAttempts);
    const [ticket] = await boughtTickets(buyer);
    expect(ticket?.refund).toMatchObject({ state: 'failed', reason: 'complaint' });
    const [payout] = await t.app.db.select().from(payoutTracking).where(eq(payoutTracking.saleId, sale.id));
    expect(payout?.status).toBe('cancelled');
  });
});

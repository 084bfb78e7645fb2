import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancellationMessages, type EventCancellation } from '#shared/admin/event-cancellations.schema.ts';
import { unstorableTextMessage } from '#shared/text.ts';
import {
  eventCancellationListings,
  listingRemovals,
  listings,
  localPaymentEvents,
  outbox,
  payoutTracking,
  saleRefunds,
} from '../../db/schema/index.ts';
import { LocalPaymentProvider } from '../../platform/payments/local-payment-provider.ts';
import type { PaymentProvider } from '../../platform/payments/payment-provider.ts';
import { adminAccessCookie, insertListing, signUp } from '../../test/listing-fixtures.ts';
import { buyWithTestCard } from '../../test/purchase-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { SaleRefunds } from '../purchases/sale-refunds.ts';
import { type CancellationDeps, processEventCancellations } from './event-cancellations.ts';

// A cancelled event (issue 24): 20 sold tickets refunded through the provider, each once, even when
// the job is stopped halfway and run again; the unsold taken off sale; buyers and sellers mailed.

type Person = Awaited<ReturnType<typeof signUp>>;
let t: TestApp;
let local: LocalPaymentProvider;
let adminCookie: string;
let seller: Person;
const eventName = 'Peruttu Kesäfestivaali';
const eventDate = new Date(Date.now() + 20 * 86_400_000);
const sold: {
  listingId: string;
  saleId: string;
  paymentIntentId: string;
  pricePaidCents: number;
  buyer: Person;
}[] = [];
let listedIds: string[] = [];
let heldId = '';
let otherEventId = '';
let buyerHolding: Person;

beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  if (!(t.app.payments instanceof LocalPaymentProvider)) throw new Error('tests expect the local provider');
  local = t.app.payments;
  const admin = await signUp(t.app, 'peruuttaja', { admin: true });
  adminCookie = adminAccessCookie(t.app, admin);
  seller = await signUp(t.app, 'festarimyyja');
  for (let n = 0; n < 20; n++) {
    const buyer = await signUp(t.app);
    const listing = await insertListing(t.app, { sellerId: seller.id, eventName, eventDate });
    const sale = await buyWithTestCard(t.app, buyer, listing);
    sold.push({
      listingId: listing.id,
      saleId: sale.id,
      paymentIntentId: sale.paymentIntentId,
      pricePaidCents: sale.pricePaidCents,
      buyer,
    });
  }
  listedIds = [
    (await insertListing(t.app, { sellerId: seller.id, eventName, eventDate })).id,
    (await insertListing(t.app, { sellerId: seller.id, eventName, eventDate, status: 'pending' })).id,
  ];
  const held = await insertListing(t.app, { sellerId: seller.id, eventName, eventDate });
  heldId = held.id;
  buyerHolding = await signUp(t.app);
  const reserved = await t.app.inject({
    method: 'POST',
    url: `/api/purchases/${heldId}/reservation`,
    headers: { cookie: buyerHolding.cookie },
    payload: { priceCents: held.listingPriceCents },
  });
  expect(reserved.statusCode).toBe(200);
  otherEventId = (
    await insertListing(t.app, { sellerId: seller.id, eventName: 'Toinen konsertti', eventDate })
  ).id;
});
afterAll(() => t.close());

const asAdmin = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: adminCookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const allOfTheEvent = () => [...sold.map((sale) => sale.listingId), ...listedIds, heldId];

function deps(payments: PaymentProvider = local, mailQueued = () => {}): CancellationDeps {
  return {
    db: t.app.db,
    listings: t.app.listings,
    refunds: new SaleRefunds({ db: t.app.db, payments, log: t.app.log }),
    publicUrl: t.app.config.publicUrl,
    mailQueued,
    log: t.app.log,
  };
}

describe('finding and cancelling an event', () => {
  it("finds the event's open and sold listings by its name, apart from other events", async () => {
    const answer = await asAdmin('GET', '/api/admin/event-cancellations/events?q=kesäfestivaali');
    expect(answer.statusCode).toBe(200);
    const events = answer.json().events as {
      eventName: string;
      listings: { id: string; status: string }[];
    }[];
    expect(events).toHaveLength(1);
    expect(events[0]?.listings.map((listing) => listing.id).sort()).toEqual(allOfTheEvent().sort());
    expect(events[0]?.listings.filter((listing) => listing.status === 'sold')).toHaveLength(20);
  });

  it('is hidden from everyone but an admin in the area', async () => {
    const buyer = sold[0]?.buyer;
    for (const cookie of [undefined, buyer?.cookie]) {
      for (const [method, url] of [
        ['GET', '/api/admin/event-cancellations'],
        ['GET', '/api/admin/event-cancellations/events'],
        ['POST', '/api/admin/event-cancellations'],
      ] as const) {
        const answer = await t.app.inject({
          method,
          url,
          headers: cookie ? { cookie } : {},
          ...(method === 'POST' ? { payload: { listingIds: [otherEventId], reason: 'x' } } : {}),
        });
        expect(answer.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    expect(await t.app.db.select().from(eventCancellationListings)).toEqual([]);
  });

  it('refuses hostile and wrong requests in Finnish, and changes nothing', async () => {
    const cases: [unknown, number, string][] = [
      [{ listingIds: [otherEventId], reason: '' }, 400, cancellationMessages.reasonRequired],
      [{ listingIds: [otherEventId], reason: 'x'.repeat(301) }, 400, cancellationMessages.reasonTooLong],
      [{ listingIds: [otherEventId], reason: 'Peruttu\u0000' }, 400, unstorableTextMessage],
      [{ listingIds: [], reason: 'Peruttu' }, 400, cancellationMessages.listingsRequired],
      [{ listingIds: ['ei-uuid'], reason: 'Peruttu' }, 400, ''],
      [
        { listingIds: Array.from({ length: 501 }, () => otherEventId), reason: 'Peruttu' },
        400,
        cancellationMessages.tooManyListings,
      ],
      [
        { listingIds: ['00000000-0000-4000-8000-000000000000'], reason: 'Peruttu' },
        400,
        cancellationMessages.unknownListings,
      ],
      [{ listingIds: otherEventId, reason: 'Peruttu' }, 400, ''],
    ];
    for (const [payload, status, message] of cases) {
      const answer = await asAdmin('POST', '/api/admin/event-cancellations', payload);
      expect(answer.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      const body = answer.json().error;
      if (message) expect(JSON.stringify(body)).toContain(message);
      expect(body.message).toMatch(/[a-zäö]/);
    }
    const search = await asAdmin('GET', `/api/admin/event-cancellations/events?q=${'a'.repeat(101)}`);
    expect(search.statusCode).toBe(400);
    expect(await t.app.db.select().from(eventCancellationListings)).toEqual([]);
  });

  it('refunds all 20 sales once though the job is stopped halfway and run again', async () => {
    const created = await asAdmin('POST', '/api/admin/event-cancellations', {
      listingIds: allOfTheEvent(),
      reason: 'Järjestäjä perui festivaalin',
    });
    expect(created.statusCode, created.body).toBe(201);
    // The same listing again, by another admin or a double click: refused, nothing added.
    const again = await asAdmin('POST', '/api/admin/event-cancellations', {
      listingIds: [listedIds[0], otherEventId],
      reason: 'Uudestaan',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(cancellationMessages.alreadyCancelled);

    // First run: the process dies after its eleventh listing is committed (its refund not yet
    // asked), and on the way one provider answer is lost after the provider refunded.
    let committed = 0;
    let refundCalls = 0;
    const flaky: PaymentProvider = Object.create(local);
    flaky.refund = async (paymentIntentId) => {
      refundCalls++;
      await local.refund(paymentIntentId);
      if (refundCalls === 3) throw new Error('the answer was lost');
    };
    await expect(
      processEventCancellations(
        deps(flaky, () => {
          committed++;
          if (committed === 11) throw new Error('the process was killed');
        }),
      ),
    ).rejects.toThrow('killed');
    const halfway = await t.app.db.select().from(saleRefunds);
    expect(halfway.length).toBeGreaterThan(0);
    expect(halfway.length).toBeLessThan(20);

    // The app's jobs, later (once the failed refund's wait is over): the cancellations, and the
    // refunds left unsent.
    await processEventCancellations(deps());
    await t.app.db.update(saleRefunds).set({ claimedUntil: new Date(Date.now() - 1000) });
    await t.app.purchases.refunds.sendUnsent();

    const refunds = await t.app.db.select().from(saleRefunds);
    expect(refunds).toHaveLength(20);
    expect(refunds.every((refund) => refund.sentAt !== null && refund.reason === 'event_cancelled')).toBe(
      true,
    );
    for (const sale of sold) {
      expect(await local.refundedCents(sale.paymentIntentId)).toBe(sale.pricePaidCents);
      const events = await t.app.db
        .select()
        .from(localPaymentEvents)
        .where(
          and(
            eq(localPaymentEvents.paymentIntentId, sale.paymentIntentId),
            like(localPaymentEvents.body, '%charge.refunded%'),
          ),
        );
      expect(events, 'one refund per payment').toHaveLength(1);
    }
    const payouts = await t.app.db
      .select()
      .from(payoutTracking)
      .where(
        inArray(
          payoutTracking.saleId,
          sold.map((sale) => sale.saleId),
        ),
      );
    expect(
      payouts.every((payout) => payout.status === 'cancelled' && payout.paymentIssue === 'refunded'),
    ).toBe(true);
  });

  it('mails each buyer that the refund is under way, then that it is made, and the seller of each ticket', async () => {
    for (const { buyer } of sold) {
      const mails = await t.app.db.select().from(outbox).where(eq(outbox.toAddress, buyer.email));
      const about = mails.filter(
        (mail) => mail.subject.includes(eventName) && !mail.subject.startsWith('Kuitti'),
      );
      expect(about.map((mail) => mail.subject).sort()).toEqual([
        `Maksusi on palautettu: ${eventName}`,
        `Tapahtuma peruttu – maksusi palautus on käynnissä: ${eventName}`,
      ]);
      expect(about[0]?.textBody).toContain('Järjestäjä perui festivaalin');
    }
    const sellerMails = await t.app.db.select().from(outbox).where(eq(outbox.toAddress, seller.email));
    expect(sellerMails.filter((mail) => mail.subject === `Tapahtuma peruttu: ${eventName}`)).toHaveLength(20);
    expect(
      sellerMails.filter((mail) =>
        mail.subject.startsWith('Tapahtuma peruttu – lippusi poistettiin myynnistä'),
      ),
    ).toHaveLength(2);
  });

  it('takes the unsold listings off sale; one a buyer is paying for waits until the hold ends', async () => {
    const open = await t.app.db
      .select()
      .from(listings)
      .where(inArray(listings.id, [...listedIds, heldId, otherEventId]));
    const statusOf = (id: string) => open.find((listing) => listing.id === id)?.status;
    expect(listedIds.map(statusOf)).toEqual(['removed', 'removed']);
    expect(statusOf(heldId)).toBe('listed');
    expect(statusOf(otherEventId)).toBe('listed');
    const removals = await t.app.db
      .select()
      .from(listingRemovals)
      .where(inArray(listingRemovals.listingId, listedIds));
    expect(removals.map((removal) => removal.removalReason)).toEqual(['event_cancelled', 'event_cancelled']);

    const during = (await asAdmin('GET', '/api/admin/event-cancellations')).json()
      .cancellations as EventCancellation[];
    expect(during).toEqual([
      expect.objectContaining({
        listings: 23,
        refunded: 20,
        refundsSent: 20,
        withdrawn: 2,
        waiting: 1,
        finishedAt: null,
      }),
    ]);

    // The buyer left without paying: the hold ends, and the next run takes the listing off sale.
    await t.app.db
      .update(listings)
      .set({ heldUntil: new Date(Date.now() - 1000) })
      .where(eq(listings.id, heldId));
    await processEventCancellations(deps());
    const [afterHold] = await t.app.db.select().from(listings).where(eq(listings.id, heldId));
    expect(afterHold?.status).toBe('removed');
    const done = (await asAdmin('GET', '/api/admin/event-cancellations')).json()
      .cancellations as EventCancellation[];
    expect(done).toEqual([
      expect.objectContaining({
        eventName,
        listings: 23,
        refunded: 20,
        refundsSent: 20,
        withdrawn: 3,
        waiting: 0,
        finishedAt: expect.any(String),
      }),
    ]);
    // A finished cancellation is left alone by later runs, and its listings are offered no more.
    expect(await processEventCancellations(deps())).toBe(0);
    const search = await asAdmin('GET', '/api/admin/event-cancellations/events?q=kesäfestivaali');
    expect(search.json().events).toEqual([]);
  });
});

import { createHash } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reclamationDeadline } from '#shared/payout-date.ts';
import { calculatePrices } from '#shared/pricing.ts';
import {
  admins,
  events,
  listingFiles,
  listings,
  paymentAdjustments,
  payoutTracking,
  reservations,
  sales,
  users,
} from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { demoAccounts, demoListingIds, seedDemoData } from './demo-data.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.app);
});
afterAll(() => t.close());

async function tableCounts() {
  const [[u], [e], [l], [f], [r], [s], [p]] = await Promise.all([
    t.app.db.select({ n: count() }).from(users),
    t.app.db.select({ n: count() }).from(events),
    t.app.db.select({ n: count() }).from(listings),
    t.app.db.select({ n: count() }).from(listingFiles),
    t.app.db.select({ n: count() }).from(reservations),
    t.app.db.select({ n: count() }).from(sales),
    t.app.db.select({ n: count() }).from(payoutTracking),
  ]);
  return {
    users: u?.n,
    events: e?.n,
    listings: l?.n,
    files: f?.n,
    reservations: r?.n,
    sales: s?.n,
    payouts: p?.n,
  };
}

describe('demo seed', () => {
  it('creates the demo accounts, with the admin marked as admin', async () => {
    const rows = await t.app.db.select().from(users);
    for (const account of Object.values(demoAccounts)) {
      const user = rows.find((row) => row.email === account.email);
      expect(user?.username).toBe(account.username.toLowerCase());
      expect(user?.displayName).toBe(account.username);
      expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    }
    const adminRows = await t.app.db.select().from(admins);
    const admin = rows.find((row) => row.email === demoAccounts.admin.email);
    expect(adminRows.map((row) => row.userId)).toEqual([admin?.id]);
  });

  it('creates a catalogue in every category and about 40 listings in every status', async () => {
    const catalogue = await t.app.db.select().from(events);
    expect(catalogue.length).toBeGreaterThanOrEqual(30);
    expect(new Set(catalogue.map((event) => event.eventType))).toEqual(
      new Set(['konsertti', 'festivaali', 'urheilu', 'teatteri', 'standup', 'nayttely', 'elokuva', 'muu']),
    );
    const rows = await t.app.db.select().from(listings);
    expect(rows.length).toBeGreaterThanOrEqual(38);
    expect(new Set(rows.map((row) => row.status))).toEqual(
      new Set(['listed', 'pending', 'rejected', 'sold', 'expired', 'removed']),
    );
    const [buyer] = await t.app.db.select().from(users).where(eq(users.email, demoAccounts.buyer.email));
    for (const row of rows.filter((listing) => listing.status === 'sold'))
      expect(row.buyerId).toBe(buyer?.id);
  });

  it("names the demo's listings of a status by the ids they were seeded with", async () => {
    const rows = await t.app.db.select().from(listings);
    for (const status of ['listed', 'sold', 'expired'] as const) {
      const seeded = rows.filter((row) => row.status === status).map((row) => row.id);
      expect(demoListingIds(status).sort()).toEqual(seeded.sort());
    }
  });

  it('keeps the price rules on every listing', async () => {
    for (const row of await t.app.db.select().from(listings)) {
      expect(row.ticketCount).toBeGreaterThanOrEqual(1);
      expect(row.ticketCount).toBeLessThanOrEqual(6);
      expect(row.sellingPriceCents).toBeLessThanOrEqual(row.originalPriceCents);
      expect(row.sellingPriceCents).toBeGreaterThanOrEqual(500);
      expect(row.originalPriceCents).toBeLessThanOrEqual(100_000);
      expect(row.additionalFeesCents).toBeLessThanOrEqual(row.originalPriceCents * 0.15);
      const prices = calculatePrices(row.sellingPriceCents, row.additionalFeesCents);
      expect(row.listingPriceCents).toBe(prices.listingPriceCents);
      expect(row.serviceFeeCents).toBe(prices.serviceFeeCents);
      expect(row.sellerReceivableCents).toBe(prices.sellerReceivableCents);
      if (row.hasAssignedSeat) expect(row.seatInfo).toHaveLength(row.ticketCount);
    }
  });

  it('stores one real PDF per ticket, with a matching checksum and a unique QR code', async () => {
    const rows = await t.app.db.select().from(listings);
    const files = await t.app.db.select().from(listingFiles);
    for (const row of rows)
      expect(files.filter((file) => file.listingId === row.id)).toHaveLength(row.ticketCount);

    const codes = new Set<string>();
    for (const file of files.slice(0, 8)) {
      const stored = await t.app.files.get(file.storageKey);
      expect(stored).toBeDefined();
      const chunks: Buffer[] = [];
      for await (const chunk of stored?.stream ?? []) chunks.push(chunk as Buffer);
      const bytes = Buffer.concat(chunks);
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(file.sha256);
      expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
      codes.add(file.sha256);
    }
    expect(codes.size).toBe(8);
  });

  it('gives every sold listing the paid reservation, the sale and the payout a purchase leaves', async () => {
    const sold = await t.app.db.select().from(listings).where(eq(listings.status, 'sold'));
    const allReservations = await t.app.db.select().from(reservations);
    const allSales = await t.app.db.select().from(sales);
    const payouts = await t.app.db.select().from(payoutTracking);
    expect(allSales).toHaveLength(sold.length);
    expect(allReservations).toHaveLength(sold.length);
    expect(new Set(allSales.map((sale) => sale.paymentIntentId))).toEqual(
      new Set(sold.map((_listing, n) => `pi_seed_${n + 1}`)),
    );
    for (const listing of sold) {
      const sale = allSales.find((row) => row.listingId === listing.id);
      const reservation = allReservations.find((row) => row.id === sale?.reservationId);
      const payout = payouts.find((row) => row.saleId === sale?.id);
      expect(sale).toMatchObject({
        buyerId: listing.buyerId,
        sellerId: listing.sellerId,
        purchaseDate: listing.soldAt,
        pricePaidCents: listing.listingPriceCents,
        serviceFeeCents: listing.serviceFeeCents,
        sellerReceivableCents: listing.sellerReceivableCents,
        eventDate: listing.eventDate,
        eventName: listing.eventName,
      });
      expect(reservation).toMatchObject({
        listingId: listing.id,
        buyerId: listing.buyerId,
        status: 'succeeded',
        provider: 'local',
        paymentIntentId: sale?.paymentIntentId,
        amountCents: listing.listingPriceCents,
        expiresAt: listing.soldAt,
      });
      expect(listing.soldAt?.getTime()).toBeLessThan(listing.eventDate.getTime());
      expect(payout?.reclamationDeadline).toEqual(reclamationDeadline(listing.eventDate));
      const past = (payout?.reclamationDeadline.getTime() ?? 0) < Date.now();
      expect(payout?.status, listing.eventName).toMatch(past ? /^(ready_for_payment|paid)$/ : /^pending$/);
      expect(payout?.paymentDate !== null).toBe(payout?.status === 'paid');
    }
    // The admin's payout tab has something in each of these.
    expect(new Set(payouts.map((payout) => payout.status))).toEqual(
      new Set(['pending', 'ready_for_payment', 'paid']),
    );
  });

  it('gives every demo sale its paid payment in the local provider, so a refund of one goes through', async () => {
    const allSales = await t.app.db.select().from(sales);
    for (const sale of allSales) {
      const intent = await t.app.payments.retrieveIntent(sale.paymentIntentId);
      expect(intent, sale.paymentIntentId).toMatchObject({
        status: 'succeeded',
        amountCents: sale.pricePaidCents,
        currency: 'eur',
        metadata: { ticketId: sale.listingId, reservationId: sale.reservationId },
      });
    }
    // As cancelling a demo event does: the refund is taken and confirmed, not 'No such payment_intent'.
    const [sale] = allSales;
    if (!sale) throw new Error('the demo has sales');
    await t.app.purchases.refunds.request(t.app.db, {
      saleId: sale.id,
      reason: 'event_cancelled',
      requestedBy: null,
    });
    expect(await t.app.purchases.refunds.send(sale.id)).toBe(true);
    const [adjustment] = await t.app.db
      .select()
      .from(paymentAdjustments)
      .where(eq(paymentAdjustments.saleId, sale.id));
    expect(adjustment).toMatchObject({ kind: 'refund', amountCents: sale.pricePaidCents });
  });

  it('changes nothing when run again', async () => {
    const before = await tableCounts();
    await seedDemoData(t.app);
    // Even past the quick "already seeded" check, conflicting rows are left as they were.
    await t.app.db.delete(admins);
    await seedDemoData(t.app);
    expect(await tableCounts()).toEqual(before);
  });
});

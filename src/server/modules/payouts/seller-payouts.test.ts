import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedPayoutDate } from '#shared/payout-date.ts';
import { payoutTracking, sales } from '../../db/schema/index.ts';
import { insertListing, insertSoldListing, signUp } from '../../test/listing-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { applyPayoutRule } from './payouts.service.ts';

// The payout of each sale as its seller sees it in the profile (GET /api/listings/mine): status,
// the expected day, the reference once paid, the reason of a hold; never another seller's.

let t: TestApp;
let seller = { id: '', cookie: '' };
let other = { id: '', cookie: '' };
let buyer = { id: '', cookie: '' };

beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  seller = await signUp(t.app, 'tilitetty_myyja');
  other = await signUp(t.app, 'toinen_myyja');
  buyer = await signUp(t.app, 'ostaja');
});
afterAll(() => t.close());

const day = 86_400_000;

async function sold(
  sellerId: string,
  eventDate: Date,
  payout: Partial<typeof payoutTracking.$inferInsert> = {},
) {
  const listing = await insertSoldListing(t.app, { sellerId, buyerId: buyer.id, eventDate });
  await applyPayoutRule(t.app.db);
  const [sale] = await t.app.db.select().from(sales).where(eq(sales.listingId, listing.id));
  if (Object.keys(payout).length > 0)
    await t.app.db
      .update(payoutTracking)
      .set(payout)
      .where(eq(payoutTracking.saleId, sale?.id ?? ''));
  return listing;
}

type Mine = { id: string; status: string; payout: Record<string, unknown> | null }[];
const mine = async (cookie: string) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/listings/mine', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return { body: response.body, listings: response.json().listings as Mine };
};

describe("the seller's payouts in the profile", () => {
  it('show each sale: waiting with its day, paid with its reference, held or cancelled with why', async () => {
    const inFuture = new Date(Date.now() + 10 * day);
    const waiting = await sold(seller.id, inFuture);
    const paid = await sold(seller.id, new Date(Date.now() - 20 * day), {
      status: 'paid',
      paymentDate: new Date('2026-11-02T10:00:00Z'),
      paymentReference: 'RF18 5390 0754 7034',
      notes: 'Admin: tarkistettu',
    });
    const complained = await sold(seller.id, new Date(Date.now() - day), {
      status: 'reclamation_hold',
      hasReclamation: true,
      reclamationDetails: 'Ostajan viesti: lippu ei toiminut',
    });
    const refunded = await sold(seller.id, new Date(Date.now() - 2 * day), {
      status: 'cancelled',
      paymentIssue: 'refunded',
    });
    const disputed = await sold(seller.id, new Date(Date.now() - 2 * day), {
      status: 'reclamation_hold',
      paymentIssue: 'disputed',
    });
    const onSale = await insertListing(t.app, { sellerId: seller.id, status: 'listed' });

    const { body, listings } = await mine(seller.cookie);
    const payoutOf = (id: string) => listings.find((listing) => listing.id === id)?.payout;
    expect(payoutOf(waiting.id)).toEqual({
      status: 'pending',
      expectedDate: expectedPayoutDate(waiting.eventDate),
      paymentDate: null,
      paymentReference: null,
      holdReason: null,
    });
    expect(payoutOf(paid.id)).toEqual({
      status: 'paid',
      expectedDate: null,
      paymentDate: '2026-11-02T10:00:00.000Z',
      paymentReference: 'RF18 5390 0754 7034',
      holdReason: null,
    });
    expect(payoutOf(complained.id)).toMatchObject({
      status: 'reclamation_hold',
      expectedDate: null,
      holdReason: 'complaint',
    });
    expect(payoutOf(refunded.id)).toMatchObject({ status: 'cancelled', holdReason: 'refunded' });
    expect(payoutOf(disputed.id)).toMatchObject({ status: 'reclamation_hold', holdReason: 'disputed' });
    expect(payoutOf(onSale.id)).toBeNull();
    // The admin's notes and the buyer's words are not the seller's to read.
    expect(body).not.toContain('Admin: tarkistettu');
    expect(body).not.toContain('Ostajan viesti');
  });

  it("never shows another seller's sales or payouts", async () => {
    const theirs = await sold(other.id, new Date(Date.now() - 20 * day), {
      status: 'paid',
      paymentDate: new Date(),
      paymentReference: 'TOISEN-VIITE-123',
    });
    const { body, listings } = await mine(seller.cookie);
    expect(listings.some((listing) => listing.id === theirs.id)).toBe(false);
    expect(body).not.toContain('TOISEN-VIITE-123');
    const own = await mine(other.cookie);
    expect(own.listings.map((listing) => listing.id)).toEqual([theirs.id]);
    expect(own.listings[0]?.payout).toMatchObject({ paymentReference: 'TOISEN-VIITE-123' });
    const buyers = await mine(buyer.cookie);
    expect(buyers.listings).toEqual([]);
  });
});

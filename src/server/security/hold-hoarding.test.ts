import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '#shared/errors.ts';
import { listings, reservations } from '../db/schema/index.ts';
import { holdLimits } from '../modules/purchases/ticket-holds.ts';
import { insertListing, signUp } from '../test/listing-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// One account holding every ticket while "paying" (issue 21, finding 5): live holds are limited
// per account, however many requests race, and holds left again and again stop for a while.

type TestUser = Awaited<ReturnType<typeof signUp>>;
let t: TestApp;
let seller: TestUser;

beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  seller = await signUp(t.app);
});
afterAll(() => t.close());

const reserve = (buyer: TestUser, listing: { id: string; listingPriceCents: number }) =>
  t.app.inject({
    method: 'POST',
    url: `/api/purchases/${listing.id}/reservation`,
    headers: { cookie: buyer.cookie },
    payload: { priceCents: listing.listingPriceCents },
  });

const manyListings = (count: number) =>
  Promise.all(Array.from({ length: count }, () => insertListing(t.app, { sellerId: seller.id })));

describe('holds per account', () => {
  it(`lets one account hold ${holdLimits.live} tickets at once, however many requests race`, async () => {
    const hoarder = await signUp(t.app);
    const all = await manyListings(12);
    const answers = await Promise.all(all.map((listing) => reserve(hoarder, listing)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((code) => code === 200)).toHaveLength(holdLimits.live);
    expect(statuses.filter((code) => code === 429)).toHaveLength(12 - holdLimits.live);
    expect(answers.find((answer) => answer.statusCode === 429)?.json().error).toEqual({
      code: 'too_many_holds',
      message: errorMessages.too_many_holds,
    });
    const held = await t.app.db.select().from(listings).where(eq(listings.heldBy, hoarder.id));
    expect(held).toHaveLength(holdLimits.live);
    // Everyone else can still buy the rest.
    const free = all.find((listing) => !held.some((row) => row.id === listing.id));
    if (!free) throw new Error('no free listing');
    expect((await reserve(await signUp(t.app), free)).statusCode).toBe(200);
  });

  it('still answers the spec’s own checks first (own ticket, unavailable) to a buyer at the limit', async () => {
    const hoarder = await signUp(t.app);
    for (const listing of await manyListings(holdLimits.live))
      expect((await reserve(hoarder, listing)).statusCode).toBe(200);
    const own = await insertListing(t.app, { sellerId: hoarder.id });
    expect((await reserve(hoarder, own)).json().error.code).toBe('own_ticket');
    const [another] = await manyListings(1);
    if (!another) throw new Error('no listing');
    expect((await reserve(hoarder, another)).json().error.code).toBe('too_many_holds');
  });

  it(`stops a buyer who left ${holdLimits.abandonedPerHour} holds within the hour`, async () => {
    const hoarder = await signUp(t.app);
    const all = await manyListings(holdLimits.abandonedPerHour + 1);
    for (const listing of all.slice(0, holdLimits.abandonedPerHour)) {
      const held = await reserve(hoarder, listing);
      expect(held.statusCode).toBe(200);
      const left = await t.app.inject({
        method: 'DELETE',
        url: `/api/purchases/${listing.id}/reservation?paymentIntentId=${held.json().paymentIntentId}`,
        headers: { cookie: hoarder.cookie },
      });
      expect(left.statusCode).toBe(204);
    }
    const last = all.at(-1);
    if (!last) throw new Error('no listing');
    const refused = await reserve(hoarder, last);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({
      code: 'too_many_abandoned_holds',
      message: errorMessages.too_many_abandoned_holds,
    });
    // An hour later the oldest left hold no longer counts.
    await t.app.db
      .update(reservations)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(reservations.buyerId, hoarder.id));
    expect((await reserve(hoarder, last)).statusCode).toBe(200);
  });

  it('gives a buyer their own hold back from a second tab at the same moment, never “another user”', async () => {
    const buyer = await signUp(t.app);
    const [listing] = await manyListings(1);
    if (!listing) throw new Error('no listing');
    const tabs = await Promise.all(Array.from({ length: 4 }, () => reserve(buyer, listing)));
    expect(tabs.map((tab) => tab.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(tabs.map((tab) => tab.json().paymentIntentId)).size).toBe(1);
    expect(
      await t.app.db.select().from(reservations).where(eq(reservations.listingId, listing.id)),
    ).toHaveLength(1);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, helsinkiDate, helsinkiDateTime } from '#shared/dates.ts';
import { listingStatuses } from '#shared/listings/seller-listing.schema.ts';
import {
  type ListingStatus,
  listingAnalytics,
  listingRemovals,
  listings,
  users,
} from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { testListingRow } from '../../test/listing-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { reservationMayStillBePaid } from '../purchases/reservation-lifecycle.ts';
import { ListingLifecycle, type ListingTransition, listingTransitions } from './listing-lifecycle.ts';

let t: TestApp;
let sellerId = '';
let buyerId = '';
let changes = 0;

beforeAll(async () => {
  t = await createTestApp();
  const [seller, buyer] = await t.app.db
    .insert(users)
    .values([
      { email: 'myyja@example.fi', username: 'myyja' },
      { email: 'ostaja@example.fi', username: 'ostaja' },
    ])
    .returning();
  sellerId = seller?.id ?? '';
  buyerId = buyer?.id ?? '';
  t.app.listings.onChange(() => changes++);
});
afterAll(() => t.close());

/** What a buyer pays for a test listing. */
const onSalePrice = testListingRow('').listingPriceCents;

async function listing(status: ListingStatus, inDays = 30): Promise<string> {
  const eventDate = helsinkiDateTime(addDays(helsinkiDate(new Date()), inDays), '18:00');
  const [row] = await t.app.db
    .insert(listings)
    .values(testListingRow(sellerId, { status, eventDate }))
    .returning({ id: listings.id });
  return row?.id ?? '';
}

const statusOf = async (id: string) =>
  (await t.app.db.select({ status: listings.status }).from(listings).where(eq(listings.id, id)))[0]?.status;

/** Runs one transition by name, the way its callers will. */
function run(transition: ListingTransition, id: string): Promise<boolean> {
  const lifecycle = t.app.listings;
  switch (transition) {
    case 'approve':
      return inTransaction(t.app.db, (transaction) => lifecycle.approve(transaction, id, buyerId));
    case 'reject':
      return inTransaction(t.app.db, (transaction) =>
        lifecycle.reject(transaction, id, buyerId, 'Lippu on epäselvä'),
      );
    case 'resubmit':
      return inTransaction(t.app.db, (transaction) =>
        lifecycle.resubmit(transaction, id, sellerId, { additionalInfo: 'Korjattu' }),
      );
    case 'markSold':
      return inTransaction(t.app.db, (transaction) => lifecycle.markSold(transaction, id, buyerId));
    case 'remove':
      return inTransaction(t.app.db, (transaction) =>
        lifecycle.remove(transaction, id, 'wont_sell', sellerId),
      );
    case 'expire':
      throw new Error('expire runs over all listings: tested on its own');
  }
}

describe('listing transitions', () => {
  const single = (Object.keys(listingTransitions) as ListingTransition[]).filter((name) => name !== 'expire');
  for (const transition of single) {
    const { from, to } = listingTransitions[transition];
    it(`${transition}: ${from.join(' | ')} → ${to}, from no other status`, async () => {
      // 'reserved' is only ever shown, never stored.
      for (const status of listingStatuses.filter((name) => name !== 'reserved')) {
        const id = await listing(status);
        const before = changes;
        const allowed = (from as readonly ListingStatus[]).includes(status);
        expect(await run(transition, id), `${transition} from ${status}`).toBe(allowed);
        expect(await statusOf(id)).toBe(allowed ? to : status);
        expect(changes - before, 'listeners told once per change').toBe(allowed ? 1 : 0);
      }
    });
  }

  const hold = (id: string, buyer = buyerId, minutes = 10) =>
    t.app.listings.hold(t.app.db, { listingId: id, buyerId: buyer, listingPriceCents: onSalePrice, minutes });
  const setHeldUntil = (id: string, heldBy: string, heldUntil: Date) =>
    t.app.db.update(listings).set({ heldBy, heldUntil }).where(eq(listings.id, id));

  it('lets exactly one of 20 buyers holding a listing at once win, without a status change', async () => {
    const id = await listing('listed');
    const buyers = await t.app.db
      .insert(users)
      .values(Array.from({ length: 20 }, (_, n) => ({ email: `pitaja${n}@example.fi` })))
      .returning({ id: users.id });
    const before = changes;
    const results = await Promise.all(buyers.map(({ id: buyer }) => hold(id, buyer)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await statusOf(id)).toBe('listed');
    expect(changes).toBe(before);
  });

  it('holds only a listed listing of a coming event, at its current price, and never for its seller', async () => {
    expect(await hold(await listing('pending'))).toBeUndefined();
    expect(await hold(await listing('listed', -1))).toBeUndefined();
    expect(await hold(await listing('listed'), sellerId)).toBeUndefined();
    const id = await listing('listed');
    expect(
      await t.app.listings.hold(t.app.db, {
        listingId: id,
        buyerId,
        listingPriceCents: onSalePrice - 1,
        minutes: 10,
      }),
    ).toBeUndefined();
    const held = await hold(id);
    expect(held?.heldUntil?.getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
  });

  it('frees a hold by itself once its time has passed, or at once when released', async () => {
    const [other] = await t.app.db.insert(users).values({ email: 'toinen@example.fi' }).returning();
    const id = await listing('listed');
    expect(await hold(id)).toBeDefined();
    expect(await hold(id, other?.id)).toBeUndefined();
    await setHeldUntil(id, buyerId, new Date(Date.now() - 1000));
    expect(await hold(id, other?.id)).toBeDefined();
    expect(await t.app.listings.releaseHold(t.app.db, id, buyerId)).toBe(false);
    expect(await t.app.listings.releaseHold(t.app.db, id, other?.id ?? '')).toBe(true);
    expect(await hold(id)).toBeDefined();
  });

  it('sells to the holder or after the hold ended, never past another buyer holding it', async () => {
    const [other] = await t.app.db.insert(users).values({ email: 'kolmas@example.fi' }).returning();
    const sell = (id: string, buyer: string) =>
      inTransaction(t.app.db, (transaction) => t.app.listings.markSold(transaction, id, buyer));
    const heldByOther = await listing('listed');
    await setHeldUntil(heldByOther, other?.id ?? '', new Date(Date.now() + 60_000));
    expect(await sell(heldByOther, buyerId)).toBe(false);
    await setHeldUntil(heldByOther, other?.id ?? '', new Date(Date.now() - 1000));
    expect(await sell(heldByOther, buyerId)).toBe(true);
    expect(await statusOf(heldByOther)).toBe('sold');
  });

  it('keeps a held listing from its seller: no edit, no removal while a buyer pays', async () => {
    const id = await listing('listed');
    await hold(id);
    expect(await t.app.listings.edit(id, sellerId, { additionalInfo: 'uusi' })).toBe(false);
    expect(await run('remove', id)).toBe(false);
    await setHeldUntil(id, buyerId, new Date(Date.now() - 1000));
    expect(await run('remove', id)).toBe(true);
  });

  it('lets exactly one of two racing moderations win', async () => {
    const id = await listing('pending');
    const [approved, rejected] = await Promise.all([run('approve', id), run('reject', id)]);
    expect([approved, rejected].filter(Boolean)).toHaveLength(1);
  });

  it('counts an approval in the listing analytics with the ticket count, once', async () => {
    const id = await listing('pending');
    await t.app.db.update(listings).set({ ticketCount: 3 }).where(eq(listings.id, id));
    expect(await run('approve', id)).toBe(true);
    expect(await run('approve', id)).toBe(false);
    const rows = await t.app.db.select().from(listingAnalytics).where(eq(listingAnalytics.listingId, id));
    expect(rows).toEqual([{ listingId: id, ticketCount: 3, approvalDate: expect.any(Date) }]);
  });

  it('changes the picture of a pending listing only, telling the one it replaced', async () => {
    const image = { eventImage: '/defaults/events/muu/2.webp', imageSource: 'default' } as const;
    for (const status of listingStatuses.filter((name) => name !== 'reserved')) {
      const id = await listing(status);
      const before = changes;
      const replaced = await t.app.listings.changeImage(t.app.db, id, image);
      if (status === 'pending')
        expect(replaced).toEqual({ eventImage: '/defaults/events/konsertti/1.webp', imageSource: null });
      else expect(replaced, status).toBeUndefined();
      const [row] = await t.app.db.select().from(listings).where(eq(listings.id, id));
      expect(row?.eventImage).toBe(
        status === 'pending' ? image.eventImage : '/defaults/events/konsertti/1.webp',
      );
      expect(changes, 'a pending listing is on no public list').toBe(before);
    }
  });

  it('records who removed a listing, why, and what it was', async () => {
    const id = await listing('listed');
    expect(await run('remove', id)).toBe(true);
    const [removal] = await t.app.db.select().from(listingRemovals).where(eq(listingRemovals.listingId, id));
    expect(removal).toMatchObject({
      originalStatus: 'listed',
      removalReason: 'wont_sell',
      removedBy: sellerId,
    });
  });

  it('tells the listeners only after the commit, and not at all on a rollback', async () => {
    const id = await listing('listed');
    const before = changes;
    await expect(
      inTransaction(t.app.db, async (transaction) => {
        expect(await t.app.listings.markSold(transaction, id, buyerId)).toBe(true);
        expect(changes).toBe(before);
        throw new Error('kuitin kirjaus epäonnistui');
      }),
    ).rejects.toThrow('kuitin kirjaus epäonnistui');
    expect(changes).toBe(before);
    expect(await statusOf(id)).toBe('listed');
  });

  it('announces each change to the other processes inside its transaction, as often as it tells its listeners', async () => {
    const announced: unknown[] = [];
    const lifecycle = new ListingLifecycle(t.app.db, reservationMayStillBePaid, async (executor) => {
      announced.push(executor);
    });
    let told = 0;
    lifecycle.onChange(() => told++);
    const inTx = <T>(work: Parameters<typeof inTransaction<T>>[1]) => inTransaction(t.app.db, work);
    const [approved, rejected, sold, removed, edited] = [
      await listing('pending'),
      await listing('pending'),
      await listing('listed'),
      await listing('listed'),
      await listing('listed'),
    ];
    await listing('listed', -1);
    const [leaving] = await t.app.db.insert(users).values({ email: 'lahtija@example.fi' }).returning();
    await t.app.db.insert(listings).values(testListingRow(leaving?.id ?? ''));

    expect(await inTx((transaction) => lifecycle.approve(transaction, approved, buyerId))).toBe(true);
    expect(await inTx((transaction) => lifecycle.reject(transaction, rejected, buyerId, 'Epäselvä'))).toBe(
      true,
    );
    expect(await inTx((transaction) => lifecycle.markSold(transaction, sold, buyerId))).toBe(true);
    expect(await inTx((transaction) => lifecycle.remove(transaction, removed, 'wont_sell', sellerId))).toBe(
      true,
    );
    expect(await lifecycle.edit(edited, sellerId, { additionalInfo: 'Rivi 3' })).toBe(true);
    expect(
      await inTx((transaction) =>
        lifecycle.removeAllOfSeller(transaction, leaving?.id ?? '', 'account_deleted'),
      ),
    ).toBe(1);
    expect(await lifecycle.expirePast()).toBeGreaterThanOrEqual(1);
    // Lost races change nothing and tell nobody.
    expect(await inTx((transaction) => lifecycle.approve(transaction, approved, buyerId))).toBe(false);
    expect(await lifecycle.edit(sold, sellerId, { additionalInfo: 'myöhässä' })).toBe(false);

    expect(announced).toHaveLength(7);
    expect(told).toBe(7);
    expect(announced.filter((executor) => executor === t.app.db)).toEqual([]);
  });

  it('takes every open listing of a seller off sale, keeping the sold ones', async () => {
    const [seller] = await t.app.db.insert(users).values({ email: 'poistuva@example.fi' }).returning();
    const own = async (status: ListingStatus) => {
      const id = await listing(status);
      await t.app.db
        .update(listings)
        .set({ sellerId: seller?.id ?? '' })
        .where(eq(listings.id, id));
      return id;
    };
    const [pending, listed, sold] = [await own('pending'), await own('listed'), await own('sold')];
    const removed = await inTransaction(t.app.db, (transaction) =>
      t.app.listings.removeAllOfSeller(transaction, seller?.id ?? '', 'account_deleted'),
    );
    expect(removed).toBe(2);
    expect([await statusOf(pending), await statusOf(listed), await statusOf(sold)]).toEqual([
      'removed',
      'removed',
      'sold',
    ]);
  });

  it('expires pending and listed listings of past days, once', async () => {
    const [past, pastPending, future] = [
      await listing('listed', -2),
      await listing('pending', -1),
      await listing('listed', 3),
    ];
    expect(await t.app.listings.expirePast()).toBeGreaterThanOrEqual(2);
    expect(await t.app.listings.expirePast()).toBe(0);
    expect([await statusOf(past), await statusOf(pastPending), await statusOf(future)]).toEqual([
      'expired',
      'expired',
      'listed',
    ]);
  });
});

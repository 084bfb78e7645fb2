import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, helsinkiDate, helsinkiDateTime } from '#shared/dates.ts';
import { reclamationDeadline } from '#shared/payout-date.ts';
import { payoutTracking, sales } from '../../db/schema/index.ts';
import { insertSoldListing, signUp } from '../../test/listing-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { applyPayoutRule } from './payouts.service.ts';

// The automatic rule (spec 02 §4, docs/decisions/030): a missing payout row is created, and a
// pending payout becomes ready for payment once the third day after the event's day has begun,
// unless there is a reclamation.

let t: TestApp;
let sellerId = '';
let buyerId = '';

beforeAll(async () => {
  t = await createTestApp();
  sellerId = (await signUp(t.app, 'myyja')).id;
  buyerId = (await signUp(t.app, 'ostaja')).id;
});
afterAll(() => t.close());

const minute = 60_000;
const day = 86_400_000;

/** A sale whose event was `msAgo` ago, without a payout row (as an older sale might be). */
async function saleOfEventAgo(msAgo: number): Promise<string> {
  return saleOfEventAt(new Date(Date.now() - msAgo));
}

async function saleOfEventAt(eventDate: Date): Promise<string> {
  const listing = await insertSoldListing(t.app, {
    sellerId,
    buyerId,
    eventDate,
    purchaseDate: new Date(eventDate.getTime() - 7 * day),
  });
  const [sale] = await t.app.db.select({ id: sales.id }).from(sales).where(eq(sales.listingId, listing.id));
  return sale?.id ?? '';
}

const payoutOf = async (saleId: string) =>
  (await t.app.db.select().from(payoutTracking).where(eq(payoutTracking.saleId, saleId)))[0];

describe('the automatic payout rule', () => {
  it("creates the missing payout row: pending, by the system, deadline the shared rule's", async () => {
    const saleId = await saleOfEventAgo(-10 * day);
    const [sale] = await t.app.db.select().from(sales).where(eq(sales.id, saleId));
    expect(await payoutOf(saleId)).toBeUndefined();
    await applyPayoutRule(t.app.db);
    const payout = await payoutOf(saleId);
    expect(payout).toMatchObject({ status: 'pending', updatedBy: 'system', hasReclamation: false });
    expect(payout?.reclamationDeadline).toEqual(reclamationDeadline(sale?.eventDate ?? new Date()));
  });

  it('keeps a payout pending until the third day after the event day has begun in Helsinki', async () => {
    const today = helsinkiDate(new Date());
    // An event two days ago at midnight: its window closed today, its deadline is tomorrow.
    const justBefore = await saleOfEventAt(helsinkiDateTime(addDays(today, -2), '00:00'));
    // Three days ago late in the evening: the deadline was at midnight, less than 72 hours after.
    const justAfter = await saleOfEventAt(helsinkiDateTime(addDays(today, -3), '23:30'));
    await applyPayoutRule(t.app.db);
    expect((await payoutOf(justBefore))?.status).toBe('pending');
    const ready = await payoutOf(justAfter);
    expect(ready).toMatchObject({ status: 'ready_for_payment', updatedBy: 'system' });
    expect(Date.now() - (ready?.statusUpdatedAt.getTime() ?? 0)).toBeLessThan(minute);
  });

  it('keeps a payout with a reclamation pending, and leaves other statuses alone', async () => {
    const complained = await saleOfEventAgo(5 * day);
    const paid = await saleOfEventAgo(6 * day);
    await applyPayoutRule(t.app.db);
    await t.app.db
      .update(payoutTracking)
      .set({ status: 'pending', hasReclamation: true })
      .where(eq(payoutTracking.saleId, complained));
    await t.app.db.update(payoutTracking).set({ status: 'paid' }).where(eq(payoutTracking.saleId, paid));
    await applyPayoutRule(t.app.db);
    expect((await payoutOf(complained))?.status).toBe('pending');
    expect((await payoutOf(paid))?.status).toBe('paid');
  });

  it('gives the same result when two processes run it at once', async () => {
    const ids = [
      await saleOfEventAgo(4 * day),
      await saleOfEventAgo(2 * day),
      await saleOfEventAgo(-day),
      await saleOfEventAgo(30 * day),
    ];
    await Promise.all([applyPayoutRule(t.app.db), applyPayoutRule(t.app.db), applyPayoutRule(t.app.db)]);
    const rows = await t.app.db.select().from(payoutTracking).where(inArray(payoutTracking.saleId, ids));
    expect(rows.map((row) => [ids.indexOf(row.saleId), row.status]).sort()).toEqual([
      [0, 'ready_for_payment'],
      [1, 'pending'],
      [2, 'pending'],
      [3, 'ready_for_payment'],
    ]);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReservationStatus, reservationStatuses, reservations } from '../../db/schema/index.ts';
import { insertListing, signUp } from '../../test/listing-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { paymentIssueOf } from './payment-settlement.ts';
import {
  moveReservation,
  type ReservationTransition,
  reservationTransitions,
} from './reservation-lifecycle.ts';

// Each reservation transition from every status: it wins from the statuses its table names and
// loses (changing nothing) from every other; of two racing calls exactly one wins.

let t: TestApp;
let reservationId: string;

beforeAll(async () => {
  t = await createTestApp();
  const seller = await signUp(t.app);
  const buyer = await signUp(t.app);
  const listing = await insertListing(t.app, { sellerId: seller.id });
  const [row] = await t.app.db
    .insert(reservations)
    .values({
      listingId: listing.id,
      buyerId: buyer.id,
      provider: 'local',
      amountCents: listing.listingPriceCents,
      serviceFeeCents: listing.serviceFeeCents,
      sellerReceivableCents: listing.sellerReceivableCents,
      expiresAt: new Date(Date.now() + 600_000),
    })
    .returning();
  reservationId = row?.id ?? '';
});
afterAll(() => t.close());

const setStatus = (status: ReservationStatus) =>
  t.app.db.update(reservations).set({ status }).where(eq(reservations.id, reservationId));
const statusNow = async () =>
  (await t.app.db.select().from(reservations).where(eq(reservations.id, reservationId)))[0]?.status;

describe('reservation transitions', () => {
  for (const [name, { from, to }] of Object.entries(reservationTransitions)) {
    for (const start of reservationStatuses) {
      const allowed = (from as readonly string[]).includes(start);
      it(`${name} from ${start} ${allowed ? `moves to ${to}` : 'changes nothing'}`, async () => {
        await setStatus(start);
        const moved = await moveReservation(t.app.db, reservationId, name as ReservationTransition);
        expect(moved?.status).toBe(allowed ? to : undefined);
        expect(await statusNow()).toBe(allowed ? to : start);
      });
    }
  }

  it('lets one of two racing transitions win', async () => {
    await setStatus('open');
    // Two that exclude each other. (A success may follow a cancel, so those two may both move it,
    // in that order: on PostgreSQL the waiting update checks the row again and finds it canceled.)
    const [canceled, expired] = await Promise.all([
      moveReservation(t.app.db, reservationId, 'cancel'),
      moveReservation(t.app.db, reservationId, 'expire'),
    ]);
    expect([canceled, expired].filter(Boolean)).toHaveLength(1);
  });
});

describe('what the provider’s refunds and disputes mean for a payout', () => {
  const refund = (amountCents: number) => ({ kind: 'refund', amountCents, status: 'refunded' });
  const dispute = (status: string) => ({ kind: 'dispute', amountCents: 1000, status });

  it.each([
    [[], null],
    [[refund(1000)], 'refunded'],
    [[refund(400)], 'partially_refunded'],
    [[refund(400), refund(600)], 'refunded'],
    [[dispute('needs_response')], 'disputed'],
    [[dispute('warning_under_review')], 'disputed'],
    [[dispute('a_status_stripe_adds_later')], 'disputed'],
    [[dispute('won')], 'dispute_won'],
    [[dispute('warning_closed')], 'dispute_won'],
    [[dispute('lost')], 'dispute_lost'],
    [[dispute('won'), refund(400)], 'partially_refunded'],
    [[dispute('under_review'), refund(400)], 'disputed'],
    [[dispute('lost'), refund(1000)], 'refunded'],
  ] as const)('%j on a 10,00 € sale → %s', (adjustments, issue) => {
    expect(paymentIssueOf(1000, adjustments)).toBe(issue);
  });
});

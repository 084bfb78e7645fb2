import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mayBeReleased, payoutChangeRefusal } from '#shared/admin/payout-transitions.ts';
import {
  type PaymentIssue,
  type PayoutStatusCode,
  paymentIssues,
  payoutStatuses,
} from '#shared/admin/payouts.schema.ts';
import { payoutTracking, sales, users } from '../../db/schema/index.ts';
import { insertSoldListing } from '../../test/listing-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  applyPaymentIssue,
  applyPayoutRule,
  cancelPayoutOfRefundedSale,
  changePayoutsByAdmin,
  holdPayoutForComplaint,
  mayBeReleasedBySystem,
  type PayoutRow,
  type SystemPayoutTransition,
  settlePayoutComplaint,
  startPayoutTracking,
  startsFrom,
  systemPayoutTransitions,
  transitionOfIssue,
  unpaidStatuses,
} from './payout-lifecycle.ts';

// Every transition of a payout (README.md draws them), from every status: the allowed ones change
// exactly the fields they own, the forbidden ones change nothing; and of two changes racing for
// one payout, one wins.

let t: TestApp;
let sellerId = '';
let buyerId = '';
let adminId = '';

beforeAll(async () => {
  t = await createTestApp();
  const [seller, buyer, admin] = await t.app.db
    .insert(users)
    .values([
      { email: 'myyja@example.fi', username: 'myyja' },
      { email: 'ostaja@example.fi', username: 'ostaja' },
      { email: 'yllapito@example.fi', username: 'yllapito' },
    ])
    .returning();
  sellerId = seller?.id ?? '';
  buyerId = buyer?.id ?? '';
  adminId = admin?.id ?? '';
});
afterAll(() => t.close());

const day = 86_400_000;

/** A sale without a payout row; its id. */
async function untrackedSale(): Promise<string> {
  const listing = await insertSoldListing(t.app, {
    sellerId,
    buyerId,
    eventDate: new Date(Date.now() - 10 * day),
    purchaseDate: new Date(Date.now() - 20 * day),
  });
  const [sale] = await t.app.db.select({ id: sales.id }).from(sales).where(eq(sales.listingId, listing.id));
  return sale?.id ?? '';
}

interface State {
  status: PayoutStatusCode;
  hasReclamation?: boolean;
  paymentIssue?: PaymentIssue | null;
  /** Whether the reclamation deadline has passed (it has, unless told). */
  due?: boolean;
}

/** A sale whose payout is in `state`, as written a while ago; its id. */
async function payoutIn(state: State): Promise<string> {
  const saleId = await untrackedSale();
  const earlier = new Date(Date.now() - day);
  await t.app.db.insert(payoutTracking).values({
    saleId,
    status: state.status,
    hasReclamation: state.hasReclamation ?? false,
    reclamationDetails: state.hasReclamation ? 'Ostaja: lippu ei toiminut' : null,
    paymentIssue: state.paymentIssue ?? null,
    reclamationDeadline: new Date(Date.now() + (state.due === false ? 5 : -2) * day),
    paymentDate: state.status === 'paid' ? earlier : null,
    // Not the system's, so that every change of who changed it shows.
    updatedBy: 'earlier-change',
    statusUpdatedAt: earlier,
    createdAt: earlier,
    updatedAt: earlier,
  });
  return saleId;
}

const rowOf = async (saleId: string): Promise<PayoutRow> => {
  const [row] = await t.app.db.select().from(payoutTracking).where(eq(payoutTracking.saleId, saleId));
  if (!row) throw new Error(`no payout of ${saleId}`);
  return row;
};

/** The columns whose values differ, sorted. */
function changed(before: PayoutRow, after: PayoutRow): string[] {
  const value = (v: unknown) => (v instanceof Date ? v.getTime() : v);
  return (Object.keys(before) as (keyof PayoutRow)[])
    .filter((key) => value(before[key]) !== value(after[key]))
    .sort();
}

/** What a status change writes besides the transition's own columns. */
const statusChange = ['status', 'statusUpdatedAt', 'updatedAt', 'updatedBy'];
const sorted = (columns: string[]) => [...columns].sort();

/** Runs `work` on a payout in `state`: the row before, what `work` returned, and the row after. */
async function onPayout<T>(state: State, work: (saleId: string) => Promise<T>) {
  const saleId = await payoutIn(state);
  const before = await rowOf(saleId);
  const result = await work(saleId);
  return { before, result, after: await rowOf(saleId), saleId };
}

describe('the transitions table', () => {
  it('names each status at most once per transition, and moves only to statuses that exist', () => {
    for (const [name, { moves, keeps }] of Object.entries(systemPayoutTransitions)) {
      const from = [...Object.keys(moves), ...keeps];
      expect(new Set(from).size, name).toBe(from.length);
      for (const to of Object.values(moves))
        expect([...payoutStatuses, 'released'], `${name} → ${to}`).toContain(to);
    }
  });

  it('lets nothing the system does start from a status it does not name', () => {
    expect(payoutStatuses.filter((status) => startsFrom('becomeReady', status))).toEqual(['pending']);
    expect(payoutStatuses.filter((status) => startsFrom('cancelForRefund', status))).toEqual([
      ...unpaidStatuses,
    ]);
    expect(payoutStatuses.filter((status) => !startsFrom('holdForComplaint', status))).toEqual(['cancelled']);
  });
});

describe('"may be released": one rule in TypeScript and in the payout rule\'s SQL', () => {
  it('agrees on every complaint and payment issue', async () => {
    for (const hasReclamation of [false, true])
      for (const paymentIssue of [null, ...paymentIssues]) {
        const saleId = await payoutIn({ status: 'pending', hasReclamation, paymentIssue });
        const [row] = await t.app.db
          .select({ releasable: sql<boolean>`${mayBeReleasedBySystem}` })
          .from(payoutTracking)
          .where(eq(payoutTracking.saleId, saleId));
        expect(row?.releasable, `${hasReclamation} ${paymentIssue}`).toBe(
          mayBeReleased({ hasReclamation, paymentIssue }, 'system'),
        );
      }
  });

  it('lets the system release only what nothing holds, and an admin also a partial refund', () => {
    const releasable = (by: 'system' | 'admin') =>
      [null, ...paymentIssues].filter((paymentIssue) =>
        mayBeReleased({ hasReclamation: false, paymentIssue }, by),
      );
    expect(releasable('system')).toEqual([null, 'dispute_won']);
    expect(releasable('admin')).toEqual([null, 'partially_refunded', 'dispute_won']);
    for (const by of ['system', 'admin'] as const)
      expect(mayBeReleased({ hasReclamation: true, paymentIssue: null }, by)).toBe(false);
  });
});

describe('track: a sale gets its payout row', () => {
  it('starts pending, by the system, once', async () => {
    const saleId = await untrackedSale();
    await startPayoutTracking(t.app.db, { id: saleId, eventDate: new Date() });
    expect(await rowOf(saleId)).toMatchObject({
      status: 'pending',
      updatedBy: 'system',
      hasReclamation: false,
      paymentIssue: null,
    });
    await expect(startPayoutTracking(t.app.db, { id: saleId, eventDate: new Date() })).rejects.toThrow();
  });
});

describe('becomeReady: the payout rule', () => {
  for (const status of payoutStatuses) {
    const allowed = startsFrom('becomeReady', status);
    it(`${allowed ? 'moves' : 'leaves'} a due payout nothing holds ${allowed ? 'from' : 'in'} ${status}`, async () => {
      const { before, after } = await onPayout({ status }, () => applyPayoutRule(t.app.db));
      expect(after.status).toBe(allowed ? 'ready_for_payment' : status);
      expect(changed(before, after)).toEqual(allowed ? statusChange : []);
      if (allowed) expect(after.updatedBy).toBe('system');
    });
  }

  it('waits for the deadline, and for whatever holds it; a won dispute holds nothing', async () => {
    const held: State[] = [
      { status: 'pending', due: false },
      { status: 'pending', hasReclamation: true },
      ...(['refunded', 'partially_refunded', 'disputed', 'dispute_lost'] as const).map((paymentIssue) => ({
        status: 'pending' as const,
        paymentIssue,
      })),
    ];
    for (const state of held) {
      const { before, after } = await onPayout(state, () => applyPayoutRule(t.app.db));
      expect(changed(before, after), JSON.stringify(state)).toEqual([]);
    }
    const won = await onPayout({ status: 'pending', paymentIssue: 'dispute_won' }, () =>
      applyPayoutRule(t.app.db),
    );
    expect(won.after.status).toBe('ready_for_payment');
  });
});

describe('holdForComplaint: a buyer complains', () => {
  for (const status of payoutStatuses) {
    const allowed = startsFrom('holdForComplaint', status);
    const moves = status === 'pending' || status === 'ready_for_payment';
    it(`${!allowed ? 'refuses' : moves ? 'holds' : 'marks'} a payout in ${status}`, async () => {
      const { before, result, after } = await onPayout({ status }, (saleId) =>
        holdPayoutForComplaint(t.app.db, saleId, 'Ostaja: ei päässyt sisään'),
      );
      expect(result, 'the status it had').toBe(status);
      if (!allowed) {
        expect(changed(before, after)).toEqual([]);
        return;
      }
      expect(after).toMatchObject({
        status: moves ? 'reclamation_hold' : status,
        hasReclamation: true,
        reclamationDetails: 'Ostaja: ei päässyt sisään',
      });
      expect(changed(before, after)).toEqual(
        sorted(
          moves
            ? [...statusChange, 'hasReclamation', 'reclamationDetails']
            : ['hasReclamation', 'reclamationDetails', 'updatedAt'],
        ),
      );
    });
  }

  it('creates the missing payout row first', async () => {
    const saleId = await untrackedSale();
    expect(await holdPayoutForComplaint(t.app.db, saleId, 'Ostaja: väärä paikka')).toBe('pending');
    expect((await rowOf(saleId)).status).toBe('reclamation_hold');
  });
});

describe('decideComplaint: the complaint held it and is decided', () => {
  const decide = (saleId: string) => settlePayoutComplaint(t.app.db, saleId, 'Hylätty: lippu toimi', adminId);

  for (const status of payoutStatuses) {
    const releases = status === 'reclamation_hold';
    it(`${releases ? 'releases' : 'clears the complaint of'} a payout in ${status}`, async () => {
      const { before, result, after } = await onPayout({ status, hasReclamation: true }, decide);
      expect(result).toBe(releases ? 'ready_for_payment' : status);
      expect(after).toMatchObject({ hasReclamation: false, reclamationDetails: 'Hylätty: lippu toimi' });
      expect(changed(before, after)).toEqual(
        sorted(
          releases
            ? [...statusChange, 'hasReclamation', 'reclamationDetails']
            : ['hasReclamation', 'reclamationDetails', 'updatedAt'],
        ),
      );
      if (releases) expect(after.updatedBy).toBe(adminId);
    });
  }

  it('releases to pending before the deadline, and not at all while the provider holds it', async () => {
    expect(
      (await onPayout({ status: 'reclamation_hold', hasReclamation: true, due: false }, decide)).result,
    ).toBe('pending');
    for (const paymentIssue of ['disputed', 'partially_refunded', 'refunded'] as const)
      expect(
        (await onPayout({ status: 'reclamation_hold', hasReclamation: true, paymentIssue }, decide)).result,
        paymentIssue,
      ).toBe('reclamation_hold');
    expect(
      (
        await onPayout(
          { status: 'reclamation_hold', hasReclamation: true, paymentIssue: 'dispute_won' },
          decide,
        )
      ).result,
    ).toBe('ready_for_payment');
  });
});

describe('cancelForRefund: we refund the sale', () => {
  for (const status of payoutStatuses) {
    const allowed = startsFrom('cancelForRefund', status);
    it(`${allowed ? 'cancels' : 'leaves'} a payout in ${status}`, async () => {
      const { before, result, after } = await onPayout({ status }, (saleId) =>
        cancelPayoutOfRefundedSale(t.app.db, saleId, adminId),
      );
      expect(result).toBe(allowed ? 'cancelled' : status === 'paid' ? 'already_paid' : 'already_cancelled');
      expect(after.status).toBe(allowed ? 'cancelled' : status);
      expect(changed(before, after)).toEqual(allowed ? statusChange : []);
    });
  }
});

describe("the provider's refunds and disputes", () => {
  const cases: [PaymentIssue, SystemPayoutTransition, PaymentIssue | null][] = [
    ['refunded', 'providerMoneyBack', null],
    ['dispute_lost', 'providerMoneyBack', 'disputed'],
    ['disputed', 'providerHold', null],
    ['partially_refunded', 'providerHold', null],
    ['dispute_won', 'providerRelease', 'disputed'],
  ];
  for (const [issue, transition, earlier] of cases) {
    const { moves } = systemPayoutTransitions[transition] as { moves: Partial<Record<string, string>> };
    it(`${issue} (${transition}) from every status`, async () => {
      expect(transitionOfIssue(issue)).toBe(transition);
      for (const status of payoutStatuses) {
        const { before, result, after } = await onPayout({ status, paymentIssue: earlier }, (saleId) =>
          applyPaymentIssue(t.app.db, saleId, issue),
        );
        const to = moves[status] ?? status;
        expect(result, status).toBe(true);
        expect(after.status, status).toBe(to);
        expect(after.paymentIssue).toBe(issue);
        expect(changed(before, after), status).toEqual(
          sorted(to === status ? ['paymentIssue', 'updatedAt'] : [...statusChange, 'paymentIssue']),
        );
      }
    });
  }

  it('changes nothing when the issue is the one it has', async () => {
    const { before, result, after } = await onPayout(
      { status: 'reclamation_hold', paymentIssue: 'disputed' },
      (saleId) => applyPaymentIssue(t.app.db, saleId, 'disputed'),
    );
    expect(result).toBe(false);
    expect(changed(before, after)).toEqual([]);
  });

  it('keeps a payout a complaint holds too when the dispute is won', async () => {
    const { after } = await onPayout(
      { status: 'reclamation_hold', hasReclamation: true, paymentIssue: 'disputed' },
      (saleId) => applyPaymentIssue(t.app.db, saleId, 'dispute_won'),
    );
    expect(after).toMatchObject({ status: 'reclamation_hold', paymentIssue: 'dispute_won' });
  });

  it("releases no hold the admin made: only one the provider's issue made", async () => {
    const { after } = await onPayout({ status: 'reclamation_hold' }, (saleId) =>
      applyPaymentIssue(t.app.db, saleId, 'dispute_won'),
    );
    expect(after.status).toBe('reclamation_hold');
  });
});

describe("the admin's changes", () => {
  const change = (saleId: string, status: PayoutStatusCode) =>
    t.app.db.transaction((tx) => changePayoutsByAdmin(tx, adminId, [saleId], { status }));

  for (const status of payoutStatuses)
    it(`from ${status}: the shared table's changes are made, the others refused and nothing changed`, async () => {
      for (const targetStatus of payoutStatuses) {
        const { before, result, after } = await onPayout({ status }, (saleId) =>
          change(saleId, targetStatus),
        );
        const refusal = payoutChangeRefusal(before, targetStatus);
        const label = `${status} → ${targetStatus}`;
        if (refusal) {
          expect(
            result?.refused.map((row) => row.reason),
            label,
          ).toEqual([refusal]);
          expect(changed(before, after), label).toEqual([]);
          continue;
        }
        expect(result?.changed, label).toHaveLength(1);
        expect(after).toMatchObject({ status: targetStatus, updatedBy: adminId });
        // A payout already paid keeps the day its money left.
        const newlyPaid = targetStatus === 'paid' && status !== 'paid';
        expect(changed(before, after), label).toEqual(
          sorted([
            ...statusChange.filter((column) => column !== 'status' || targetStatus !== status),
            ...(newlyPaid ? ['paymentDate'] : []),
          ]),
        );
      }
    });

  it('refuses to release what a complaint or the provider holds, and changes nothing', async () => {
    for (const hold of [{ hasReclamation: true }, { paymentIssue: 'disputed' as const }]) {
      const { before, result, after } = await onPayout({ status: 'ready_for_payment', ...hold }, (saleId) =>
        change(saleId, 'paid'),
      );
      expect(result?.refused).toHaveLength(1);
      expect(changed(before, after)).toEqual([]);
    }
  });

  it('changes nothing when one of the sales is unknown', async () => {
    const saleId = await payoutIn({ status: 'ready_for_payment' });
    const before = await rowOf(saleId);
    const result = await t.app.db.transaction((tx) =>
      changePayoutsByAdmin(tx, adminId, [saleId, '00000000-0000-4000-8000-000000000000'], { status: 'paid' }),
    );
    expect(result).toBeUndefined();
    expect(changed(before, await rowOf(saleId))).toEqual([]);
  });
});

describe('races: two changes of one payout at once, one winner', () => {
  it('a refund and an admin marking it paid: cancelled or paid, never both', async () => {
    for (let round = 0; round < 4; round++) {
      const saleId = await payoutIn({ status: 'ready_for_payment' });
      const [refund, admin] = await Promise.all([
        t.app.db.transaction((tx) => cancelPayoutOfRefundedSale(tx, saleId, 'system')),
        t.app.db.transaction((tx) => changePayoutsByAdmin(tx, adminId, [saleId], { status: 'paid' })),
      ]);
      const after = await rowOf(saleId);
      if (refund === 'cancelled') {
        expect(admin?.refused.map((row) => row.reason)).toEqual(['cancelled']);
        expect(after.status).toBe('cancelled');
        expect(after.paymentDate).toBeNull();
      } else {
        expect(refund).toBe('already_paid');
        expect(admin?.changed).toHaveLength(1);
        expect(after.status).toBe('paid');
      }
    }
  });

  it('a complaint and an admin marking it paid: held, or paid and marked, never paid while held', async () => {
    for (let round = 0; round < 4; round++) {
      const saleId = await payoutIn({ status: 'ready_for_payment' });
      const [before, admin] = await Promise.all([
        t.app.db.transaction((tx) => holdPayoutForComplaint(tx, saleId, 'Ostaja: lippu oli käytetty')),
        t.app.db.transaction((tx) => changePayoutsByAdmin(tx, adminId, [saleId], { status: 'paid' })),
      ]);
      const after = await rowOf(saleId);
      expect(after.hasReclamation).toBe(true);
      if (before === 'paid') expect(after.status).toBe('paid');
      else {
        expect(admin?.refused.map((row) => row.reason)).toEqual(['complaint']);
        expect(after.status).toBe('reclamation_hold');
      }
    }
  });

  it('two refunds asked at once (a complaint and a cancelled event): one cancels it', async () => {
    const saleId = await payoutIn({ status: 'reclamation_hold', hasReclamation: true });
    const results = await Promise.all(
      [adminId, 'system'].map((by) =>
        t.app.db.transaction((tx) => cancelPayoutOfRefundedSale(tx, saleId, by)),
      ),
    );
    expect(results.sort()).toEqual(['already_cancelled', 'cancelled']);
  });
});

import { and, eq, inArray, isNull, lt, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import {
  type BulkPayoutUpdateResult,
  holdingPaymentIssues,
  mayBeReleased,
  payoutChangeRefusal,
  payoutRefusalMessage,
} from '#shared/admin/payout-transitions.ts';
import type { PaymentIssue, PayoutStatusCode } from '#shared/admin/payouts.schema.ts';
import { reclamationDeadline } from '#shared/payout-date.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { payoutTracking } from '../../db/schema/index.ts';
import { saleEventDates } from '../purchases/recorded-sales.ts';

// The one writer of a payout's state (README.md draws it): its status, whether a complaint holds it
// (`hasReclamation`, `reclamationDetails`), the provider's issue with its money (`paymentIssue`),
// and what goes with them (who changed it and when, the payment's date, reference and notes).
// Every change is one conditional UPDATE or is made on the row locked first, in the caller's
// transaction, so of two changes racing for one payout the second is judged on what the first
// left. Reads stay in payouts.service.ts.

export type PayoutRow = typeof payoutTracking.$inferSelect;

/** A sale whose payout row does not exist yet (spec 02 §4: created when missing). */
type Untracked = 'untracked';

/** Ready for payment once the reclamation deadline has passed, else pending for the payout rule. */
type Released = 'released';

interface SystemTransition {
  /** The status it moves a payout to, from each status it moves. */
  moves: Partial<Record<PayoutStatusCode | Untracked, PayoutStatusCode | Released>>;
  /** The statuses it may start from and leave as they are, changing only what goes with them. */
  keeps: readonly PayoutStatusCode[];
}

/**
 * The changes the system makes, each with the statuses it may start from; from any other status a
 * transition changes nothing and says so. The admin's changes follow `payoutTransitions` and
 * `payoutChangeRefusal` (src/shared/admin/payout-transitions.ts), which the admin's dialog shows
 * too. A move guarded by "may be released" (`mayBeReleased`, the same file) happens only when
 * nothing else holds the payout; otherwise the status stays.
 */
export const systemPayoutTransitions = {
  /** A sale is recorded: its payout waits for the buyers' time to complain. */
  track: { moves: { untracked: 'pending' }, keeps: [] },
  /** The payout rule: the reclamation deadline has passed and the payout may be released. */
  becomeReady: { moves: { pending: 'ready_for_payment' }, keeps: [] },
  /** A buyer complains: an unpaid payout waits; one already paid is marked (a support case). */
  holdForComplaint: {
    moves: { pending: 'reclamation_hold', ready_for_payment: 'reclamation_hold' },
    keeps: ['reclamation_hold', 'paid'],
  },
  /** The complaint is decided: a payout it held is released, if it may be. */
  decideComplaint: {
    moves: { reclamation_hold: 'released' },
    keeps: ['pending', 'ready_for_payment', 'paid', 'cancelled'],
  },
  /** We refund the sale (a complaint upheld, a cancelled event): never paid meanwhile. */
  cancelForRefund: {
    moves: { pending: 'cancelled', ready_for_payment: 'cancelled', reclamation_hold: 'cancelled' },
    keeps: [],
  },
  /** The provider refunded the payment in full, or the bank's dispute was lost. */
  providerMoneyBack: {
    moves: { pending: 'cancelled', ready_for_payment: 'cancelled', reclamation_hold: 'cancelled' },
    keeps: ['paid', 'cancelled'],
  },
  /** An open dispute or a partial refund: the admin decides. */
  providerHold: {
    moves: { pending: 'reclamation_hold', ready_for_payment: 'reclamation_hold' },
    keeps: ['reclamation_hold', 'paid', 'cancelled'],
  },
  /** A dispute won: a payout the issue held goes back to the payout rule, if it may be released. */
  providerRelease: {
    moves: { reclamation_hold: 'pending' },
    keeps: ['pending', 'ready_for_payment', 'paid', 'cancelled'],
  },
} as const satisfies Record<string, SystemTransition>;

export type SystemPayoutTransition = keyof typeof systemPayoutTransitions;

/** Payout statuses money may still leave from: what a refund or dispute at the provider stops. */
export const unpaidStatuses = ['pending', 'ready_for_payment', 'reclamation_hold'] as const;

/** Whether `transition` may start from `status` (moving it or keeping it). */
export function startsFrom(transition: SystemPayoutTransition, status: PayoutStatusCode): boolean {
  const { moves, keeps } = systemPayoutTransitions[transition] as SystemTransition;
  return status in moves || keeps.includes(status);
}

/** The status `transition` leads to from `status` when its guard allows the move. */
function target(transition: SystemPayoutTransition, status: PayoutStatusCode): PayoutStatusCode | Released {
  const { moves } = systemPayoutTransitions[transition] as SystemTransition;
  return moves[status] ?? status;
}

const fromStatuses = (transition: SystemPayoutTransition): PayoutStatusCode[] => {
  const { moves, keeps } = systemPayoutTransitions[transition] as SystemTransition;
  return [...(Object.keys(moves) as PayoutStatusCode[]), ...keeps];
};

/** What a status change sets besides the status. */
function statusColumns(
  status: PayoutStatusCode | SQL,
  updatedBy: string,
): Pick<PgUpdateSetSource<typeof payoutTracking>, 'status' | 'statusUpdatedAt' | 'updatedBy' | 'updatedAt'> {
  return { status, statusUpdatedAt: sql`now()`, updatedBy, updatedAt: sql`now()` };
}

/** `released` as the row's own deadline decides it, in the UPDATE that releases it. */
const releasedStatus: SQL = sql`case when ${payoutTracking.reclamationDeadline} < now() then 'ready_for_payment' else 'pending' end`;

/**
 * `mayBeReleased(payout, 'system')` as a condition on the table, for the payout rule's set-based
 * UPDATE: no complaint holds it and no issue but a won dispute (payout-lifecycle.test.ts checks
 * that both agree on every state).
 */
export const mayBeReleasedBySystem: SQL = and(
  eq(payoutTracking.hasReclamation, false),
  or(isNull(payoutTracking.paymentIssue), notInArray(payoutTracking.paymentIssue, [...holdingPaymentIssues])),
) as SQL;

/** Locks one sale's payout row for a change judged on it; undefined when the sale has none. */
async function lockPayout(executor: Executor, saleId: string): Promise<PayoutRow | undefined> {
  const [row] = await executor
    .select()
    .from(payoutTracking)
    .where(eq(payoutTracking.saleId, saleId))
    .for('update');
  return row;
}

// ─── track ──────────────────────────────────────────────────────────────────────────────────────

/** Starts tracking the payout of a new sale, in the sale's transaction: pending until its deadline. */
export async function startPayoutTracking(
  executor: Executor,
  sale: { id: string; eventDate: Date },
): Promise<void> {
  await executor.insert(payoutTracking).values({
    saleId: sale.id,
    status: systemPayoutTransitions.track.moves.untracked,
    updatedBy: 'system',
    reclamationDeadline: reclamationDeadline(sale.eventDate),
  });
}

/**
 * Gives every sale (of `saleIds`, when given) that has no payout row one, as `startPayoutTracking`
 * would have (spec 02 §4 "A missing tracking record is created automatically"). The deadline is
 * the shared rule's (src/shared/payout-date.ts), so the rows are made here rather than in SQL; a
 * row another process inserts at the same moment wins and this one does nothing.
 */
export async function trackUntrackedSales(executor: Executor, saleIds?: readonly string[]): Promise<void> {
  const sold = saleEventDates(executor, saleIds);
  const untracked = await executor
    .select({ id: sold.id, eventDate: sold.eventDate })
    .from(sold)
    .where(sql`not exists (select 1 from ${payoutTracking} where ${payoutTracking.saleId} = ${sold.id})`);
  if (untracked.length === 0) return;
  await executor
    .insert(payoutTracking)
    .values(
      untracked.map((sale) => ({
        saleId: sale.id,
        status: systemPayoutTransitions.track.moves.untracked,
        updatedBy: 'system',
        reclamationDeadline: reclamationDeadline(sale.eventDate),
      })),
    )
    .onConflictDoNothing({ target: payoutTracking.saleId });
}

// ─── becomeReady ────────────────────────────────────────────────────────────────────────────────

/**
 * The automatic rule (spec 02 §4): sales without a payout row get one, and a pending payout whose
 * deadline (the start of the third day after the event's) has passed and which may be released
 * becomes ready for payment. Two set-based statements, safe for any number of processes at once:
 * the second one's WHERE is checked again on each row it waits for.
 */
export async function applyPayoutRule(executor: Executor): Promise<void> {
  await trackUntrackedSales(executor);
  await executor
    .update(payoutTracking)
    .set(statusColumns('ready_for_payment', 'system'))
    .where(
      and(
        inArray(payoutTracking.status, fromStatuses('becomeReady')),
        lt(payoutTracking.reclamationDeadline, sql`now()`),
        mayBeReleasedBySystem,
      ),
    );
}

// ─── holdForComplaint, decideComplaint ──────────────────────────────────────────────────────────

/**
 * A buyer's complaint holds the sale's payout (docs/decisions/036), in the complaint's transaction:
 * marked as reclaimed with its summary, and an unpaid payout waits in reclamation_hold, which the
 * payout rule never pays. Returns the status the payout had: 'paid' makes the complaint a support
 * case; 'cancelled' means the money already went back, nothing is changed and the caller refuses
 * the complaint.
 */
export async function holdPayoutForComplaint(
  executor: Executor,
  saleId: string,
  details: string,
): Promise<PayoutStatusCode> {
  await trackUntrackedSales(executor, [saleId]);
  const before = await lockPayout(executor, saleId);
  if (!before) throw new Error(`sale ${saleId} has no payout row`);
  if (!startsFrom('holdForComplaint', before.status)) return before.status;
  const to = target('holdForComplaint', before.status) as PayoutStatusCode;
  await executor
    .update(payoutTracking)
    .set({
      hasReclamation: true,
      reclamationDetails: details,
      updatedAt: sql`now()`,
      ...(to !== before.status && statusColumns(to, 'system')),
    })
    .where(eq(payoutTracking.saleId, saleId));
  return before.status;
}

/**
 * The complaint that held the payout is decided: no reclamation holds it any more and its details
 * say how it ended. A payout the complaint held is released, ready for payment when the deadline
 * has passed, else pending for the rule, unless the provider's issue still holds it. (A refunded
 * complaint's payout was cancelled before this, by the refund.) Returns the status after.
 */
export async function settlePayoutComplaint(
  executor: Executor,
  saleId: string,
  details: string,
  updatedBy: string,
): Promise<PayoutStatusCode> {
  const payout = await lockPayout(executor, saleId);
  if (!payout) throw new Error(`sale ${saleId} has no payout row`);
  const release =
    target('decideComplaint', payout.status) === 'released' &&
    mayBeReleased({ hasReclamation: false, paymentIssue: payout.paymentIssue }, 'system');
  const [after] = await executor
    .update(payoutTracking)
    .set({
      hasReclamation: false,
      reclamationDetails: details,
      updatedAt: sql`now()`,
      ...(release && statusColumns(releasedStatus, updatedBy)),
    })
    .where(
      and(eq(payoutTracking.saleId, saleId), inArray(payoutTracking.status, fromStatuses('decideComplaint'))),
    )
    .returning({ status: payoutTracking.status });
  return after?.status ?? payout.status;
}

// ─── cancelForRefund ────────────────────────────────────────────────────────────────────────────

/**
 * The payout of a sale we are refunding (a complaint upheld, a cancelled event), in the refund's
 * transaction: cancelled at once, so the payout rule can never pay it meanwhile. One conditional
 * UPDATE. A payout already paid stays paid: the money must be recovered from the seller, and the
 * provider's refund, when it arrives, shows on it for the admin. Returns what the payout was.
 */
export async function cancelPayoutOfRefundedSale(
  executor: Executor,
  saleId: string,
  updatedBy: string,
): Promise<'cancelled' | 'already_paid' | 'already_cancelled'> {
  const [cancelled] = await executor
    .update(payoutTracking)
    .set(statusColumns('cancelled', updatedBy))
    .where(
      and(eq(payoutTracking.saleId, saleId), inArray(payoutTracking.status, fromStatuses('cancelForRefund'))),
    )
    .returning({ saleId: payoutTracking.saleId });
  if (cancelled) return 'cancelled';
  const [payout] = await executor
    .select({ status: payoutTracking.status })
    .from(payoutTracking)
    .where(eq(payoutTracking.saleId, saleId));
  return payout?.status === 'paid' ? 'already_paid' : 'already_cancelled';
}

// ─── providerMoneyBack, providerHold, providerRelease ───────────────────────────────────────────

/** The transition a new issue at the provider makes; no issue releases as a won dispute does. */
export function transitionOfIssue(issue: PaymentIssue | null): SystemPayoutTransition {
  switch (issue) {
    case 'refunded':
    case 'dispute_lost':
      return 'providerMoneyBack';
    case 'disputed':
    case 'partially_refunded':
      return 'providerHold';
    default:
      return 'providerRelease';
  }
}

/**
 * The provider refunded or disputed a sale's payment (modules/purchases tells, in its
 * transaction). Money gone back cancels an unpaid payout; an open dispute or a partial refund
 * holds it for the admin; a won dispute releases a payout the issue held, unless a buyer's
 * complaint holds it too. A payout already paid keeps its status and shows the issue, for the
 * admin to recover. Returns whether the issue changed.
 */
export async function applyPaymentIssue(
  executor: Executor,
  saleId: string,
  issue: PaymentIssue | null,
): Promise<boolean> {
  const before = await lockPayout(executor, saleId);
  if (!before || before.paymentIssue === issue) return false;
  const transition = transitionOfIssue(issue);
  if (!startsFrom(transition, before.status)) return false;
  const to = target(transition, before.status) as PayoutStatusCode;
  const move =
    transition !== 'providerRelease' ||
    // Released only from a hold the issue made, and only if nothing else holds it.
    (before.paymentIssue !== null && mayBeReleased({ ...before, paymentIssue: issue }, 'system'));
  await executor
    .update(payoutTracking)
    .set({
      paymentIssue: issue,
      updatedAt: sql`now()`,
      ...(move && to !== before.status && statusColumns(to, 'system')),
    })
    .where(eq(payoutTracking.saleId, saleId));
  return true;
}

// ─── the admin's changes ────────────────────────────────────────────────────────────────────────

/** A change of one or more payouts. A field left out keeps its value; an empty one clears it. */
export interface AdminPayoutChange {
  status: PayoutStatusCode;
  notes?: string | undefined;
  paymentReference?: string | undefined;
}

export interface AdminPayoutChanges {
  /** Each payout changed, as it was and as it is now. */
  changed: { before: PayoutRow; after: PayoutRow }[];
  refused: BulkPayoutUpdateResult['refused'];
}

/**
 * Sets the payouts of `saleIds` to `change`, in the caller's transaction; undefined (nothing
 * changed) when a sale is unknown. Only the changes the payout's rules allow are made
 * (`payoutChangeRefusal`, docs/decisions/016): the others are returned with why. The rows are
 * locked before they are judged, and every other transition here locks its row or moves it in one
 * conditional UPDATE, so a complaint filed or a refund made at the same moment is either seen here
 * or comes after the change, never slips between. A payout that becomes paid gets today's payment
 * date; one already paid keeps the date its money was sent, and so does one moved on from paid
 * (docs/decisions/015).
 */
export async function changePayoutsByAdmin(
  tx: Tx,
  adminId: string,
  saleIds: readonly string[],
  change: AdminPayoutChange,
): Promise<AdminPayoutChanges | undefined> {
  const ids = [...new Set(saleIds)];
  await trackUntrackedSales(tx, ids);
  // Locked in one order, so two bulk changes over the same sales cannot deadlock.
  const before = await tx
    .select()
    .from(payoutTracking)
    .where(inArray(payoutTracking.saleId, ids))
    .orderBy(payoutTracking.saleId)
    .for('update');
  if (before.length !== ids.length) return undefined;

  const refused: AdminPayoutChanges['refused'] = [];
  const allowed: PayoutRow[] = [];
  for (const row of before) {
    const reason = payoutChangeRefusal(row, change.status);
    if (reason)
      refused.push({ saleId: row.saleId, reason, message: payoutRefusalMessage(change.status, reason) });
    else allowed.push(row);
  }
  if (allowed.length === 0) return { changed: [], refused };

  const paymentDate: SQL | undefined =
    change.status === 'paid'
      ? sql`case when ${payoutTracking.status} = 'paid' and ${payoutTracking.paymentDate} is not null then ${payoutTracking.paymentDate} else now() end`
      : undefined;
  const after = await tx
    .update(payoutTracking)
    .set({
      ...statusColumns(change.status, adminId),
      ...(paymentDate && { paymentDate }),
      ...(change.notes !== undefined && { notes: change.notes || null }),
      ...(change.paymentReference !== undefined && { paymentReference: change.paymentReference || null }),
    })
    .where(
      inArray(
        payoutTracking.saleId,
        allowed.map((row) => row.saleId),
      ),
    )
    .returning();
  const afterBySale = new Map(after.map((row) => [row.saleId, row]));
  const changed = allowed.map((row) => {
    const now = afterBySale.get(row.saleId);
    if (!now) throw new Error(`locked payout ${row.saleId} was not updated`);
    return { before: row, after: now };
  });
  return { changed, refused };
}

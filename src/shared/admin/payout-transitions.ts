import { z } from 'zod';
import type { PayoutHoldReason } from '../payouts/seller-payout.schema.ts';
import { type PaymentIssue, type PayoutStatusCode, payoutStatusLabels } from './payouts.schema.ts';

// Which payout status an admin may set after which (docs/decisions/016 "An admin's payout
// changes"). The spec lets any status follow any other; that let a held or refunded payout be
// marked paid, and a later refund then paid the buyer and the seller both.

/**
 * The statuses an admin may move a payout to from each status. Saving a payout in the status it
 * has (new notes, a reference) is always allowed and not listed.
 */
export const payoutTransitions = {
  pending: ['ready_for_payment', 'paid', 'reclamation_hold', 'cancelled'],
  ready_for_payment: ['pending', 'paid', 'reclamation_hold', 'cancelled'],
  // Marked paid by mistake (the money never left): corrected. Recovered from the seller: cancelled.
  paid: ['pending', 'ready_for_payment', 'reclamation_hold', 'cancelled'],
  // A hold is released on purpose before anyone pays: never paid straight from it.
  reclamation_hold: ['pending', 'ready_for_payment', 'cancelled'],
  // Final: a refund cancelled it, or the seller is not to be paid. Paying it again could pay the
  // seller for money the buyer already has back.
  cancelled: [],
} as const satisfies Record<PayoutStatusCode, readonly PayoutStatusCode[]>;

/** The statuses from which money goes, or has gone, to the seller: what a hold keeps a payout out of. */
export const releasedStatuses: readonly PayoutStatusCode[] = ['pending', 'ready_for_payment', 'paid'];

/**
 * The provider's issues that hold a payout: every one but a won dispute (docs/decisions/016). Of
 * them, only a partial refund may be released by an admin (usually a goodwill gesture the seller
 * may or may not bear); the others only the provider's outcome ends.
 */
export const holdingPaymentIssues = [
  'refunded',
  'partially_refunded',
  'disputed',
  'dispute_lost',
] as const satisfies readonly PaymentIssue[];

const isHoldingIssue = (issue: PaymentIssue | null): issue is (typeof holdingPaymentIssues)[number] =>
  (holdingPaymentIssues as readonly (PaymentIssue | null)[]).includes(issue);

/** Why an admin's change of a payout is refused. */
export const payoutRefusals = ['cancelled', 'refunded', 'complaint', 'disputed', 'on_hold'] as const;
export type PayoutRefusal = (typeof payoutRefusals)[number];

/** What decides whether a payout may change: its status and what holds it. */
export interface PayoutState {
  status: PayoutStatusCode;
  /** An unresolved complaint holds it (docs/decisions/036). */
  hasReclamation: boolean;
  paymentIssue: PaymentIssue | null;
}

/**
 * What holds the payout out of the released statuses (pending, ready, paid), or null when nothing
 * does: an open complaint first, else the provider's issue (a lost dispute is money back, as a
 * refund is).
 */
export function payoutHold(
  payout: Pick<PayoutState, 'hasReclamation' | 'paymentIssue'>,
): PayoutHoldReason | null {
  if (payout.hasReclamation) return 'complaint';
  const issue = payout.paymentIssue;
  if (!isHoldingIssue(issue)) return null;
  return issue === 'dispute_lost' ? 'refunded' : issue;
}

/** Who releases a payout: the system (the payout rule, a complaint decided, a dispute won) or an admin. */
export type Releaser = 'system' | 'admin';

/**
 * "May be released": the one rule of whether a payout may go to a released status. The system
 * releases only a payout nothing holds; an admin may also release a partial refund. The payout
 * rule's set-based UPDATE writes the system's case in SQL (modules/payouts/payout-lifecycle.ts,
 * tested to agree with this on every state).
 */
export function mayBeReleased(
  payout: Pick<PayoutState, 'hasReclamation' | 'paymentIssue'>,
  by: Releaser,
): boolean {
  const hold = payoutHold(payout);
  return hold === null || (by === 'admin' && hold === 'partially_refunded');
}

/**
 * Why the payout may not be set to `target`, or null when it may. A payout an open complaint or the
 * provider holds goes to no released status (pending, ready, paid) until the complaint is decided
 * or the provider's outcome arrives; a partial refund holds it only until the admin releases it.
 */
export function payoutChangeRefusal(payout: PayoutState, target: PayoutStatusCode): PayoutRefusal | null {
  if (target === payout.status) return null;
  if (payout.status === 'cancelled') {
    const moneyBack = payout.paymentIssue === 'refunded' || payout.paymentIssue === 'dispute_lost';
    return moneyBack ? 'refunded' : 'cancelled';
  }
  if (releasedStatuses.includes(target) && !mayBeReleased(payout, 'admin')) {
    const hold = payoutHold(payout);
    return hold === 'complaint' || hold === 'disputed' ? hold : 'refunded';
  }
  const allowed: readonly PayoutStatusCode[] = payoutTransitions[payout.status];
  return allowed.includes(target) ? null : 'on_hold';
}

/** What refuses to happen, by the status asked for. */
const refusedChange: Record<PayoutStatusCode, string> = {
  pending: `Tilitystä ei voi siirtää tilaan ”${payoutStatusLabels.pending}”`,
  ready_for_payment: `Tilitystä ei voi siirtää tilaan ”${payoutStatusLabels.ready_for_payment}”`,
  paid: 'Tilitystä ei voi merkitä maksetuksi',
  reclamation_hold: `Tilitystä ei voi siirtää tilaan ”${payoutStatusLabels.reclamation_hold}”`,
  cancelled: 'Tilitystä ei voi perua',
};

/** Why, in the admin's words. */
const refusalReasons: Record<PayoutRefusal, string> = {
  cancelled: 'se on peruttu, eikä peruttua tilitystä voi enää muuttaa.',
  refunded: 'maksu on palautettu ostajalle.',
  complaint: 'avoin reklamaatio pitää sen pidossa. Ratkaise reklamaatio ensin.',
  disputed: 'ostaja on kiistänyt maksun, ja kiista on vielä kesken.',
  on_hold: `se on pidossa. Siirrä se ensin tilaan ”${payoutStatusLabels.ready_for_payment}”, kun pidon syy on selvitetty.`,
};

/** The refusal as the admin reads it: 'Tilitystä ei voi merkitä maksetuksi: avoin reklamaatio …'. */
export function payoutRefusalMessage(target: PayoutStatusCode, refusal: PayoutRefusal): string {
  return `${refusedChange[target]}: ${refusalReasons[refusal]}`;
}

/**
 * PATCH /api/admin/sales/payout: the sales the rules allow change, the others stay as they were and
 * are listed with why.
 */
export const bulkPayoutUpdateResultSchema = z.object({
  updated: z.number().int(),
  refused: z.array(z.object({ saleId: z.uuid(), reason: z.enum(payoutRefusals), message: z.string() })),
});
export type BulkPayoutUpdateResult = z.infer<typeof bulkPayoutUpdateResultSchema>;

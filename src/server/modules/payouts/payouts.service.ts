import { and, count, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type BulkPayoutUpdateResult,
  payoutChangeRefusal,
  payoutRefusalMessage,
} from '#shared/admin/payout-transitions.ts';
import {
  type AdminSale,
  type adminSalesResponseSchema,
  type PaymentIssue,
  type PayoutStatusCode,
  payoutStatuses,
  type UpdatePayout,
} from '#shared/admin/payouts.schema.ts';
import { expectedPayoutDate, reclamationDeadline } from '#shared/payout-date.ts';
import type { PayoutHoldReason, SellerPayout } from '#shared/payouts/seller-payout.schema.ts';
import { AppError } from '../../app-error.ts';
import type { Db, Executor } from '../../db/client.ts';
import { payoutTracking } from '../../db/schema/index.ts';
import { findSharedIbans, findUsersForAdmin } from '../accounts/accounts.service.ts';
import { recordAdminAction } from '../admin/admin-audit.ts';
import { listSales, listSalesOfSeller, saleEventDates, salesOfSellers } from '../purchases/recorded-sales.ts';

// Paying sellers (spec 02 §3-§4 paymentTracking). This module owns payout_tracking: a row per
// sale, the automatic ready-for-payment rule, the admin's status changes and the sales list of
// the admin area's payment tracking.

/**
 * A seller's completed sales, as buyers are shown them: the event is over, the complaint time
 * passed without a complaint, and the seller's money is due or paid (docs/decisions/031).
 */
export async function countCompletedSales(executor: Executor, sellerId: string): Promise<number> {
  const sold = salesOfSellers(executor, [sellerId]);
  const [row] = await executor
    .select({ completed: count() })
    .from(payoutTracking)
    .innerJoin(sold, eq(sold.id, payoutTracking.saleId))
    .where(inArray(payoutTracking.status, ['ready_for_payment', 'paid']));
  return row?.completed ?? 0;
}

/** Starts tracking the payout of a new sale: pending until the reclamation deadline has passed. */
export async function startPayoutTracking(
  executor: Executor,
  sale: { id: string; eventDate: Date },
): Promise<void> {
  await executor.insert(payoutTracking).values({
    saleId: sale.id,
    status: 'pending',
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
async function trackUntrackedSales(executor: Executor, saleIds?: readonly string[]): Promise<void> {
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
        status: 'pending' as const,
        updatedBy: 'system',
        reclamationDeadline: reclamationDeadline(sale.eventDate),
      })),
    )
    .onConflictDoNothing({ target: payoutTracking.saleId });
}

/**
 * The automatic rule (spec 02 §4): sales without a payout row get one, and a pending payout with
 * no reclamation whose deadline (the start of the third day after the event's) has passed becomes ready for payment. Two
 * set-based statements, safe for any number of processes at once: the second one's WHERE is
 * checked again on each row it waits for.
 */
export async function applyPayoutRule(executor: Executor): Promise<void> {
  await trackUntrackedSales(executor);
  await executor
    .update(payoutTracking)
    .set({
      status: 'ready_for_payment',
      updatedBy: 'system',
      statusUpdatedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(payoutTracking.status, 'pending'),
        eq(payoutTracking.hasReclamation, false),
        lt(payoutTracking.reclamationDeadline, sql`now()`),
        or(isNull(payoutTracking.paymentIssue), eq(payoutTracking.paymentIssue, 'dispute_won')),
      ),
    );
}

/** Payout statuses money may still leave from: what a refund or dispute at the provider stops. */
export const unpaidStatuses = ['pending', 'ready_for_payment', 'reclamation_hold'] as const;

/**
 * The provider refunded or disputed a sale's payment (modules/purchases tells, in its
 * transaction). Money gone back cancels an unpaid payout; an open dispute or a partial refund
 * holds it for the admin; a won dispute releases a payout it held. A payout already paid keeps its
 * status and shows the issue, for the admin to recover. Returns whether the issue changed.
 */
export async function applyPaymentIssue(executor: Executor, saleId: string, issue: PaymentIssue | null) {
  const [before] = await executor
    .select()
    .from(payoutTracking)
    .where(eq(payoutTracking.saleId, saleId))
    .for('update');
  if (!before || before.paymentIssue === issue) return false;
  const status = payoutStatusFor(before, issue);
  await executor
    .update(payoutTracking)
    .set({
      paymentIssue: issue,
      updatedAt: sql`now()`,
      ...(status !== before.status && { status, statusUpdatedAt: sql`now()`, updatedBy: 'system' }),
    })
    .where(eq(payoutTracking.saleId, saleId));
  return true;
}

function payoutStatusFor(payout: PayoutRow, issue: PaymentIssue | null): PayoutStatusCode {
  const unpaid = (unpaidStatuses as readonly string[]).includes(payout.status);
  switch (issue) {
    case 'refunded':
    case 'dispute_lost':
      return unpaid ? 'cancelled' : payout.status;
    case 'disputed':
    case 'partially_refunded':
      return unpaid ? 'reclamation_hold' : payout.status;
    default:
      // Released: back to waiting for the rule, unless a buyer's complaint holds it too.
      return payout.status === 'reclamation_hold' && payout.paymentIssue && !payout.hasReclamation
        ? 'pending'
        : payout.status;
  }
}

/** Why a payout waits or was cancelled, as its seller is told; null when nothing holds it. */
function holdReasonOf(payout: PayoutRow): PayoutHoldReason | null {
  const issue = payout.paymentIssue;
  if (payout.status === 'cancelled')
    return issue === 'refunded' || issue === 'dispute_lost' ? 'refunded' : null;
  if (payout.status === 'paid') return null;
  if (issue === 'disputed' || issue === 'partially_refunded') return issue;
  if (payout.hasReclamation || payout.status === 'reclamation_hold') return 'complaint';
  return null;
}

/**
 * The payouts of one seller's sales, by listing (the profile's sold listings): only that seller's,
 * and only what the seller may see (no notes, no buyer).
 */
export async function listSellerPayouts(
  executor: Executor,
  sellerId: string,
): Promise<Map<string, SellerPayout>> {
  const sold = await listSalesOfSeller(executor, sellerId);
  if (sold.length === 0) return new Map();
  const rows = await executor
    .select()
    .from(payoutTracking)
    .where(
      inArray(
        payoutTracking.saleId,
        sold.map((sale) => sale.id),
      ),
    );
  const payouts = new Map(rows.map((row) => [row.saleId, row]));
  const bySale = new Map<string, SellerPayout>();
  for (const sale of sold) {
    const payout = payouts.get(sale.id);
    if (!payout) continue;
    const holdReason = holdReasonOf(payout);
    const waiting = payout.status === 'pending' || payout.status === 'ready_for_payment';
    bySale.set(sale.listingId, {
      status: payout.status,
      expectedDate: waiting && !holdReason ? expectedPayoutDate(sale.eventDate) : null,
      paymentDate: payout.status === 'paid' ? (payout.paymentDate?.toISOString() ?? null) : null,
      paymentReference: payout.status === 'paid' ? payout.paymentReference : null,
      holdReason,
    });
  }
  return bySale;
}

/**
 * The admin's sales list (spec 02 §7 "Admin side"), after the automatic rule: newest purchase
 * first, of one payout status or all, each with its payout, buyer and seller; and the count and
 * seller amounts of every status over all sales.
 */
export async function listAdminSales(
  db: Db,
  status?: PayoutStatusCode,
): Promise<z.infer<typeof adminSalesResponseSchema>> {
  await applyPayoutRule(db);
  // Sales first: a sale and its payout row commit together, so every sale read has its row.
  const allSales = await listSales(db);
  const payouts = new Map((await db.select().from(payoutTracking)).map((row) => [row.saleId, row]));
  const tracked = allSales.flatMap((sale) => {
    const payout = payouts.get(sale.id);
    return payout ? [{ sale, payout }] : [];
  });

  const summary = payoutStatuses.map((code) => {
    const ofStatus = tracked.filter(({ payout }) => payout.status === code);
    return {
      status: code,
      count: ofStatus.length,
      sellerReceivableCents: ofStatus.reduce((sum, { sale }) => sum + sale.sellerReceivableCents, 0),
    };
  });

  const shown = status ? tracked.filter(({ payout }) => payout.status === status) : tracked;
  const people = await findUsersForAdmin(
    db,
    shown.flatMap(({ sale }) => [sale.buyerId, sale.sellerId]),
  );
  const sharedIbans = await findSharedIbans(db);
  const person = (id: string) => {
    const found = people.get(id);
    // Users are never deleted (an account deletion empties the row), and sales reference them.
    if (!found) throw new Error(`user ${id} of a sale is missing`);
    return found;
  };

  const sales = shown.map(({ sale, payout }): AdminSale => {
    const buyer = person(sale.buyerId);
    const seller = person(sale.sellerId);
    return {
      id: sale.id,
      ticketId: sale.listingId,
      purchaseDate: sale.purchaseDate.toISOString(),
      eventName: sale.eventName,
      eventDate: sale.eventDate.toISOString(),
      buyer: { id: buyer.id, email: buyer.email, username: buyer.username },
      seller: {
        ...seller,
        sharedIbanUserIds: seller.iban
          ? (sharedIbans.get(seller.iban) ?? []).filter((id) => id !== seller.id)
          : [],
      },
      pricePaidCents: sale.pricePaidCents,
      sellerReceivableCents: sale.sellerReceivableCents,
      serviceFeeCents: sale.serviceFeeCents,
      totalServiceFeeCents: sale.pricePaidCents - sale.sellerReceivableCents,
      payout: {
        status: payout.status,
        statusUpdatedAt: payout.statusUpdatedAt.toISOString(),
        updatedBy: payout.updatedBy,
        notes: payout.notes,
        paymentDate: payout.paymentDate?.toISOString() ?? null,
        paymentReference: payout.paymentReference,
        reclamationDeadline: payout.reclamationDeadline.toISOString(),
        hasReclamation: payout.hasReclamation,
        reclamationDetails: payout.reclamationDetails,
        paymentIssue: payout.paymentIssue,
      },
    };
  });
  return { sales, summary };
}

type PayoutRow = typeof payoutTracking.$inferSelect;

/** What the audit log keeps of a payout, before and after a change. */
function auditedPayout(row: PayoutRow): Record<string, unknown> {
  return {
    status: row.status,
    notes: row.notes,
    paymentDate: row.paymentDate?.toISOString() ?? null,
    paymentReference: row.paymentReference,
  };
}

/** A change of one or more payouts. A field left out keeps its value; an empty one clears it. */
interface PayoutChange {
  status: PayoutStatusCode;
  notes?: string | undefined;
  paymentReference?: string | undefined;
}

/**
 * Sets the payouts of `saleIds` to `change` in one transaction, with an audit row each; any
 * unknown sale changes nothing (404). Only the changes the payout's rules allow are made
 * (`payoutChangeRefusal`, docs/decisions/016): the others are returned with why, unchanged and not
 * logged. The rows are locked before they are judged, and every other writer of a payout (a
 * complaint, a refund, the provider's events) locks its row too, so a complaint filed or a refund
 * made at the same moment is either seen here or comes after the change, never slips between. A
 * payout that becomes paid gets today's payment date; one already paid keeps the date its money
 * was sent, and so does one moved on from paid (docs/decisions/015). Two admins changing one payout
 * at once go one after the other: the second change is judged on what the first left.
 */
async function changePayouts(
  db: Db,
  adminId: string,
  saleIds: readonly string[],
  change: PayoutChange,
): Promise<BulkPayoutUpdateResult> {
  const ids = [...new Set(saleIds)];
  return db.transaction(async (tx) => {
    await trackUntrackedSales(tx, ids);
    // Locked in one order, so two bulk changes over the same sales cannot deadlock.
    const before = await tx
      .select()
      .from(payoutTracking)
      .where(inArray(payoutTracking.saleId, ids))
      .orderBy(payoutTracking.saleId)
      .for('update');
    if (before.length !== ids.length) throw new AppError('not-found');

    const refused: BulkPayoutUpdateResult['refused'] = [];
    const allowed: PayoutRow[] = [];
    for (const row of before) {
      const reason = payoutChangeRefusal(row, change.status);
      if (reason)
        refused.push({ saleId: row.saleId, reason, message: payoutRefusalMessage(change.status, reason) });
      else allowed.push(row);
    }
    if (allowed.length === 0) return { updated: 0, refused };

    const paymentDate: SQL | undefined =
      change.status === 'paid'
        ? sql`case when ${payoutTracking.status} = 'paid' and ${payoutTracking.paymentDate} is not null then ${payoutTracking.paymentDate} else now() end`
        : undefined;
    const after = await tx
      .update(payoutTracking)
      .set({
        status: change.status,
        statusUpdatedAt: sql`now()`,
        updatedAt: sql`now()`,
        updatedBy: adminId,
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
    for (const row of allowed) {
      const changed = afterBySale.get(row.saleId);
      if (!changed) throw new Error(`locked payout ${row.saleId} was not updated`);
      await recordAdminAction(tx, {
        adminId,
        action: 'payout.update',
        entityType: 'sale',
        entityId: row.saleId,
        before: auditedPayout(row),
        after: auditedPayout(changed),
      });
    }
    return { updated: after.length, refused };
  });
}

/** The status dialog of one sale: status, payment reference and notes; a change the rules refuse is a 409. */
export async function updatePayout(
  db: Db,
  adminId: string,
  saleId: string,
  update: UpdatePayout,
): Promise<number> {
  const { updated, refused } = await changePayouts(db, adminId, [saleId], update);
  const [refusal] = refused;
  if (refusal) throw new AppError('payout-change-refused', { message: refusal.message });
  return updated;
}

/**
 * 'Päivitä tila (n)': one status (and notes) for several sales, without a payment reference. The
 * sales the rules allow change; the others are answered with why.
 */
export function updatePayouts(
  db: Db,
  adminId: string,
  update: { saleIds: string[]; status: PayoutStatusCode; notes?: string | undefined },
): Promise<BulkPayoutUpdateResult> {
  return changePayouts(db, adminId, update.saleIds, { status: update.status, notes: update.notes });
}

/**
 * The payout of a sale we are refunding (a complaint upheld, a cancelled event), in the refund's
 * transaction: cancelled at once, so the payout rule can never pay it meanwhile. A payout already
 * paid stays paid: the money must be recovered from the seller, and the provider's refund, when
 * it arrives, shows on it for the admin. Returns what the payout was.
 */
export async function cancelPayoutOfRefundedSale(
  executor: Executor,
  saleId: string,
  updatedBy: string,
): Promise<'cancelled' | 'already_paid' | 'already_cancelled'> {
  const [cancelled] = await executor
    .update(payoutTracking)
    .set({ status: 'cancelled', statusUpdatedAt: sql`now()`, updatedBy, updatedAt: sql`now()` })
    .where(and(eq(payoutTracking.saleId, saleId), inArray(payoutTracking.status, [...unpaidStatuses])))
    .returning({ saleId: payoutTracking.saleId });
  if (cancelled) return 'cancelled';
  const [payout] = await executor
    .select({ status: payoutTracking.status })
    .from(payoutTracking)
    .where(eq(payoutTracking.saleId, saleId));
  return payout?.status === 'paid' ? 'already_paid' : 'already_cancelled';
}

/** The payout status of each of these sales (a sale without a payout row is missing from the map). */
export async function payoutStatusesOfSales(
  executor: Executor,
  saleIds: readonly string[],
): Promise<Map<string, PayoutStatusCode>> {
  if (saleIds.length === 0) return new Map();
  const rows = await executor
    .select({ saleId: payoutTracking.saleId, status: payoutTracking.status })
    .from(payoutTracking)
    .where(inArray(payoutTracking.saleId, [...saleIds]));
  return new Map(rows.map((row) => [row.saleId, row.status]));
}

/**
 * A buyer's complaint holds the sale's payout (docs/decisions/036), in the complaint's transaction:
 * marked as reclaimed with its summary, and an unpaid payout waits in reclamation_hold, which the
 * payout rule never pays. Returns the status the payout had: 'paid' makes the complaint a support
 * case, 'cancelled' means the money already went back (the caller refuses the complaint).
 */
export async function holdPayoutForComplaint(
  executor: Executor,
  saleId: string,
  details: string,
): Promise<PayoutStatusCode> {
  await trackUntrackedSales(executor, [saleId]);
  const [before] = await executor
    .select({ status: payoutTracking.status })
    .from(payoutTracking)
    .where(eq(payoutTracking.saleId, saleId))
    .for('update');
  if (!before) throw new Error(`sale ${saleId} has no payout row`);
  const hold = before.status === 'pending' || before.status === 'ready_for_payment';
  await executor
    .update(payoutTracking)
    .set({
      hasReclamation: true,
      reclamationDetails: details,
      updatedAt: sql`now()`,
      ...(hold && { status: 'reclamation_hold', statusUpdatedAt: sql`now()`, updatedBy: 'system' }),
    })
    .where(eq(payoutTracking.saleId, saleId));
  return before.status;
}

/**
 * The complaint that held the payout is decided: no reclamation holds it any more and its details
 * say how it ended. A payout the complaint held is released, ready for payment when the deadline
 * has passed, else pending for the rule, unless a dispute at the provider still holds it. (A
 * refunded complaint's payout was cancelled before this, by the refund.) Returns the status after.
 */
export async function settlePayoutComplaint(
  executor: Executor,
  saleId: string,
  details: string,
  updatedBy: string,
): Promise<PayoutStatusCode> {
  const [payout] = await executor
    .select()
    .from(payoutTracking)
    .where(eq(payoutTracking.saleId, saleId))
    .for('update');
  if (!payout) throw new Error(`sale ${saleId} has no payout row`);
  const heldByIssue = payout.paymentIssue !== null && payout.paymentIssue !== 'dispute_won';
  const release = payout.status === 'reclamation_hold' && !heldByIssue;
  const [after] = await executor
    .update(payoutTracking)
    .set({
      hasReclamation: false,
      reclamationDetails: details,
      updatedAt: sql`now()`,
      ...(release && {
        status: sql`case when ${payoutTracking.reclamationDeadline} < now() then 'ready_for_payment' else 'pending' end`,
        statusUpdatedAt: sql`now()`,
        updatedBy,
      }),
    })
    .where(eq(payoutTracking.saleId, saleId))
    .returning({ status: payoutTracking.status });
  return after?.status ?? payout.status;
}

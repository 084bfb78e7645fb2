import { count, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { BulkPayoutUpdateResult } from '#shared/admin/payout-transitions.ts';
import {
  type AdminSale,
  type adminSalesResponseSchema,
  type PayoutStatusCode,
  payoutStatuses,
  type UpdatePayout,
} from '#shared/admin/payouts.schema.ts';
import { expectedPayoutDate } from '#shared/payout-date.ts';
import type { PayoutHoldReason, SellerPayout } from '#shared/payouts/seller-payout.schema.ts';
import { AppError } from '../../app-error.ts';
import type { Db, Executor } from '../../db/client.ts';
import { payoutTracking } from '../../db/schema/index.ts';
import { findSharedIbans, findUsersForAdmin } from '../accounts/accounts.service.ts';
import { recordAdminAction } from '../admin/admin-audit.ts';
import { listSales, listSalesOfSeller, salesOfSellers } from '../purchases/recorded-sales.ts';
import {
  type AdminPayoutChange,
  applyPayoutRule,
  changePayoutsByAdmin,
  type PayoutRow,
} from './payout-lifecycle.ts';

// Paying sellers (spec 02 §3-§4 paymentTracking). This module owns payout_tracking: a row per
// sale. Every change of a payout is a transition of payout-lifecycle.ts; here are the reads (the
// seller's payouts, the admin area's sales list) and the admin's changes with their audit rows.

// The automatic rule and the start of tracking are transitions; the job and tests call them here.
export { applyPayoutRule, startPayoutTracking } from './payout-lifecycle.ts';

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

/** What the audit log keeps of a payout, before and after a change. */
function auditedPayout(row: PayoutRow): Record<string, unknown> {
  return {
    status: row.status,
    notes: row.notes,
    paymentDate: row.paymentDate?.toISOString() ?? null,
    paymentReference: row.paymentReference,
  };
}

/**
 * Sets the payouts of `saleIds` to `change` in one transaction (payout-lifecycle.ts judges and
 * makes each change), with an audit row each; any unknown sale changes nothing (404). Refused
 * changes are returned with why, unchanged and not logged. Two admins changing one payout at once
 * go one after the other: the second change is judged on what the first left.
 */
async function changePayouts(
  db: Db,
  adminId: string,
  saleIds: readonly string[],
  change: AdminPayoutChange,
): Promise<BulkPayoutUpdateResult> {
  return db.transaction(async (tx) => {
    const result = await changePayoutsByAdmin(tx, adminId, saleIds, change);
    if (!result) throw new AppError('not-found');
    for (const { before, after } of result.changed)
      await recordAdminAction(tx, {
        adminId,
        action: 'payout.update',
        entityType: 'sale',
        entityId: before.saleId,
        before: auditedPayout(before),
        after: auditedPayout(after),
      });
    return { updated: result.changed.length, refused: result.refused };
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

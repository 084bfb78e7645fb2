import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  AdminComplaint,
  ComplaintStatus,
  ResolveComplaint,
} from '#shared/complaints/complaints.schema.ts';
import { finnishDate } from '#shared/dates.ts';
import { personName } from '#shared/person-name.ts';
import { AppError } from '../../app-error.ts';
import type { Executor } from '../../db/client.ts';
import { complaints } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { findUsersForAdmin, type UserForAdmin } from '../accounts/accounts.service.ts';
import { recordAdminAction } from '../admin/admin-audit.ts';
import { settlePayoutComplaint } from '../payouts/payout-lifecycle.ts';
import { payoutStatusesOfSales } from '../payouts/payouts.service.ts';
import { findSales } from '../purchases/recorded-sales.ts';
import type { SaleRefunds } from '../purchases/sale-refunds.ts';
import { evidenceOfComplaints, openEvidence } from './complaint-evidence.ts';
import { queueComplaintRefundedMails, queueComplaintRejectedMails } from './complaint-mails.ts';
import { type ComplaintRow, type ComplaintsDeps, complaintSummary } from './complaints.service.ts';

// The admin area's complaints (tab 'Reklamaatiot'): read them with both sides' evidence, and decide
// each once: refund the buyer through the provider, or reject it and release the payout.

const party = (user: UserForAdmin | undefined, id: string) => ({
  id,
  email: user?.email ?? '',
  name: (user && personName(user)) || user?.username || null,
});

/** The complaints, open ones first (oldest first: who has waited longest), then decided ones newest first. */
export async function listAdminComplaints(
  executor: Executor,
  filter: { status?: ComplaintStatus | undefined; ids?: readonly string[] } = {},
): Promise<AdminComplaint[]> {
  const rows = await executor
    .select()
    .from(complaints)
    .where(
      and(
        ...(filter.status ? [eq(complaints.status, filter.status)] : []),
        ...(filter.ids ? [inArray(complaints.id, [...filter.ids])] : []),
      ),
    )
    .orderBy(
      sql`${complaints.status} <> 'open'`,
      sql`case when ${complaints.status} = 'open' then ${complaints.createdAt} end asc`,
      desc(complaints.resolvedAt),
      asc(complaints.id),
    );
  const saleIds = rows.map((row) => row.saleId);
  const sold = await findSales(executor, saleIds);
  const payouts = await payoutStatusesOfSales(executor, saleIds);
  const evidence = await evidenceOfComplaints(
    executor,
    rows.map((row) => row.id),
  );
  const people = await findUsersForAdmin(
    executor,
    rows.flatMap((row) => [row.buyerId, row.sellerId]),
  );
  return rows.flatMap((row): AdminComplaint[] => {
    const sale = sold.get(row.saleId);
    if (!sale) return [];
    const files = evidence.get(row.id) ?? [];
    const ofParty = (side: 'buyer' | 'seller') =>
      files.filter((file) => file.party === side).map(({ party: _party, ...file }) => file);
    return [
      {
        id: row.id,
        saleId: row.saleId,
        ticketId: sale.listingId,
        eventName: sale.eventName,
        eventDate: sale.eventDate.toISOString(),
        purchaseDate: sale.purchaseDate.toISOString(),
        pricePaidCents: sale.pricePaidCents,
        sellerReceivableCents: sale.sellerReceivableCents,
        buyer: party(people.get(row.buyerId), row.buyerId),
        seller: party(people.get(row.sellerId), row.sellerId),
        reason: row.reason,
        description: row.description,
        createdAt: row.createdAt.toISOString(),
        status: row.status,
        buyerEvidence: ofParty('buyer'),
        sellerEvidence: ofParty('seller'),
        sellerResponse:
          row.sellerResponse !== null && row.sellerRespondedAt
            ? { text: row.sellerResponse, respondedAt: row.sellerRespondedAt.toISOString() }
            : null,
        payoutPaidBeforeComplaint: row.payoutPaidBeforeComplaint,
        payoutStatus: payouts.get(row.saleId) ?? 'pending',
        resolution:
          row.status !== 'open' && row.resolvedAt && row.resolvedBy
            ? {
                decision: row.status === 'refunded' ? 'refund' : 'reject',
                reason: row.resolutionReason,
                resolvedAt: row.resolvedAt.toISOString(),
                resolvedBy: row.resolvedBy,
              }
            : null,
      },
    ];
  });
}

/** What the payout's details keep of a decided complaint: the claim and how it ended. */
function decidedSummary(row: ComplaintRow, decision: ResolveComplaint, at: Date): string {
  const outcome =
    decision.decision === 'refund'
      ? `Hyväksytty ${finnishDate(at)}: rahat palautettu ostajalle`
      : `Hylätty ${finnishDate(at)}: ${decision.reason}`;
  return `${complaintSummary(row, row.createdAt)} — ${outcome}`;
}

/**
 * An admin decides a complaint (POST /api/admin/complaints/:id/resolution). One conditional update
 * takes it from open: of two admins deciding at once, one wins and the other is told. A refund is
 * recorded with its payout's cancellation in the same transaction (once, however often asked) and
 * sent to the provider after the commit; a failure there is the refund job's to retry.
 */
export async function resolveComplaint(
  deps: Omit<ComplaintsDeps, 'pdfs'> & { refunds: SaleRefunds },
  adminId: string,
  complaintId: string,
  decision: ResolveComplaint,
): Promise<AdminComplaint> {
  const now = new Date();
  const reason = decision.decision === 'reject' ? decision.reason.trim() : null;
  const saleId = await inTransaction(deps.db, async ({ tx, afterCommit }) => {
    const [decided] = await tx
      .update(complaints)
      .set({
        status: decision.decision === 'refund' ? 'refunded' : 'rejected',
        resolutionReason: reason,
        resolvedBy: adminId,
        resolvedAt: now,
      })
      .where(and(eq(complaints.id, complaintId), eq(complaints.status, 'open')))
      .returning();
    if (!decided) {
      const [exists] = await tx
        .select({ id: complaints.id })
        .from(complaints)
        .where(eq(complaints.id, complaintId));
      throw new AppError(exists ? 'complaint-resolved' : 'not-found');
    }
    const sale = (await findSales(tx, [decided.saleId])).get(decided.saleId);
    if (!sale) throw new Error(`complaint ${complaintId} has no sale`);
    const payoutBefore = (await payoutStatusesOfSales(tx, [sale.id])).get(sale.id) ?? null;
    if (decision.decision === 'refund')
      await deps.refunds.request(tx, { saleId: sale.id, reason: 'complaint', requestedBy: adminId });
    const payoutAfter = await settlePayoutComplaint(
      tx,
      sale.id,
      decidedSummary(decided, decision, now),
      adminId,
    );
    await recordAdminAction(tx, {
      adminId,
      action: decision.decision === 'refund' ? 'complaint.refund' : 'complaint.reject',
      entityType: 'sale',
      entityId: sale.id,
      before: { complaint: 'open', payout: payoutBefore },
      after: { complaint: decided.status, payout: payoutAfter, reason },
    });
    if (decision.decision === 'refund')
      await queueComplaintRefundedMails(tx, deps.publicUrl, sale, payoutBefore === 'paid');
    else await queueComplaintRejectedMails(tx, deps.publicUrl, sale, reason ?? '');
    afterCommit(deps.mailQueued);
    return sale.id;
  });
  if (decision.decision === 'refund') await deps.refunds.send(saleId);
  const [complaint] = await listAdminComplaints(deps.db, { ids: [complaintId] });
  if (!complaint) throw new Error(`complaint ${complaintId} vanished`);
  return complaint;
}

/** GET /api/admin/complaints/:id/evidence/:evidenceId: either side's file. */
export async function openEvidenceForAdmin(
  deps: Pick<ComplaintsDeps, 'db' | 'files'>,
  complaintId: string,
  evidenceId: string,
) {
  const file = await openEvidence(deps.db, deps.files, { complaintId, evidenceId });
  if (!file) throw new AppError('not-found');
  return file;
}

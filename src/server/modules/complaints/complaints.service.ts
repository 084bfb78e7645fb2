import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { complaintWindowEnd } from '#shared/complaint-window.ts';
import {
  type Complaint,
  type ComplaintResponseBody,
  type ComplaintRole,
  type ComplaintView,
  complaintMessages,
  complaintReasonLabels,
  type FileComplaintBody,
  type MyComplaints,
} from '#shared/complaints/complaints.schema.ts';
import { finnishDate } from '#shared/dates.ts';
import { AppError } from '../../app-error.ts';
import type { Db, Executor } from '../../db/client.ts';
import { complaints } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import type { TicketPdfInspector } from '../../platform/pdf/ticket-pdf-inspector.ts';
import { holdPayoutForComplaint } from '../payouts/payout-lifecycle.ts';
import { payoutStatusesOfSales } from '../payouts/payouts.service.ts';
import { findSaleOfListing, findSales, type SaleRow } from '../purchases/recorded-sales.ts';
import {
  discardEvidence,
  type EvidenceUpload,
  evidenceOfComplaints,
  openEvidence,
  recordEvidence,
  type StoredEvidence,
  storeEvidence,
} from './complaint-evidence.ts';
import { queueComplaintAnsweredMail, queueComplaintFiledMails } from './complaint-mails.ts';

// Complaints as the buyer and the seller of a ticket meet them (docs/decisions/036). This module
// owns complaints and complaint_evidence; the payout hold belongs to modules/payouts, the sale to
// modules/purchases.

export interface ComplaintsDeps {
  db: Db;
  files: FileStore;
  /** The ticket PDFs' check, which evidence PDFs go through too. */
  pdfs: TicketPdfInspector;
  publicUrl: string;
  mailQueued: () => void;
  log: FastifyBaseLogger;
}

export type ComplaintRow = typeof complaints.$inferSelect;

/** The sale of the ticket and the asker's side of it; a stranger gets the 404 of a ticket that does not exist. */
async function saleOfParty(
  executor: Executor,
  ticketId: string,
  userId: string,
): Promise<{ sale: SaleRow; role: ComplaintRole }> {
  const sale = await findSaleOfListing(executor, ticketId);
  if (sale?.buyerId === userId) return { sale, role: 'buyer' };
  if (sale?.sellerId === userId) return { sale, role: 'seller' };
  throw new AppError('not-found');
}

async function complaintOfSale(executor: Executor, saleId: string): Promise<ComplaintRow | undefined> {
  const [row] = await executor.select().from(complaints).where(eq(complaints.saleId, saleId));
  return row;
}

/** The complaint as one side sees it: both texts, only that side's files. */
async function complaintAsSeenBy(
  executor: Executor,
  row: ComplaintRow,
  role: ComplaintRole,
): Promise<Complaint> {
  const evidence = (await evidenceOfComplaints(executor, [row.id])).get(row.id) ?? [];
  return {
    id: row.id,
    reason: row.reason,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    ownEvidence: evidence.filter((file) => file.party === role).map(({ party: _party, ...file }) => file),
    otherEvidenceCount: evidence.filter((file) => file.party !== role).length,
    sellerResponse:
      row.sellerResponse !== null && row.sellerRespondedAt
        ? { text: row.sellerResponse, respondedAt: row.sellerRespondedAt.toISOString() }
        : null,
    resolution:
      row.status === 'open' || !row.resolvedAt
        ? null
        : {
            decision: row.status === 'refunded' ? 'refund' : 'reject',
            reason: row.resolutionReason,
            resolvedAt: row.resolvedAt.toISOString(),
          },
  };
}

/** GET /api/complaints/:ticketId: the complaint of a bought or sold ticket, or whether one may be filed. */
export async function complaintView(
  executor: Executor,
  userId: string,
  ticketId: string,
  now = new Date(),
): Promise<ComplaintView> {
  const { sale, role } = await saleOfParty(executor, ticketId, userId);
  const row = await complaintOfSale(executor, sale.id);
  const fileUntil = complaintWindowEnd(sale.eventDate);
  const payout = (await payoutStatusesOfSales(executor, [sale.id])).get(sale.id);
  return {
    ticketId,
    role,
    eventName: sale.eventName,
    eventDate: sale.eventDate.toISOString(),
    fileUntil: fileUntil.toISOString(),
    canFile: role === 'buyer' && !row && now <= fileUntil && payout !== 'cancelled',
    canRespond: role === 'seller' && row?.status === 'open' && row.sellerRespondedAt === null,
    complaint: row ? await complaintAsSeenBy(executor, row, role) : null,
  };
}

/** GET /api/complaints: the complaints the user filed or received, newest first. */
export async function myComplaints(db: Db, userId: string): Promise<MyComplaints> {
  const rows = await db
    .select()
    .from(complaints)
    .where(or(eq(complaints.buyerId, userId), eq(complaints.sellerId, userId)))
    .orderBy(desc(complaints.createdAt), desc(complaints.id));
  const sold = await findSales(
    db,
    rows.map((row) => row.saleId),
  );
  return {
    complaints: rows.flatMap((row) => {
      const sale = sold.get(row.saleId);
      if (!sale) return [];
      const role: ComplaintRole = row.buyerId === userId ? 'buyer' : 'seller';
      return [
        {
          id: row.id,
          ticketId: sale.listingId,
          role,
          status: row.status,
          eventName: sale.eventName,
          createdAt: row.createdAt.toISOString(),
          awaitsResponse: role === 'seller' && row.status === 'open' && row.sellerRespondedAt === null,
        },
      ];
    }),
  };
}

/** What the payout's details say of a complaint: when, why, and what the buyer wrote. */
export function complaintSummary(
  complaint: { reason: ComplaintRow['reason']; description: string },
  at: Date,
) {
  return `Reklamaatio ${finnishDate(at)} (${complaintReasonLabels[complaint.reason]}): ${complaint.description}`;
}

/**
 * The buyer files a complaint (POST /api/complaints/:ticketId): in time, one per sale, not on money
 * already returned. The evidence is checked and stored first; the complaint, its files, the payout's
 * hold and both mails then land in one transaction, and the files go again if it does not.
 */
export async function fileComplaint(
  deps: ComplaintsDeps,
  buyerId: string,
  ticketId: string,
  input: FileComplaintBody,
  uploads: readonly EvidenceUpload[],
  now = new Date(),
): Promise<ComplaintView> {
  const { sale, role } = await saleOfParty(deps.db, ticketId, buyerId);
  if (role !== 'buyer') throw new AppError('not-found');
  if (now > complaintWindowEnd(sale.eventDate))
    throw new AppError('complaint-window-closed', { message: complaintMessages.windowClosed });
  // Asked before the files are read: a second submission costs no decoding.
  if (await complaintOfSale(deps.db, sale.id)) throw new AppError('complaint-exists');

  const complaintId = randomUUID();
  const stored = await storeEvidence(deps, buyerId, complaintId, uploads);
  try {
    await inTransaction(deps.db, async ({ tx, afterCommit }) => {
      const [created] = await tx
        .insert(complaints)
        .values({
          id: complaintId,
          saleId: sale.id,
          buyerId,
          sellerId: sale.sellerId,
          reason: input.reason,
          description: input.description,
          payoutPaidBeforeComplaint: false,
        })
        .onConflictDoNothing({ target: complaints.saleId })
        .returning({ id: complaints.id });
      if (!created) throw new AppError('complaint-exists');
      const payoutBefore = await holdPayoutForComplaint(tx, sale.id, complaintSummary(input, now));
      if (payoutBefore === 'cancelled') throw new AppError('sale-refunded');
      if (payoutBefore === 'paid')
        await tx
          .update(complaints)
          .set({ payoutPaidBeforeComplaint: true })
          .where(eq(complaints.id, complaintId));
      await recordEvidence(tx, complaintId, 'buyer', stored);
      await queueComplaintFiledMails(tx, deps.publicUrl, sale, input);
      afterCommit(deps.mailQueued);
    });
  } catch (error) {
    await discardEvidence(deps.files, stored);
    throw error;
  }
  return complaintView(deps.db, buyerId, ticketId, now);
}

/** Why a seller's answer is refused: the complaint was decided, or answered already. */
const answerRefusal = (row: ComplaintRow | undefined) =>
  row?.status !== 'open'
    ? new AppError('complaint-resolved', { message: complaintMessages.alreadyResolved })
    : new AppError('complaint-answered');

/**
 * The seller answers (POST /api/complaints/:ticketId/response): once, while the complaint is open.
 * One conditional update decides between two answers sent at once; the loser's files go again.
 */
export async function respondToComplaint(
  deps: ComplaintsDeps,
  sellerId: string,
  ticketId: string,
  input: ComplaintResponseBody,
  uploads: readonly EvidenceUpload[],
): Promise<ComplaintView> {
  const { sale, role } = await saleOfParty(deps.db, ticketId, sellerId);
  const before = role === 'seller' ? await complaintOfSale(deps.db, sale.id) : undefined;
  if (!before) throw new AppError('not-found');
  if (before.status !== 'open' || before.sellerRespondedAt !== null) throw answerRefusal(before);

  let stored: StoredEvidence[] = [];
  try {
    stored = await storeEvidence(deps, sellerId, before.id, uploads);
    await inTransaction(deps.db, async ({ tx, afterCommit }) => {
      const [answered] = await tx
        .update(complaints)
        .set({ sellerResponse: input.text, sellerRespondedAt: new Date() })
        .where(
          and(
            eq(complaints.id, before.id),
            eq(complaints.status, 'open'),
            isNull(complaints.sellerRespondedAt),
          ),
        )
        .returning({ id: complaints.id });
      if (!answered) throw answerRefusal(await complaintOfSale(tx, sale.id));
      await recordEvidence(tx, before.id, 'seller', stored);
      await queueComplaintAnsweredMail(tx, deps.publicUrl, sale);
      afterCommit(deps.mailQueued);
    });
  } catch (error) {
    await discardEvidence(deps.files, stored);
    throw error;
  }
  return complaintView(deps.db, sellerId, ticketId);
}

/** GET /api/complaints/:ticketId/evidence/:evidenceId: a file of the asker's own side. */
export async function openOwnEvidence(
  deps: Pick<ComplaintsDeps, 'db' | 'files'>,
  userId: string,
  ticketId: string,
  evidenceId: string,
) {
  const { sale, role } = await saleOfParty(deps.db, ticketId, userId);
  const row = await complaintOfSale(deps.db, sale.id);
  const file = row
    ? await openEvidence(deps.db, deps.files, { complaintId: row.id, evidenceId, party: role })
    : undefined;
  if (!file) throw new AppError('not-found');
  return file;
}

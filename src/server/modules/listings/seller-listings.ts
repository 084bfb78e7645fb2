import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isEditable } from '#shared/listings/listing-rules.ts';
import { parsePriceText } from '#shared/listings/price-text.ts';
import {
  type EditListing,
  editedSellingPriceIssue,
  type MyListing,
  type RemovalRequestValues,
  type SellerListing,
} from '#shared/listings/seller-listing.schema.ts';
import { maxPagesPerTicketFile, sellingMessages } from '#shared/listings/selling-messages.ts';
import { calculatePrices } from '#shared/pricing.ts';
import { AppError } from '../../app-error.ts';
import type { Db, Executor } from '../../db/client.ts';
import { listingFiles, listings } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { deleteFiles, type FileStore } from '../../platform/files/file-store.ts';
import { listSellerPayouts } from '../payouts/payouts.service.ts';
import type { ListingLifecycle } from './listing-lifecycle.ts';
import { ticketPageKey } from './ticket-file-name.ts';

// A seller's own listings as the profile tab and the edit page show them.

type ListingRow = typeof listings.$inferSelect;

export function toSellerListing(row: ListingRow, files: { id: string; fileName: string }[]): SellerListing {
  return {
    id: row.id,
    // A buyer paying for it: shown as reserved, though the stored status stays 'listed'.
    status: row.status === 'listed' && row.heldUntil && row.heldUntil > new Date() ? 'reserved' : row.status,
    eventName: row.eventName,
    eventImage: row.eventImage,
    location: row.location,
    eventVenue: row.eventVenue,
    eventDate: row.eventDate.toISOString(),
    eventTime: row.eventTime,
    eventEndDate: row.hasMultipleDays ? row.eventEndDate : null,
    eventType: row.eventType,
    ticketType: row.ticketType,
    ticketCount: row.ticketCount,
    hasAssignedSeat: row.hasAssignedSeat,
    seatInfo: row.seatInfo,
    originalPriceCents: row.originalPriceCents,
    sellingPriceCents: row.sellingPriceCents,
    additionalFeesCents: row.additionalFeesCents,
    serviceFeeCents: row.serviceFeeCents,
    listingPriceCents: row.listingPriceCents,
    sellerReceivableCents: row.sellerReceivableCents,
    additionalInfo: row.additionalInfo,
    viewCount: row.viewCount,
    rejectionReason: row.rejectionReason,
    createdAt: row.createdAt.toISOString(),
    soldAt: row.soldAt?.toISOString() ?? null,
    files,
  };
}

async function filesOf(executor: Executor, listingIds: string[]) {
  if (listingIds.length === 0) return new Map<string, { id: string; fileName: string }[]>();
  const rows = await executor
    .select({ id: listingFiles.id, fileName: listingFiles.fileName, listingId: listingFiles.listingId })
    .from(listingFiles)
    .where(inArray(listingFiles.listingId, listingIds))
    .orderBy(asc(listingFiles.fileNumber));
  const byListing = new Map<string, { id: string; fileName: string }[]>();
  for (const { listingId, ...file } of rows)
    byListing.set(listingId, [...(byListing.get(listingId) ?? []), file]);
  return byListing;
}

/** Status order of the seller's list (spec 02 §4): listed, pending, sold, then the ended ones. */
const statusOrder = sql`case ${listings.status} when 'listed' then 0 when 'pending' then 1 when 'sold' then 2 else 3 end`;

/** Every listing of a seller, in the order the profile tab shows them, a sold one with its payout. */
export async function listSellerListings(executor: Executor, sellerId: string): Promise<MyListing[]> {
  const rows = await executor
    .select()
    .from(listings)
    .where(eq(listings.sellerId, sellerId))
    .orderBy(statusOrder, asc(listings.eventDate), asc(listings.id));
  const files = await filesOf(
    executor,
    rows.map((row) => row.id),
  );
  const payouts = await listSellerPayouts(executor, sellerId);
  return rows.map((row) => ({
    ...toSellerListing(row, files.get(row.id) ?? []),
    payout: payouts.get(row.id) ?? null,
  }));
}

/**
 * A listing for its seller; 'Lippua ei löytynyt' when there is none, 'Ei käyttöoikeutta tähän
 * lippuun' when it is someone else's.
 */
export async function getSellerListing(
  executor: Executor,
  listingId: string,
  sellerId: string,
  deniedMessage: string = sellingMessages.noAccess,
): Promise<SellerListing> {
  const [row] = await executor.select().from(listings).where(eq(listings.id, listingId));
  if (!row) throw new AppError('not-found', { message: sellingMessages.notFound });
  if (row.sellerId !== sellerId) throw new AppError('permission-denied', { message: deniedMessage });
  const files = await filesOf(executor, [row.id]);
  return toSellerListing(row, files.get(row.id) ?? []);
}

/** The id of the listing a submission created, if any (a form sent twice). */
export async function findSubmission(executor: Executor, submissionId: string): Promise<string | undefined> {
  const [row] = await executor
    .select({ id: listings.id })
    .from(listings)
    .where(eq(listings.submissionId, submissionId));
  return row?.id;
}

/**
 * The seller's new price and additional info (spec 02 §4 "Edit"). The prices are recomputed here
 * and must equal what the seller was shown; a listing a buyer holds or bought cannot change.
 */
export async function editListing(
  db: Db,
  lifecycle: ListingLifecycle,
  listingId: string,
  sellerId: string,
  input: EditListing,
): Promise<SellerListing> {
  const listing = await getSellerListing(db, listingId, sellerId, sellingMessages.noEditRight);
  const notEditable = (status: SellerListing['status']) =>
    status === 'sold'
      ? new AppError('listing-not-on-sale', { message: sellingMessages.soldNotEditable })
      : new AppError('listing-not-on-sale');
  // A buyer holds it (shown as 'reserved') or may still pay for it: the price must stay.
  const buyerPaying = () => new AppError('aborted', { message: sellingMessages.buyerPaying });
  if (listing.status === 'reserved') throw buyerPaying();
  if (!isEditable(listing.status)) throw notEditable(listing.status);

  const sellingPriceCents = parsePriceText(input.sellingPrice) ?? 0;
  const priceIssue = editedSellingPriceIssue(sellingPriceCents, listing.originalPriceCents);
  if (priceIssue) throw AppError.field('invalid-argument', 'sellingPrice', priceIssue);

  const prices = calculatePrices(sellingPriceCents, listing.additionalFeesCents);
  if (
    prices.listingPriceCents !== input.listingPriceCents ||
    prices.sellerReceivableCents !== input.sellerReceivableCents
  )
    throw new AppError('price-mismatch');

  const edited = await lifecycle.edit(listingId, sellerId, {
    sellingPriceCents,
    serviceFeeCents: prices.serviceFeeCents,
    listingPriceCents: prices.listingPriceCents,
    sellerReceivableCents: prices.sellerReceivableCents,
    additionalInfo: input.additionalInfo,
  });
  if (edited) return getSellerListing(db, listingId, sellerId);
  // Lost to a buyer who holds it or may still pay, or to a change of status meanwhile.
  const now = await getSellerListing(db, listingId, sellerId);
  throw isEditable(now.status) || now.status === 'reserved' ? buyerPaying() : notEditable(now.status);
}

/**
 * Deletes a listing still waiting for review, with its files (spec 02 §7 "Delete listing"). Nothing
 * financial is lost: a pending listing was never on sale.
 */
export async function deletePendingListing(
  db: Db,
  files: FileStore,
  log: FastifyBaseLogger,
  listingId: string,
  sellerId: string,
): Promise<void> {
  await getSellerListing(db, listingId, sellerId, sellingMessages.noEditRight);
  const stored = await db
    .select({ key: listingFiles.storageKey, pageCount: listingFiles.pageCount })
    .from(listingFiles)
    .where(eq(listingFiles.listingId, listingId));
  // One conditional delete: an admin approving at the same moment wins or loses as a whole.
  const deleted = await db
    .delete(listings)
    .where(and(eq(listings.id, listingId), eq(listings.sellerId, sellerId), eq(listings.status, 'pending')))
    .returning({ id: listings.id });
  if (deleted.length === 0)
    throw new AppError('listing-not-on-sale', { message: sellingMessages.deleteOnlyPending });
  // The files and the pages the admin's viewer drew of them (a file stored before pages were
  // counted may have had any of the first pages a ticket may have drawn).
  const keys = stored.flatMap(({ key, pageCount }) => [
    key,
    ...Array.from({ length: pageCount ?? maxPagesPerTicketFile }, (_, index) =>
      ticketPageKey(key, index + 1),
    ),
  ]);
  const left = await deleteFiles(files, keys);
  if (left.length > 0) log.error({ keys: left }, 'could not delete the files of a deleted listing');
}

/** Takes a pending or listed listing off sale with the seller's reason (spec 02 §4 "Removal"). */
export async function removeListing(
  db: Db,
  lifecycle: ListingLifecycle,
  listingId: string,
  sellerId: string,
  request: RemovalRequestValues,
): Promise<void> {
  await getSellerListing(db, listingId, sellerId, sellingMessages.noEditRight);
  const removed = await inTransaction(db, (transaction) =>
    lifecycle.remove(
      transaction,
      listingId,
      request.reason,
      sellerId,
      request.reason === 'other' ? request.customReason : null,
    ),
  );
  if (!removed) throw new AppError('listing-not-on-sale');
}

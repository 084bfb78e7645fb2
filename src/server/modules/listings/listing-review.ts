import { asc, count, desc, eq, inArray, or } from 'drizzle-orm';
import type { SellerListing } from '#shared/listings/seller-listing.schema.ts';
import type { ActiveContent } from '#shared/listings/ticket-file.ts';
import type { Executor } from '../../db/client.ts';
import {
  type ListingStatus,
  listingBarcodes,
  listingDuplicateAttempts,
  listingFiles,
  listings,
} from '../../db/schema/index.ts';
import { toSellerListing } from './seller-listings.ts';

// The listings under review as the admin area reads them (spec 02 §2 "Admin ticket card"): each
// with what the upload check found in its files and the refused attempts to list a ticket twice.
// Users are the admin module's to add (through accounts); here they are ids.

/** A file of a listing with what PDFium and the barcode reader found in it. */
export interface ReviewedFile {
  id: string;
  fileName: string;
  fileNumber: number;
  pageCount: number | null;
  barcodeCount: number;
  activeContent: ActiveContent[] | null;
}

/** A refused attempt to list a ticket that an open or sold listing already held. */
export interface DuplicateAttempt {
  id: string;
  attemptedAt: Date;
  attemptedBy: string;
  matchedBy: 'barcode' | 'file';
  originalFileName: string;
  eventName: string;
  existingListing: { id: string; eventName: string; status: ListingStatus } | null;
}

export interface ListingUnderReview extends Omit<SellerListing, 'files'> {
  sellerId: string;
  imageSource: string | null;
  files: ReviewedFile[];
  /** Attempts by this listing's seller, against any listing; newest first. */
  sellerDuplicateAttempts: DuplicateAttempt[];
  /** Attempts by anyone against this listing; newest first. */
  duplicateAttemptsOnListing: DuplicateAttempt[];
}

/** Every listing waiting for review, newest first (spec 02 §7 "Admin side"). */
export async function listListingsUnderReview(executor: Executor): Promise<ListingUnderReview[]> {
  const rows = await executor
    .select()
    .from(listings)
    .where(eq(listings.status, 'pending'))
    .orderBy(desc(listings.createdAt), desc(listings.id));
  if (rows.length === 0) return [];
  const listingIds = rows.map((row) => row.id);
  const sellerIds = [...new Set(rows.map((row) => row.sellerId))];
  const [files, attempts] = await Promise.all([
    reviewedFiles(executor, listingIds),
    duplicateAttempts(executor, sellerIds, listingIds),
  ]);
  return rows.map((row) => {
    const { files: _names, ...listing } = toSellerListing(row, []);
    return {
      ...listing,
      sellerId: row.sellerId,
      imageSource: row.imageSource,
      files: files.get(row.id) ?? [],
      sellerDuplicateAttempts: attempts.filter((attempt) => attempt.attemptedBy === row.sellerId),
      duplicateAttemptsOnListing: attempts.filter((attempt) => attempt.existingListing?.id === row.id),
    };
  });
}

async function reviewedFiles(executor: Executor, listingIds: string[]): Promise<Map<string, ReviewedFile[]>> {
  const rows = await executor
    .select({
      listingId: listingFiles.listingId,
      id: listingFiles.id,
      fileName: listingFiles.fileName,
      fileNumber: listingFiles.fileNumber,
      pageCount: listingFiles.pageCount,
      barcodeCount: count(listingBarcodes.id),
      activeContent: listingFiles.activeContent,
    })
    .from(listingFiles)
    .leftJoin(listingBarcodes, eq(listingBarcodes.fileId, listingFiles.id))
    .where(inArray(listingFiles.listingId, listingIds))
    .groupBy(listingFiles.id)
    .orderBy(asc(listingFiles.fileNumber));
  const byListing = new Map<string, ReviewedFile[]>();
  for (const { listingId, ...file } of rows)
    byListing.set(listingId, [...(byListing.get(listingId) ?? []), file]);
  return byListing;
}

async function duplicateAttempts(
  executor: Executor,
  sellerIds: string[],
  listingIds: string[],
): Promise<DuplicateAttempt[]> {
  const rows = await executor
    .select({
      attempt: listingDuplicateAttempts,
      existingEventName: listings.eventName,
      existingStatus: listings.status,
    })
    .from(listingDuplicateAttempts)
    .leftJoin(listings, eq(listings.id, listingDuplicateAttempts.existingListingId))
    .where(
      or(
        inArray(listingDuplicateAttempts.attemptedBy, sellerIds),
        inArray(listingDuplicateAttempts.existingListingId, listingIds),
      ),
    )
    .orderBy(desc(listingDuplicateAttempts.attemptedAt), desc(listingDuplicateAttempts.id));
  return rows.map(({ attempt, existingEventName, existingStatus }) => ({
    id: attempt.id,
    attemptedAt: attempt.attemptedAt,
    attemptedBy: attempt.attemptedBy,
    matchedBy: attempt.matchedBy,
    originalFileName: attempt.originalFileName,
    eventName: attempt.eventName,
    existingListing:
      attempt.existingListingId && existingEventName !== null && existingStatus !== null
        ? { id: attempt.existingListingId, eventName: existingEventName, status: existingStatus }
        : null,
  }));
}

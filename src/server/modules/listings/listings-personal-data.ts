import { asc, eq, inArray } from 'drizzle-orm';
import type { PersonalDataExport } from '#shared/accounts/personal-data.schema.ts';
import type { Executor } from '../../db/client.ts';
import { listingDuplicateAttempts, listingFiles, listingRemovals, listings } from '../../db/schema/index.ts';

/** A seller's listings in every status, with their files' details (not the files) and removals. */
export async function listingsPersonalData(
  executor: Executor,
  userId: string,
): Promise<Pick<PersonalDataExport, 'listings' | 'refusedDuplicates'>> {
  const own = await executor
    .select()
    .from(listings)
    .where(eq(listings.sellerId, userId))
    .orderBy(asc(listings.createdAt));
  const ids = own.map((listing) => listing.id);
  const files = ids.length
    ? await executor
        .select()
        .from(listingFiles)
        .where(inArray(listingFiles.listingId, ids))
        .orderBy(asc(listingFiles.fileNumber))
    : [];
  const removals = ids.length
    ? await executor.select().from(listingRemovals).where(inArray(listingRemovals.listingId, ids))
    : [];
  const refused = await executor
    .select()
    .from(listingDuplicateAttempts)
    .where(eq(listingDuplicateAttempts.attemptedBy, userId))
    .orderBy(asc(listingDuplicateAttempts.attemptedAt));
  const removalOf = new Map(removals.map((removal) => [removal.listingId, removal]));
  return {
    listings: own.map((listing) => {
      const removal = removalOf.get(listing.id);
      return {
        id: listing.id,
        status: listing.status,
        eventName: listing.eventName,
        location: listing.location,
        eventVenue: listing.eventVenue,
        eventDate: listing.eventDate.toISOString(),
        eventType: listing.eventType,
        ticketType: listing.ticketType,
        ticketCount: listing.ticketCount,
        seatInfo: listing.seatInfo,
        originalPriceCents: listing.originalPriceCents,
        sellingPriceCents: listing.sellingPriceCents,
        additionalFeesCents: listing.additionalFeesCents,
        serviceFeeCents: listing.serviceFeeCents,
        listingPriceCents: listing.listingPriceCents,
        sellerReceivableCents: listing.sellerReceivableCents,
        additionalInfo: listing.additionalInfo,
        rejectionReason: listing.rejectionReason,
        reviewedAt: listing.moderatedAt?.toISOString() ?? null,
        soldAt: listing.soldAt?.toISOString() ?? null,
        createdAt: listing.createdAt.toISOString(),
        files: files
          .filter((file) => file.listingId === listing.id)
          .map((file) => ({
            fileName: file.fileName,
            originalFileName: file.originalFileName,
            sizeBytes: file.sizeBytes,
            pageCount: file.pageCount,
            sha256: file.sha256,
            uploadedAt: file.createdAt.toISOString(),
          })),
        removal: removal
          ? {
              removedAt: removal.removedAt.toISOString(),
              reason: removal.removalReason,
              customReason: removal.customRemovalReason,
            }
          : null,
      };
    }),
    // Not which listing held the ticket: that is another seller's.
    refusedDuplicates: refused.map((attempt) => ({
      eventName: attempt.eventName,
      originalFileName: attempt.originalFileName,
      matchedBy: attempt.matchedBy,
      attemptedAt: attempt.attemptedAt.toISOString(),
    })),
  };
}

import type { TicketDetails } from '#shared/browsing/ticket-details.schema.ts';
import { ticketPageMessages } from '#shared/browsing/ticket-messages.ts';
import { AppError } from '../../app-error.ts';
import type { Db } from '../../db/client.ts';
import type { ListingStatus } from '../../db/schema/index.ts';
import { isAdmin } from '../accounts/accounts.service.ts';
import {
  findListingFile,
  findListingWithFiles,
  findListingWithSeller,
  listedTicketsOfSameEvent,
  listingFileNames,
  recordListingView,
  similarListedTickets,
} from '../listings/listings.service.ts';
import { countCompletedSales } from '../payouts/payouts.service.ts';
import { isListingSaleRefunded, purchaseOfListing } from '../purchases/bought-tickets.ts';

export const similarLimit = 3;
const sameEventLimit = 6;
/** View counts are shown only above this (spec 01 §9). */
export const viewCountThreshold = 10;

/** Statuses whose page nobody but the seller may open: not reviewed, rejected, or taken off sale. */
const privateStatuses = new Set(['pending', 'rejected', 'removed']);

/** A ticket page as its viewer may see it: public details, and the seller's or buyer's own part. */
export async function getTicketDetails(
  db: Db,
  listingId: string,
  viewerId: string | null,
): Promise<TicketDetails> {
  const row = await findListingWithSeller(db, listingId);
  if (!row) throw new AppError('not-found', { message: ticketPageMessages.notFound });
  const { listing } = row;
  // The buyer is who paid: the sale says what and when (the listing's price may be another's).
  const purchase =
    viewerId && listing.status === 'sold' && viewerId === listing.buyerId
      ? await purchaseOfListing(db, listing.id, viewerId)
      : undefined;
  const viewer =
    viewerId === listing.sellerId ? 'seller' : purchase ? 'buyer' : viewerId ? 'user' : 'visitor';
  if (privateStatuses.has(listing.status) && viewer !== 'seller') {
    throw new AppError('ticket-not-listed');
  }

  // A refunded purchase's files are no longer the buyer's (assertMayHaveFiles refuses them).
  const files =
    viewer === 'seller' || (viewer === 'buyer' && !purchase?.refund)
      ? await listingFileNames(db, listing.id)
      : [];

  return {
    id: listing.id,
    status: listing.status,
    eventName: listing.eventName,
    eventImage: listing.eventImage,
    eventType: listing.eventType,
    eventDate: listing.eventDate.toISOString(),
    eventTime: listing.eventTime,
    hasMultipleDays: listing.hasMultipleDays,
    eventEndDate: listing.eventEndDate,
    eventVenue: listing.eventVenue,
    location: listing.location,
    ticketType: listing.ticketType,
    ticketCount: listing.ticketCount,
    hasAssignedSeat: listing.hasAssignedSeat,
    seatInfo: listing.seatInfo,
    additionalInfo: listing.additionalInfo,
    listingPriceCents: listing.listingPriceCents,
    sellingPriceCents: listing.sellingPriceCents,
    originalPriceCents: listing.originalPriceCents,
    additionalFeesCents: listing.additionalFeesCents,
    sellerDisplayName: row.sellerDisplayName,
    // A deleted seller's row stays without a name: nothing more is said of them either.
    sellerMemberSince: row.sellerDisplayName === null ? null : row.sellerSince.toISOString(),
    sellerCompletedSales:
      row.sellerDisplayName === null ? null : await countCompletedSales(db, listing.sellerId),
    viewCount: listing.viewCount > viewCountThreshold ? listing.viewCount : null,
    heldUntil: heldByAnother(listing, viewerId) ? (listing.heldUntil?.toISOString() ?? null) : null,
    viewer,
    buyerView: purchase
      ? {
          pricePaidCents: purchase.pricePaidCents,
          purchaseDate: purchase.purchaseDate.toISOString(),
          files,
          refund: purchase.refund,
        }
      : null,
    similar: await similarListedTickets(db, listing, similarLimit),
    // A page that cannot sell (sold, expired, reserved) offers the same event's other tickets.
    sameEvent: listing.status === 'listed' ? [] : await listedTicketsOfSameEvent(db, listing, sameEventLimit),
  };
}

/** A listed ticket another buyer is paying for right now (a hold whose time has passed is none). */
const heldByAnother = (
  listing: { status: string; heldBy: string | null; heldUntil: Date | null },
  viewerId: string | null,
) =>
  listing.status === 'listed' &&
  listing.heldUntil !== null &&
  listing.heldUntil.getTime() > Date.now() &&
  listing.heldBy !== viewerId;

/** Counts a view of a listing (see `recordListingView`); an unknown listing is "not found". */
export async function recordView(
  db: Db,
  listingId: string,
  viewer: { userId: string | null; address: string; secret: string },
): Promise<boolean> {
  const counted = await recordListingView(db, listingId, viewer);
  if (counted === undefined) throw new AppError('not-found', { message: ticketPageMessages.notFound });
  return counted;
}

/** Who asks for ticket files: the user, and whether their browser holds the admin area open. */
export interface FileViewer {
  userId: string;
  /** A valid admin access cookie for this user (admin-access.ts); whether they are an admin is asked here. */
  adminAreaOpen: boolean;
}

/**
 * The one rule of who may have a listing's ticket files: its seller, its buyer once the listing is
 * sold to them, and an admin who has unlocked the admin area (who reviews the PDFs). Everyone
 * else, an admin without the access cookie too, is refused.
 */
async function assertMayHaveFiles(
  db: Db,
  listingId: string,
  listing: { sellerId: string; buyerId: string | null; status: ListingStatus },
  viewer: FileViewer,
): Promise<void> {
  if (listing.sellerId === viewer.userId) return;
  if (listing.status === 'sold' && listing.buyerId === viewer.userId) {
    // Once its money goes back to the buyer, the ticket is not theirs to use (docs/decisions/035).
    if (await isListingSaleRefunded(db, listingId))
      throw new AppError('sale-refunded', { message: ticketPageMessages.fileRefunded });
    return;
  }
  // Asked last: the seller and the buyer need no admin lookup.
  if (viewer.adminAreaOpen && (await isAdmin(db, viewer.userId))) return;
  throw new AppError('permission-denied', { message: ticketPageMessages.fileForbidden });
}

/** One ticket PDF of a listing, for whoever may have its files. */
export async function findDownloadableFile(db: Db, listingId: string, fileId: string, viewer: FileViewer) {
  const row = await findListingFile(db, listingId, fileId);
  if (!row) throw new AppError('not-found', { message: ticketPageMessages.notFound });
  await assertMayHaveFiles(db, listingId, row, viewer);
  return row;
}

/** Every ticket PDF of a listing, in their order, for whoever may have its files. */
export async function findDownloadablePackage(db: Db, listingId: string, viewer: FileViewer) {
  const listing = await findListingWithFiles(db, listingId);
  if (!listing) throw new AppError('not-found', { message: ticketPageMessages.notFound });
  await assertMayHaveFiles(db, listingId, listing, viewer);
  return listing;
}

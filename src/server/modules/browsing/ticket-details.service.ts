import { createHmac } from 'node:crypto';
import { and, asc, eq, gte, ne, sql } from 'drizzle-orm';
import type { TicketCard } from '#shared/browsing/public-list.schema.ts';
import type { TicketDetails } from '#shared/browsing/ticket-details.schema.ts';
import { ticketPageMessages } from '#shared/browsing/ticket-messages.ts';
import { helsinkiDate } from '#shared/dates.ts';
import { AppError } from '../../app-error.ts';
import type { Db } from '../../db/client.ts';
import { listingFiles, listings, listingViews, users } from '../../db/schema/index.ts';
import { startOfTodayHelsinki } from '../../db/time.ts';
import { ticketCardColumns, toTicketCard } from './public-list.service.ts';

export const similarLimit = 3;
/** View counts are shown only above this (spec 01 §9). */
export const viewCountThreshold = 10;

/** Statuses whose page nobody but the seller may open: not reviewed, rejected, or taken off sale. */
const privateStatuses = new Set(['pending', 'rejected', 'removed']);

async function similarTickets(db: Db, listingId: string, eventType: string): Promise<TicketCard[]> {
  const rows = await db
    .select(ticketCardColumns)
    .from(listings)
    .where(
      and(
        eq(listings.status, 'listed'),
        eq(listings.eventType, eventType),
        ne(listings.id, listingId),
        gte(listings.eventDate, startOfTodayHelsinki),
      ),
    )
    .orderBy(asc(listings.eventDate), asc(listings.id))
    .limit(similarLimit);
  return rows.map(toTicketCard);
}

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function getTicketDetails(
  db: Db,
  listingId: string,
  viewerId: string | null,
): Promise<TicketDetails> {
  if (!uuidShape.test(listingId)) throw new AppError('not-found', ticketPageMessages.notFound);
  const [row] = await db
    .select({ listing: listings, sellerDisplayName: users.displayName })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.sellerId))
    .where(eq(listings.id, listingId));
  if (!row) throw new AppError('not-found', ticketPageMessages.notFound);
  const { listing } = row;
  const viewer =
    viewerId === listing.sellerId
      ? 'seller'
      : viewerId && viewerId === listing.buyerId
        ? 'buyer'
        : viewerId
          ? 'user'
          : 'visitor';
  if (privateStatuses.has(listing.status) && viewer !== 'seller') {
    throw new AppError('ticket-not-listed', ticketPageMessages.notListed, 404);
  }

  const files =
    viewer === 'buyer' || viewer === 'seller'
      ? await db
          .select({ id: listingFiles.id, fileName: listingFiles.fileName })
          .from(listingFiles)
          .where(eq(listingFiles.listingId, listing.id))
          .orderBy(asc(listingFiles.fileNumber))
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
    originalPriceCents: listing.originalPriceCents,
    additionalFeesCents: listing.additionalFeesCents,
    sellerDisplayName: row.sellerDisplayName,
    viewCount: listing.viewCount > viewCountThreshold ? listing.viewCount : null,
    viewer,
    sellerView:
      viewer === 'seller'
        ? {
            sellingPriceCents: listing.sellingPriceCents,
            serviceFeeCents: listing.serviceFeeCents,
            sellerReceivableCents: listing.sellerReceivableCents,
          }
        : null,
    buyerView:
      viewer === 'buyer'
        ? {
            pricePaidCents: listing.listingPriceCents,
            purchaseDate: listing.soldAt?.toISOString() ?? null,
            files,
          }
        : null,
    similar: await similarTickets(db, listing.id, listing.eventType),
  };
}

/**
 * Counts a view once per visitor per day: a signed-in user by id, a visitor by a hash of address
 * and browser. The seller's own views do not count. Returns whether the count rose.
 */
export async function recordView(
  db: Db,
  listingId: string,
  viewer: { userId: string | null; address: string; secret: string },
): Promise<boolean> {
  if (!uuidShape.test(listingId)) throw new AppError('not-found', ticketPageMessages.notFound);
  // A visitor is their address (kept as a keyed hash, never as such) and, when signed in, also
  // their account. The browser's own word (User-Agent) is no part of it: anyone can change it.
  const visitorKeys = [`a:${createHmac('sha256', viewer.secret).update(viewer.address).digest('hex')}`];
  if (viewer.userId) visitorKeys.push(viewer.userId);
  const day = helsinkiDate(new Date());
  return db.transaction(async (tx) => {
    const [listing] = await tx
      .select({ sellerId: listings.sellerId, status: listings.status })
      .from(listings)
      .where(eq(listings.id, listingId));
    if (!listing) throw new AppError('not-found', ticketPageMessages.notFound);
    if (listing.status !== 'listed' || listing.sellerId === viewer.userId) return false;
    const inserted = await tx
      .insert(listingViews)
      .values(visitorKeys.map((visitorKey) => ({ listingId, visitorKey, day })))
      .onConflictDoNothing()
      .returning({ listingId: listingViews.listingId });
    // Counted only when no key of this visitor was seen today: the same person from a second
    // address, or signed in after looking as a visitor, is still one view.
    if (inserted.length < visitorKeys.length) return false;
    await tx
      .update(listings)
      .set({ viewCount: sql`${listings.viewCount} + 1` })
      .where(eq(listings.id, listingId));
    return true;
  });
}

/** A ticket PDF for its buyer or its seller; anyone else is refused. */
export async function findDownloadableFile(db: Db, listingId: string, fileId: string, userId: string) {
  if (!uuidShape.test(listingId) || !uuidShape.test(fileId))
    throw new AppError('not-found', ticketPageMessages.notFound);
  const [row] = await db
    .select({
      file: listingFiles,
      sellerId: listings.sellerId,
      buyerId: listings.buyerId,
      eventName: listings.eventName,
    })
    .from(listingFiles)
    .innerJoin(listings, eq(listings.id, listingFiles.listingId))
    .where(and(eq(listingFiles.id, fileId), eq(listingFiles.listingId, listingId)));
  if (!row) throw new AppError('not-found', ticketPageMessages.notFound);
  if (row.sellerId !== userId && row.buyerId !== userId) {
    throw new AppError('permission-denied', 'Sinulla ei ole oikeutta tähän lippuun');
  }
  return row;
}

/** Listed tickets for the sitemap, newest first. */
export async function listedTicketIds(db: Db, limit = 5000): Promise<{ id: string; updatedAt: Date }[]> {
  return db
    .select({ id: listings.id, updatedAt: listings.updatedAt })
    .from(listings)
    .where(and(eq(listings.status, 'listed'), gte(listings.eventDate, startOfTodayHelsinki)))
    .orderBy(sql`${listings.createdAt} desc`)
    .limit(limit);
}

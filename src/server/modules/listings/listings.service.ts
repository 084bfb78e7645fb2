import { createHmac } from 'node:crypto';
import { and, asc, eq, gte, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { TicketCard } from '#shared/browsing/public-list.schema.ts';
import { addDays, helsinkiDate, helsinkiDateTime } from '#shared/dates.ts';
import { foldForSearch } from '#shared/search-text.ts';
import type { Db, Executor } from '../../db/client.ts';
import { listingFiles, listings, listingViews, users } from '../../db/schema/index.ts';
import { onSale } from './listing-lifecycle.ts';

// The listings tables' reads for other modules, and the view count. Status changes are in
// listing-lifecycle.ts.

/** The columns of a ticket card, shared by the list and the similar tickets of a ticket page. */
const ticketCardColumns = {
  id: listings.id,
  eventName: listings.eventName,
  eventImage: listings.eventImage,
  eventType: listings.eventType,
  eventDate: listings.eventDate,
  eventTime: listings.eventTime,
  eventEndDate: sql<string | null>`case when ${listings.hasMultipleDays} then ${listings.eventEndDate} end`,
  eventVenue: listings.eventVenue,
  location: listings.location,
  ticketCount: listings.ticketCount,
  listingPriceCents: listings.listingPriceCents,
  sellingPriceCents: listings.sellingPriceCents,
  originalPriceCents: listings.originalPriceCents,
  additionalFeesCents: listings.additionalFeesCents,
};

function toTicketCard(row: { eventDate: Date } & Omit<TicketCard, 'eventDate'>): TicketCard {
  return { ...row, eventDate: row.eventDate.toISOString() };
}

/** A listed listing as the public list needs it: its card and what it is searched and sorted by. */
export interface ListedListing {
  card: TicketCard;
  /** The stored search text, folded by `foldForSearch`. */
  searchText: string;
  /** Microseconds since the epoch, the database's own precision, so ties fall as they do in SQL. */
  createdAtMicros: number;
  eventDateMicros: number;
}

const epochMicros = (column: typeof listings.createdAt | typeof listings.eventDate) =>
  sql<number>`(extract(epoch from ${column}) * 1000000)::bigint`.mapWith(Number);

/** Every listed listing of an event on or after `startOfDay`: the whole public list, unsorted. */
export async function loadListedListings(db: Db, startOfDay: Date): Promise<ListedListing[]> {
  const rows = await db
    .select({
      ...ticketCardColumns,
      searchText: listings.searchText,
      createdAtMicros: epochMicros(listings.createdAt),
      eventDateMicros: epochMicros(listings.eventDate),
    })
    .from(listings)
    .where(and(eq(listings.status, 'listed'), gte(listings.eventDate, startOfDay)));
  return rows.map(({ searchText, createdAtMicros, eventDateMicros, ...card }) => ({
    card: toTicketCard(card),
    searchText,
    createdAtMicros,
    eventDateMicros,
  }));
}

/** Up to `limit` listed tickets of upcoming events that match `condition`, other than `listingId`. */
async function otherListedTickets(
  db: Db,
  listingId: string,
  condition: SQL | undefined,
  order: SQL,
  limit: number,
): Promise<TicketCard[]> {
  const rows = await db
    .select(ticketCardColumns)
    .from(listings)
    .where(and(onSale, condition, ne(listings.id, listingId)))
    .orderBy(order, asc(listings.id))
    .limit(limit);
  return rows.map(toTicketCard);
}

/** Up to `limit` listed tickets of the same type as a listing, soonest first, never itself. */
export function similarListedTickets(
  db: Db,
  listing: { id: string; eventType: string },
  limit: number,
): Promise<TicketCard[]> {
  return otherListedTickets(
    db,
    listing.id,
    eq(listings.eventType, listing.eventType),
    asc(listings.eventDate),
    limit,
  );
}

/** Up to `limit` listed tickets of the same event (same name and start), cheapest first. */
export function listedTicketsOfSameEvent(
  db: Db,
  listing: { id: string; eventName: string; eventDate: Date },
  limit: number,
): Promise<TicketCard[]> {
  const sameEvent = and(eq(listings.eventName, listing.eventName), eq(listings.eventDate, listing.eventDate));
  return otherListedTickets(db, listing.id, sameEvent, asc(listings.listingPriceCents), limit);
}

export type Listing = typeof listings.$inferSelect;

/** A listing with its seller's public name, or undefined. */
export async function findListingWithSeller(
  db: Executor,
  listingId: string,
): Promise<{ listing: Listing; sellerDisplayName: string | null; sellerSince: Date } | undefined> {
  const [row] = await db
    .select({ listing: listings, sellerDisplayName: users.displayName, sellerSince: users.createdAt })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.sellerId))
    .where(eq(listings.id, listingId));
  return row;
}

/** The PDF files of a listing, in their order. */
export function listingFileNames(db: Db, listingId: string): Promise<{ id: string; fileName: string }[]> {
  return db
    .select({ id: listingFiles.id, fileName: listingFiles.fileName })
    .from(listingFiles)
    .where(eq(listingFiles.listingId, listingId))
    .orderBy(asc(listingFiles.fileNumber));
}

/** One file of a listing with who may have it (seller, buyer once sold), or undefined. */
export async function findListingFile(db: Db, listingId: string, fileId: string) {
  const [row] = await db
    .select({
      file: listingFiles,
      sellerId: listings.sellerId,
      buyerId: listings.buyerId,
      status: listings.status,
      eventName: listings.eventName,
    })
    .from(listingFiles)
    .innerJoin(listings, eq(listings.id, listingFiles.listingId))
    .where(and(eq(listingFiles.id, fileId), eq(listingFiles.listingId, listingId)));
  return row;
}

/** A listing's whole package of files, in their order, with who may have it; or undefined. */
export async function findListingWithFiles(db: Db, listingId: string) {
  const [listing] = await db
    .select({
      id: listings.id,
      sellerId: listings.sellerId,
      buyerId: listings.buyerId,
      status: listings.status,
      eventName: listings.eventName,
    })
    .from(listings)
    .where(eq(listings.id, listingId));
  if (!listing) return undefined;
  const files = await db
    .select({
      id: listingFiles.id,
      fileName: listingFiles.fileName,
      storageKey: listingFiles.storageKey,
      pageCount: listingFiles.pageCount,
    })
    .from(listingFiles)
    .where(eq(listingFiles.listingId, listingId))
    .orderBy(asc(listingFiles.fileNumber));
  return { ...listing, files };
}

/** What a bought ticket's card shows of its listing: the event, and the files by name in their order. */
export interface ListingSummary {
  id: string;
  eventName: string;
  eventImage: string | null;
  eventType: string;
  eventDate: Date;
  eventTime: string;
  eventEndDate: string | null;
  eventVenue: string;
  location: string;
  ticketCount: number;
  files: { id: string; fileName: string }[];
}

/** The listings of `listingIds` with their files, by id; unknown ids are left out. */
export async function listingSummaries(
  db: Db,
  listingIds: readonly string[],
): Promise<Map<string, ListingSummary>> {
  if (listingIds.length === 0) return new Map();
  const ids = [...listingIds];
  const [rows, files] = await Promise.all([
    db
      .select({
        id: listings.id,
        eventName: listings.eventName,
        eventImage: listings.eventImage,
        eventType: listings.eventType,
        eventDate: listings.eventDate,
        eventTime: listings.eventTime,
        eventEndDate: ticketCardColumns.eventEndDate,
        eventVenue: listings.eventVenue,
        location: listings.location,
        ticketCount: listings.ticketCount,
      })
      .from(listings)
      .where(inArray(listings.id, ids)),
    db
      .select({ listingId: listingFiles.listingId, id: listingFiles.id, fileName: listingFiles.fileName })
      .from(listingFiles)
      .where(inArray(listingFiles.listingId, ids))
      .orderBy(asc(listingFiles.listingId), asc(listingFiles.fileNumber)),
  ]);
  const summaries = new Map(rows.map((row) => [row.id, { ...row, files: [] as ListingSummary['files'] }]));
  for (const { listingId, ...file } of files) summaries.get(listingId)?.files.push(file);
  return summaries;
}

/** Listed tickets for the sitemap, newest first. */
export async function listedListingIds(db: Db, limit = 5000): Promise<{ id: string; updatedAt: Date }[]> {
  return db
    .select({ id: listings.id, updatedAt: listings.updatedAt })
    .from(listings)
    .where(onSale)
    .orderBy(sql`${listings.createdAt} desc`, sql`${listings.id} desc`)
    .limit(limit);
}

/**
 * Counts a view once per visitor per listing per day (docs/decisions/009); the seller's own views
 * and views of listings not on sale do not count. Returns whether the count rose, or undefined
 * when there is no such listing.
 */
export async function recordListingView(
  db: Db,
  listingId: string,
  viewer: { userId: string | null; address: string; secret: string },
): Promise<boolean | undefined> {
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
    if (!listing) return undefined;
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

/** Of these file store keys, those a listing's file row holds (the reconcile of stored files). */
export async function ownedTicketFileKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: listingFiles.storageKey })
    .from(listingFiles)
    .where(inArray(listingFiles.storageKey, keys));
  return new Set(rows.map((row) => row.key));
}

/**
 * Listings an event's cancellation may concern: waiting for review, on sale or sold, of events
 * from a week ago on, whose search text holds every word of `query` (or of `ids` only); soonest
 * event first. At most `limit`, so a vague search stays cheap.
 */
export function cancellableListings(
  executor: Executor,
  { query = '', ids }: { query?: string; ids?: readonly string[] },
  limit = 500,
) {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean);
  return executor
    .select({
      id: listings.id,
      status: listings.status,
      eventName: listings.eventName,
      eventDate: listings.eventDate,
      location: listings.location,
      eventVenue: listings.eventVenue,
      ticketCount: listings.ticketCount,
      listingPriceCents: listings.listingPriceCents,
    })
    .from(listings)
    .where(
      and(
        inArray(listings.status, ['pending', 'listed', 'sold']),
        gte(listings.eventDate, sql`now() - interval '7 days'`),
        ids ? inArray(listings.id, [...ids]) : undefined,
        ...words.map((word) => sql`strpos(${listings.searchText}, ${word}) > 0`),
      ),
    )
    .orderBy(asc(listings.eventDate), asc(listings.eventName), asc(listings.id))
    .limit(limit);
}

/**
 * The event of each listing, of any status, whose event starts on one of `days` (Helsinki dates,
 * 'YYYY-MM-DD'): what a cancelled event is recognised by (admin/event-cancellations.ts).
 */
export async function listingEventsOnDays(
  executor: Executor,
  days: readonly string[],
): Promise<{ id: string; eventName: string; eventDate: Date }[]> {
  if (days.length === 0) return [];
  return executor
    .select({ id: listings.id, eventName: listings.eventName, eventDate: listings.eventDate })
    .from(listings)
    .where(
      or(
        ...days.map((day) =>
          and(
            gte(listings.eventDate, helsinkiDateTime(day, '00:00')),
            lt(listings.eventDate, helsinkiDateTime(addDays(day, 1), '00:00')),
          ),
        ),
      ),
    );
}

import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { listingStatuses } from '#shared/listings/seller-listing.schema.ts';
import type { ActiveContent } from '#shared/listings/ticket-file.ts';
import { users } from './accounts.ts';

export type ListingStatus = (typeof listingStatuses)[number];

export interface SeatInfo {
  sector: string;
  row: string;
  seat: string;
}

/** Event catalogue used by the sell wizard's event search (EventCatalog's local implementation). */
export const events = pgTable(
  'events',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** Event type code, see src/shared/categories.ts. */
    eventType: text('event_type').notNull(),
    startDate: date('start_date').notNull(),
    /** HH:MM, Europe/Helsinki. */
    startTime: text('start_time'),
    endDate: date('end_date'),
    venue: text('venue').notNull(),
    city: text('city').notNull(),
    imageUrl: text('image_url'),
    /** Lower-cased, accent-folded name + venue + city for search. */
    searchText: text('search_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('events_start_date_idx').on(table.startDate)],
);

/** A listing of 1-6 tickets sold as one package. Prices are integer cents (spec 02 §9 rules). */
export const listings = pgTable(
  'listings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: listingStatuses }).notNull().default('pending'),
    eventName: text('event_name').notNull(),
    eventImage: text('event_image'),
    /** 'api', 'default' or null (spec 02 §3). */
    imageSource: text('image_source'),
    location: text('location').notNull(),
    eventVenue: text('event_venue').notNull(),
    /** Event start: the date combined with eventTime in Europe/Helsinki. */
    eventDate: timestamp('event_date', { withTimezone: true }).notNull(),
    eventTime: text('event_time').notNull(),
    hasMultipleDays: boolean('has_multiple_days').notNull().default(false),
    eventEndDate: date('event_end_date'),
    eventType: text('event_type').notNull(),
    ticketType: text('ticket_type').notNull(),
    ticketCount: integer('ticket_count').notNull().default(1),
    hasAssignedSeat: boolean('has_assigned_seat').notNull().default(false),
    seatInfo: jsonb('seat_info').$type<SeatInfo[]>().notNull().default([]),
    originalPriceCents: integer('original_price_cents').notNull(),
    sellingPriceCents: integer('selling_price_cents').notNull(),
    additionalFeesCents: integer('additional_fees_cents').notNull().default(0),
    serviceFeeCents: integer('service_fee_cents').notNull(),
    listingPriceCents: integer('listing_price_cents').notNull(),
    sellerReceivableCents: integer('seller_receivable_cents').notNull(),
    deliveryMethod: text('delivery_method').notNull().default('pdf'),
    additionalInfo: text('additional_info').notNull().default(''),
    viewCount: integer('view_count').notNull().default(0),
    /** Client-made id of the wizard submission; unique, so a resubmitted form creates nothing. */
    submissionId: uuid('submission_id'),
    rejectionReason: text('rejection_reason'),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    moderatedBy: uuid('moderated_by').references(() => users.id),
    /**
     * A buyer paying for the listing holds it until `heldUntil`; a hold whose time has passed is
     * no hold at all, so an abandoned payment frees the listing by itself (see purchases).
     */
    heldBy: uuid('held_by').references(() => users.id),
    heldUntil: timestamp('held_until', { withTimezone: true }),
    buyerId: uuid('buyer_id').references(() => users.id),
    soldAt: timestamp('sold_at', { withTimezone: true }),
    /** Lower-cased, accent-folded event name + location + event type name, for the public search. */
    searchText: text('search_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('listings_status_date_idx').on(table.status, table.eventDate),
    index('listings_seller_idx').on(table.sellerId),
    index('listings_buyer_idx').on(table.buyerId),
    uniqueIndex('listings_submission_unique').on(table.submissionId),
    check('listings_ticket_count_range', sql`${table.ticketCount} between 1 and 6`),
    check(
      'listings_prices_non_negative',
      sql`${table.originalPriceCents} >= 0 and ${table.sellingPriceCents} >= 0 and ${table.additionalFeesCents} >= 0`,
    ),
  ],
);

/** The PDF files of a listing, kept in the FileStore under tickets/{listingId}/{fileName}. */
export const listingFiles = pgTable(
  'listing_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    originalFileName: text('original_file_name').notNull(),
    fileNumber: integer('file_number').notNull(),
    totalFiles: integer('total_files').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    /** Pages PDFium read; null for files stored before the upload check existed. */
    pageCount: integer('page_count'),
    /**
     * What the upload check found that a ticket never needs: 'javascript', 'launch', 'submit_form'
     * (refused at upload), 'embedded_files' (shown to the reviewer). Null for files stored before the check.
     */
    activeContent: text('active_content').array().$type<ActiveContent[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('listing_files_listing_idx').on(table.listingId),
    index('listing_files_sha_idx').on(table.sha256),
  ],
);

/**
 * Every barcode read from a listing's files, by the hash of its payload: the same code may belong
 * to one open or sold listing only (see create-listing.ts).
 */
export const listingBarcodes = pgTable(
  'listing_barcodes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => listingFiles.id, { onDelete: 'cascade' }),
    /** zxing's name of the symbology: 'QRCode', 'Code128', … */
    format: text('format').notNull(),
    /** sha256 (hex) of the decoded payload: the code itself is never stored. */
    fingerprint: text('fingerprint').notNull(),
    page: integer('page').notNull(),
  },
  (table) => [
    index('listing_barcodes_fingerprint_idx').on(table.fingerprint),
    index('listing_barcodes_listing_idx').on(table.listingId),
  ],
);

/**
 * A refused attempt to list a ticket whose code or file already belongs to another open or sold
 * listing: the admins see who tried and which listing holds the ticket.
 */
export const listingDuplicateAttempts = pgTable(
  'listing_duplicate_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    attemptedBy: uuid('attempted_by')
      .notNull()
      .references(() => users.id),
    /** The listing that holds the ticket; null once that pending listing was deleted. */
    existingListingId: uuid('existing_listing_id').references(() => listings.id, { onDelete: 'set null' }),
    /** 'barcode' (a decoded code matched) or 'file' (the same file, byte for byte). */
    matchedBy: text('matched_by', { enum: ['barcode', 'file'] }).notNull(),
    eventName: text('event_name').notNull(),
    originalFileName: text('original_file_name').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('listing_duplicate_attempts_existing_idx').on(table.existingListingId),
    index('listing_duplicate_attempts_user_idx').on(table.attemptedBy),
  ],
);

/** Why and by whom a listing was taken off sale (spec 02 removedTickets); the listing row keeps status 'removed'. */
export const listingRemovals = pgTable('listing_removals', {
  listingId: uuid('listing_id')
    .primaryKey()
    .references(() => listings.id),
  originalStatus: text('original_status').notNull(),
  removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
  removalReason: text('removal_reason').notNull(),
  customRemovalReason: text('custom_removal_reason'),
  /** The user who removed it (seller, admin), or null for the system (account deletion). */
  removedBy: uuid('removed_by').references(() => users.id),
});

/** One row per visitor per listing per day: a listing's view count rises once a day per visitor. */
export const listingViews = pgTable(
  'listing_views',
  {
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id),
    /** The user id of a signed-in visitor, or `a:` and a keyed hash of the visitor's address. */
    visitorKey: text('visitor_key').notNull(),
    day: date('day').notNull(),
  },
  (table) => [primaryKey({ columns: [table.listingId, table.visitorKey, table.day] })],
);

/** One row per approved listing (spec 02 ticketListingAnalytics): when it went on sale, how many tickets. */
export const listingAnalytics = pgTable('listing_analytics', {
  listingId: uuid('listing_id')
    .primaryKey()
    .references(() => listings.id),
  approvalDate: timestamp('approval_date', { withTimezone: true }).notNull().defaultNow(),
  /** The listing's ticketCount, or 1 (spec 02 §4). */
  ticketCount: integer('ticket_count').notNull(),
});

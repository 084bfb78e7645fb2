import { sql } from 'drizzle-orm';
import {
  check,
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
import type { auditActions } from '#shared/admin/admin.schema.ts';
import { users } from './accounts.ts';
import { listings } from './listings.ts';

/**
 * Every change an admin makes (spec 02 §2 "Admin panel"; ARCHITECTURE "admin audit log"): who,
 * what, which record, the fields before and after, when; also an operator's `npm run admin`. Written in the change's own transaction,
 * never updated or deleted.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The admin who acted in the admin area; null for an operator's command (`operator`). */
    adminId: uuid('admin_id').references(() => users.id),
    /** Who ran `npm run admin` on the server (OS user and host); null for admins' own actions. */
    operator: text('operator'),
    action: text('action').$type<(typeof auditActions)[number]>().notNull(),
    /** 'listing', 'sale', 'admin' (the admin themself) or 'user' (made or unmade an admin). */
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('admin_audit_log_created_idx').on(table.createdAt),
    index('admin_audit_log_entity_idx').on(table.entityType, table.entityId),
    check('admin_audit_log_actor', sql`${table.adminId} is not null or ${table.operator} is not null`),
  ],
);

/** Event pictures admins uploaded (tab 'Ladatut kuvat'), converted to WebP, in the FileStore. */
export const adminImages = pgTable('admin_images', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** FileStore key, `images/uploads/{id}.webp`. */
  storageKey: text('storage_key').notNull(),
  originalFileName: text('original_file_name').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  uploadedBy: uuid('uploaded_by')
    .notNull()
    .references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An event an admin marked cancelled (modules/admin/event-cancellations.ts): its chosen listings are
 * worked through by a background job, one listing per transaction, so the job can stop anywhere and
 * carry on. `finishedAt` is set once no listing is left.
 */
export const eventCancellations = pgTable('event_cancellations', {
  id: uuid('id').primaryKey().defaultRandom(),
  eventName: text('event_name').notNull(),
  eventDate: timestamp('event_date', { withTimezone: true }).notNull(),
  /** Told to the buyers and sellers. */
  reason: text('reason').notNull(),
  createdBy: uuid('created_by')
    .notNull()
    .references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/** What a cancellation did to each of its listings; a listing is in one cancellation at most. */
export const eventCancellationListings = pgTable(
  'event_cancellation_listings',
  {
    cancellationId: uuid('cancellation_id')
      .notNull()
      .references(() => eventCancellations.id),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id),
    /** 'refunded' (sold: the sale refunded), 'withdrawn' (taken off sale), 'untouched' (already off sale). */
    outcome: text('outcome', { enum: ['refunded', 'withdrawn', 'untouched'] }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.cancellationId, table.listingId] }),
    uniqueIndex('event_cancellation_listings_listing_unique').on(table.listingId),
  ],
);

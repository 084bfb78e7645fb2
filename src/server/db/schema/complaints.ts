import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { complaintReasons, complaintRoles, complaintStatuses } from '#shared/complaints/complaints.schema.ts';
import { users } from './accounts.ts';
import { sales } from './purchases.ts';

/**
 * A buyer's complaint about a bought ticket (docs/decisions/036): one per sale at most (the unique
 * index is the guard against two at once), never deleted. `open` until an admin refunds the buyer
 * or rejects it; the seller may answer once while it is open.
 */
export const complaints = pgTable(
  'complaints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    saleId: uuid('sale_id')
      .notNull()
      .references(() => sales.id),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason', { enum: complaintReasons }).notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: complaintStatuses }).notNull().default('open'),
    /** The seller had been paid already when it came: a support case (the money is with the seller). */
    payoutPaidBeforeComplaint: boolean('payout_paid_before_complaint').notNull(),
    sellerResponse: text('seller_response'),
    sellerRespondedAt: timestamp('seller_responded_at', { withTimezone: true }),
    /** The admin's reason for a rejection (the buyer and seller are mailed it). */
    resolutionReason: text('resolution_reason'),
    resolvedBy: uuid('resolved_by').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('complaints_sale_unique').on(table.saleId),
    index('complaints_buyer_idx').on(table.buyerId),
    index('complaints_seller_idx').on(table.sellerId),
    index('complaints_status_idx').on(table.status, table.createdAt),
    check('complaints_resolved', sql`(${table.status} = 'open') = (${table.resolvedAt} is null)`),
  ],
);

/**
 * A file attached to a complaint by its buyer or to the answer by its seller, as stored: a picture
 * re-encoded as WebP, a PDF as sent (checked by content). Never deleted with the complaint.
 */
export const complaintEvidence = pgTable(
  'complaint_evidence',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    complaintId: uuid('complaint_id')
      .notNull()
      .references(() => complaints.id),
    /** Who attached it: the buyer with the complaint, the seller with the answer. */
    party: text('party', { enum: complaintRoles }).notNull(),
    fileKey: text('file_key').notNull(),
    originalFileName: text('original_file_name').notNull(),
    contentType: text('content_type', { enum: ['image/webp', 'application/pdf'] }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Its place among the files sent with it, as they were chosen. */
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('complaint_evidence_complaint_idx').on(table.complaintId)],
);

import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { paymentIssues, payoutStatuses } from '#shared/admin/payouts.schema.ts';
import { sales } from './purchases.ts';

/**
 * Paying the seller of a sale (spec 02 paymentTracking), created with the sale. `updatedBy` is
 * an admin's id or 'system'.
 */
export const payoutTracking = pgTable(
  'payout_tracking',
  {
    saleId: uuid('sale_id')
      .primaryKey()
      .references(() => sales.id),
    status: text('status', { enum: payoutStatuses }).notNull().default('pending'),
    statusUpdatedAt: timestamp('status_updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by').notNull(),
    notes: text('notes'),
    paymentDate: timestamp('payment_date', { withTimezone: true }),
    paymentReference: text('payment_reference'),
    /** The event's date plus 3 days (src/shared/payout-date.ts): after it, no complaint holds the payout. */
    reclamationDeadline: timestamp('reclamation_deadline', { withTimezone: true }).notNull(),
    hasReclamation: boolean('has_reclamation').notNull().default(false),
    reclamationDetails: text('reclamation_details'),
    /** The provider's refund or dispute of the sale's payment, if any (modules/purchases reports it). */
    paymentIssue: text('payment_issue', { enum: paymentIssues }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('payout_tracking_status_idx').on(table.status, table.reclamationDeadline)],
);

import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { listings } from './listings.ts';

/**
 * Where a buyer's attempt to pay stands. `open` while the buyer may still pay (a declined card
 * keeps it open for another try); `succeeded` once the sale exists; `refund_pending` → `refunded`
 * when the money arrived after someone else bought the ticket; `canceled` (the buyer left) and
 * `expired` (the sweep cancelled the abandoned intent) end it without money.
 */
export const reservationStatuses = [
  'open',
  'succeeded',
  'refund_pending',
  'refunded',
  'canceled',
  'expired',
] as const;
export type ReservationStatus = (typeof reservationStatuses)[number];

/** One attempt of one buyer to pay for one listing: the payment intent and its hold (spec 01 §3). */
export const reservations = pgTable(
  'reservations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: reservationStatuses }).notNull().default('open'),
    /** 'local' or 'stripe': the provider that holds the intent. */
    provider: text('provider').notNull(),
    /** Null only between the hold and the provider's answer (the same transaction's moment). */
    paymentIntentId: text('payment_intent_id'),
    clientSecret: text('client_secret'),
    /**
     * The price snapshot the intent was created for (docs/decisions/016): what the buyer pays
     * (the listing price with the buyer's 3 %), our fee from the seller and what the seller is
     * owed. A sale copies these, never the listing as it is when the money arrives.
     */
    amountCents: integer('amount_cents').notNull(),
    serviceFeeCents: integer('service_fee_cents').notNull(),
    sellerReceivableCents: integer('seller_receivable_cents').notNull(),
    /** The intent's status as the provider last told us (requires_payment_method, processing, …). */
    intentStatus: text('intent_status'),
    /** The last failure's code (card_declined, insufficient_funds, …) for the waiting page. */
    lastErrorCode: text('last_error_code'),
    /** When the hold on the listing ends. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('reservations_intent_unique').on(table.paymentIntentId),
    index('reservations_listing_buyer_idx').on(table.listingId, table.buyerId),
    index('reservations_open_idx').on(table.status, table.expiresAt),
    check('reservations_amount_positive', sql`${table.amountCents} > 0`),
    index('reservations_buyer_idx').on(table.buyerId, table.createdAt),
  ],
);

/**
 * Payment events already handled, by the provider's event id. Recorded in the same transaction
 * as their effect, so an event delivered twice (or two at once) acts once.
 */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  /** The object the event is about: a payment intent, a charge or a dispute. */
  paymentIntentId: text('payment_intent_id').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A completed sale (spec 02 soldTickets): one per listing at most (the unique index is the last
 * guard against a double sale) and never deleted. Amounts are what was paid, frozen at the sale.
 */
export const sales = pgTable(
  'sales',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id),
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    paymentIntentId: text('payment_intent_id').notNull(),
    purchaseDate: timestamp('purchase_date', { withTimezone: true }).notNull().defaultNow(),
    /** What the buyer paid: the listing price with the buyer's 3 %. */
    pricePaidCents: integer('price_paid_cents').notNull(),
    /** The seller's 3 %. */
    serviceFeeCents: integer('service_fee_cents').notNull(),
    sellerReceivableCents: integer('seller_receivable_cents').notNull(),
    eventDate: timestamp('event_date', { withTimezone: true }).notNull(),
    eventName: text('event_name').notNull(),
  },
  (table) => [
    uniqueIndex('sales_listing_unique').on(table.listingId),
    uniqueIndex('sales_reservation_unique').on(table.reservationId),
    uniqueIndex('sales_intent_unique').on(table.paymentIntentId),
    index('sales_buyer_idx').on(table.buyerId),
    index('sales_seller_idx').on(table.sellerId),
    index('sales_purchase_date_idx').on(table.purchaseDate),
  ],
);

/**
 * What the provider did to a sale's money after it was paid: a refund made in its dashboard or a
 * card dispute (chargeback). One row per provider object (`re_…`/charge for refunds, `dp_…` for
 * disputes), updated as the provider reports it; never deleted. The payout follows it
 * (modules/payouts): held while a dispute is open, cancelled when the money went back.
 */
export const paymentAdjustments = pgTable(
  'payment_adjustments',
  {
    /** The provider's id: the charge's for its refunds (their total), the dispute's for a dispute. */
    providerId: text('provider_id').primaryKey(),
    kind: text('kind', { enum: ['refund', 'dispute'] }).notNull(),
    saleId: uuid('sale_id')
      .notNull()
      .references(() => sales.id),
    /** Refunded so far (refund) or disputed (dispute), in cents. */
    amountCents: integer('amount_cents').notNull(),
    /** A dispute's status at the provider (needs_response, under_review, won, lost, …); 'refunded' for refunds. */
    status: text('status').notNull(),
    /** The provider's reason code of a dispute (fraudulent, product_not_received, …). */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('payment_adjustments_sale_idx').on(table.saleId)],
);

/** Why we refunded a completed sale: a buyer's complaint upheld, or the event was cancelled. */
export const saleRefundReasons = ['complaint', 'event_cancelled'] as const;

/**
 * Refunds of completed sales that we ask the provider for (docs/decisions/035): the whole payment
 * back to the buyer. One row per sale, so a refund is asked for once however often it is clicked
 * or a job runs. `sentAt` is set once the provider took it; until then the row is retried under
 * the same idempotency key, so a crash between asking and recording the answer refunds once. The
 * money's return itself arrives as the provider's `charge.refunded` event (payment_adjustments).
 */
export const saleRefunds = pgTable(
  'sale_refunds',
  {
    saleId: uuid('sale_id')
      .primaryKey()
      .references(() => sales.id),
    reason: text('reason', { enum: saleRefundReasons }).notNull(),
    /** What the buyer paid, all of it, our fee included. */
    amountCents: integer('amount_cents').notNull(),
    /** The admin who decided it; null when a job did (a cancelled event's). */
    requestedBy: uuid('requested_by').references(() => users.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    /** A sender holds the row until this time; an expired claim means it died mid-way. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [index('sale_refunds_unsent_idx').on(table.requestedAt).where(sql`sent_at is null`)],
);

import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Every e-mail is written here in the same transaction as the change that caused it, then
 * delivered by the outbox worker with retries; nothing is lost while SMTP is down.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    toAddress: text('to_address').notNull(),
    /**
     * The account the mail was sent to, when it went to one: its data export and its deletion find
     * the mail by this id, whether or not the address was verified.
     */
    toUserId: uuid('to_user_id'),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** Extra mail headers, e.g. a newsletter's List-Unsubscribe (RFC 8058). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker that claims a row holds it until this time; an expired lock means it died. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when the retries are used up; such mails need a person to look. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('outbox_due_idx').on(table.nextAttemptAt),
    // What still waits (the metrics' backlog and its oldest mail): sent mail is most of the table
    // and is never read again.
    // A person's mails for their data export (by address as the accounts store it, lower case).
    index('outbox_to_address_idx').on(sql`lower(${table.toAddress})`),
    index('outbox_to_user_idx').on(table.toUserId),
    index('outbox_waiting_idx').on(table.createdAt).where(sql`sent_at is null and failed_at is null`),
  ],
);

/** Consented analytics events from the browser (spec 01 §3 event shape). */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    category: text('category').notNull(),
    action: text('action').notNull(),
    label: text('label'),
    value: doublePrecision('value'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    userId: uuid('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('analytics_events_created_idx').on(table.createdAt)],
);

/**
 * The local payment provider's payment intents (PAYMENT_PROVIDER=local): what Stripe would keep
 * on its side, kept here so every app process sees the same intent.
 */
export const localPaymentIntents = pgTable('local_payment_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  /** Stripe's statuses: requires_payment_method, requires_action, processing, succeeded, canceled. */
  status: text('status').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  description: text('description'),
  /** The last card failure, as Stripe's last_payment_error code (card_declined, …). */
  lastErrorCode: text('last_error_code'),
  amountRefundedCents: integer('amount_refunded_cents').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The local provider's signed events, written in the transaction that changed the intent and
 * delivered to the webhook afterwards: a crash in between loses nothing, as the events still
 * undelivered are sent at the next start (Stripe keeps delivering its own until they are taken).
 */
export const localPaymentEvents = pgTable(
  'local_payment_events',
  {
    id: text('id').primaryKey(),
    paymentIntentId: text('payment_intent_id').notNull(),
    /** The signed JSON body, as the webhook route receives it. */
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    index('local_payment_events_undelivered_idx').on(table.createdAt).where(sql`delivered_at is null`),
  ],
);

/**
 * The last run of each background job (platform/jobs), whichever process ran it: what the admin
 * area shows. The queue itself lives in pg-boss's own schema.
 */
export const jobStatus = pgTable('job_status', {
  name: text('name').primaryKey(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  /** null while the first run is under way. */
  lastOk: boolean('last_ok'),
  /** The last failure's message (no stack), kept until a run succeeds. */
  lastError: text('last_error'),
});

/** One row per failed run, kept a week, so the admin area can count the last 24 hours. */
export const jobFailures = pgTable(
  'job_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
    message: text('message').notNull(),
  },
  (table) => [index('job_failures_name_failed_idx').on(table.name, table.failedAt)],
);

/**
 * The route request limits (@fastify/rate-limit) on PostgreSQL, one row per route and client key,
 * counted per fixed window by one upsert per request, so that every app process counts into the
 * same window (plugins/rate-limit-store.ts, docs/decisions/023). Unlogged (the migration says
 * so): counts need no crash safety, and skipping the write-ahead log keeps a hit cheap.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_hits_window_idx').on(table.windowEndsAt)],
);

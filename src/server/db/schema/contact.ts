import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Where an address stands with the newsletter (docs/decisions/033): `pending` until its owner
 * confirms from the mail (double opt-in), `confirmed` while it may be sent the newsletter,
 * `unsubscribed` once its owner said no. A row is kept, as the consent log refers to it, until the
 * account whose verified address it is gets deleted (docs/decisions/037).
 */
export const newsletterStatuses = ['pending', 'confirmed', 'unsubscribed'] as const;
export type NewsletterStatus = (typeof newsletterStatuses)[number];

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased; one row per address. */
    email: text('email').notNull(),
    status: text('status', { enum: newsletterStatuses }).notNull().default('pending'),
    /** The consent: when the address last asked for the newsletter (spec 01 §3 subscribedAt). */
    subscribedAt: timestamp('subscribed_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its owner confirmed that request from the mail. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    /** sha256 of the confirmation link's token; the token itself is only in the mail. */
    confirmTokenHash: text('confirm_token_hash'),
    confirmTokenExpiresAt: timestamp('confirm_token_expires_at', { withTimezone: true }),
    /**
     * The unsubscribe links' token. Kept as it is, not hashed: every newsletter mail must carry it,
     * and all it can do is unsubscribe this address.
     */
    unsubscribeToken: text('unsubscribe_token')
      .notNull()
      .default(sql`(replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''))`),
    /** Confirmation mails sent in the 24 h from `confirmMailsWindowStart`: nobody can mail-bomb an address. */
    confirmMailsSent: integer('confirm_mails_sent').notNull().default(0),
    confirmMailsWindowStart: timestamp('confirm_mails_window_start', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('newsletter_email_unique').on(table.email),
    uniqueIndex('newsletter_confirm_token_unique').on(table.confirmTokenHash),
    uniqueIndex('newsletter_unsubscribe_token_unique').on(table.unsubscribeToken),
  ],
);

/**
 * The consent history of each address, appended to and never changed: each request, confirmation
 * and unsubscription with its time, so a later change of mind does not erase an earlier one.
 */
export const newsletterConsentEvents = pgTable(
  'newsletter_consent_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriberId: uuid('subscriber_id')
      .notNull()
      .references(() => newsletterSubscribers.id),
    event: text('event', { enum: ['requested', 'confirmed', 'unsubscribed'] }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('newsletter_consent_events_subscriber_idx').on(table.subscriberId, table.at)],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** The signed-in sender's account: the message is theirs whatever address they typed. */
    userId: uuid('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The sender's messages for their data export, whatever case the address was typed in.
  (table) => [
    index('contact_messages_email_idx').on(sql`lower(${table.email})`),
    index('contact_messages_user_idx').on(table.userId),
  ],
);

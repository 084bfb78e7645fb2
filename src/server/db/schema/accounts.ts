import { sql } from 'drizzle-orm';
import {
  boolean,
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

// The spec's private user record and public username record are one row here; the unique index on
// username is the "public user record" uniqueness check (see docs/decisions/002).
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    /** Lower-cased; null until the profile is completed. */
    username: text('username'),
    displayName: text('display_name'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** argon2id; null for users who only sign in through Google or Facebook. */
    passwordHash: text('password_hash'),
    iban: text('iban'),
    tutorialCompleted: boolean('tutorial_completed').notNull().default(false),
    tutorialCompletedAt: timestamp('tutorial_completed_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /**
     * When the owner of `email` proved it by opening the link mailed to it, or a social provider
     * vouched for it; null until then. Only a verified address matches data by address (contact
     * messages, the newsletter, earlier mails) and can be made an admin (docs/decisions/037).
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * Set when the account is deleted: the row stays as a tombstone so sales and payouts keep their
     * references, but every personal field is cleared (the data moves to deleted_users).
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    uniqueIndex('users_username_unique').on(table.username),
    index('users_iban_idx').on(table.iban).where(sql`${table.iban} is not null`),
  ],
);

/** A row here makes the user an admin (spec 01 §3). */
export const admins = pgTable('admins', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Login sessions: only the SHA-256 of the cookie token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Last time the user proved it is them again (password or provider); gates account deletion. */
    reauthenticatedAt: timestamp('reauthenticated_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user_idx').on(table.userId), index('sessions_expires_idx').on(table.expiresAt)],
);

/** A Google or Facebook identity linked to a user. */
export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    provider: text('provider', { enum: ['google', 'facebook'] }).notNull(),
    providerUserId: text('provider_user_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.providerUserId] }),
    index('oauth_accounts_user_idx').on(table.userId),
  ],
);

/** Single-use password reset codes (the e-mailed oobCode), stored hashed, valid one hour. */
export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('password_reset_codes_expires_idx').on(table.expiresAt)],
);

/**
 * The links that verify an account's e-mail address, stored hashed. A link verifies the address it
 * was sent to, and only while the account still has that address.
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-cased: the address the link was mailed to. */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('email_verifications_user_idx').on(table.userId, table.createdAt)],
);

/**
 * Guesses at a secret counted per fixed 15-minute window, one row per counter: for passwords an
 * account at one address (`pair`), an address (`ip`) and an account from everywhere (`account`);
 * for the admin access key an admin (`admin-key`) and an address (`admin-key-ip`). An attempt is
 * reserved here before the secret is checked, so parallel guesses cannot slip past the limit
 * (docs/decisions/009, 020).
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    scope: text('scope', { enum: ['pair', 'ip', 'account', 'admin-key', 'admin-key-ip'] }).notNull(),
    key: text('key').notNull(),
    attempts: integer('attempts').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.key] }),
    index('login_attempts_window_idx').on(table.windowStartedAt),
  ],
);

/** The archive of deleted accounts (spec 01 §3): the user data plus when and what was removed. */
export const deletedUsers = pgTable('deleted_users', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  userData: jsonb('user_data').$type<Record<string, unknown>>().notNull(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  ticketsRemoved: integer('tickets_removed').notNull(),
  /** Which records the deletion touched, for audits (spec: originalCollections). */
  originalCollections: jsonb('original_collections').$type<string[]>().notNull(),
  /**
   * When the retention period ended and `userData` was emptied (purge-account-archives.ts); the
   * row stays as the record of the deletion.
   */
  purgedAt: timestamp('purged_at', { withTimezone: true }),
});

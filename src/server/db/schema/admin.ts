import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { auditActions } from '#shared/admin/admin.schema.ts';
import { users } from './accounts.ts';

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

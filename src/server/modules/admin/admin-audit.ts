import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import type { PersonalDataExport } from '#shared/accounts/personal-data.schema.ts';
import type { AuditEntry, auditActions } from '#shared/admin/admin.schema.ts';
import type { Db, Executor } from '../../db/client.ts';
import { adminAuditLog } from '../../db/schema/index.ts';
import { findUsersForAdmin } from '../accounts/accounts.service.ts';

// Who changed what in the admin area, and when. A row is written in the transaction of the change
// it records, so there is never a change without its row nor a row without its change; rows are
// never updated or deleted.

/** One admin change, with the fields it touched before and after. Call it inside the change's transaction. */
export async function recordAdminAction(
  executor: Executor,
  entry: {
    action: (typeof auditActions)[number];
    /** The record changed; 'admin' is the admin themself (unlocking the area), 'user' a user made or unmade an admin. */
    entityType: 'listing' | 'sale' | 'admin' | 'user' | 'cancellation';
    entityId: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  } & ({ adminId: string } | { operator: string }),
): Promise<void> {
  await executor.insert(adminAuditLog).values(entry);
}

/** The newest `limit` entries, newest first, each with the admin's username and e-mail. */
export async function listAuditEntries(db: Db, limit: number): Promise<AuditEntry[]> {
  const rows = await db
    .select()
    .from(adminAuditLog)
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(limit);
  const admins = await findUsersForAdmin(
    db,
    rows.flatMap((row) => (row.adminId ? [row.adminId] : [])),
  );
  return rows.map((row) => {
    const admin = row.adminId ? admins.get(row.adminId) : undefined;
    return {
      id: row.id,
      at: row.createdAt.toISOString(),
      admin: row.adminId
        ? { id: row.adminId, username: admin?.username ?? null, email: admin?.email ?? '' }
        : null,
      operator: row.operator,
      action: row.action,
      entityType: row.entityType,
      entityId: row.entityId,
      before: row.before,
      after: row.after,
    };
  });
}

/**
 * The admin changes that concern a person, oldest first, without the acting admin: to the
 * person's account, their listings and the payouts of their sales.
 */
export async function adminActionsConcerning(
  executor: Executor,
  subject: { userId: string; listingIds: readonly string[]; saleIds: readonly string[] },
): Promise<PersonalDataExport['adminActions']> {
  const about = (entityType: string, ids: readonly string[]) =>
    ids.length
      ? [and(eq(adminAuditLog.entityType, entityType), inArray(adminAuditLog.entityId, [...ids]))]
      : [];
  const rows = await executor
    .select()
    .from(adminAuditLog)
    .where(
      or(
        ...about('user', [subject.userId]),
        ...about('admin', [subject.userId]),
        ...about('listing', subject.listingIds),
        ...about('sale', subject.saleIds),
      ),
    )
    .orderBy(asc(adminAuditLog.createdAt), asc(adminAuditLog.id));
  return rows.map((row) => ({
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    before: row.before,
    after: row.after,
    at: row.createdAt.toISOString(),
  }));
}

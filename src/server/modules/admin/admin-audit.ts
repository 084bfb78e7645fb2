import { desc } from 'drizzle-orm';
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
    adminId: string;
    action: (typeof auditActions)[number];
    entityType: 'listing' | 'sale';
    entityId: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  },
): Promise<void> {
  await executor.insert(adminAuditLog).values(entry);
}

/** An admin unlocked the admin area with the access key: the record is the admin themself. */
export async function recordAccessGranted(
  executor: Executor,
  adminId: string,
  expiresAt: Date,
): Promise<void> {
  await executor.insert(adminAuditLog).values({
    adminId,
    action: 'admin.access',
    entityType: 'admin',
    entityId: adminId,
    before: null,
    after: { expiresAt: expiresAt.toISOString() },
  });
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
    rows.map((row) => row.adminId),
  );
  return rows.map((row) => {
    const admin = admins.get(row.adminId);
    return {
      id: row.id,
      at: row.createdAt.toISOString(),
      admin: { id: row.adminId, username: admin?.username ?? null, email: admin?.email ?? '' },
      action: row.action,
      entityType: row.entityType,
      entityId: row.entityId,
      before: row.before,
      after: row.after,
    };
  });
}

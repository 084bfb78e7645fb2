import type { auditActions } from '#shared/admin/admin.schema.ts';
import type { Executor } from '../../db/client.ts';
import { adminAuditLog } from '../../db/schema/index.ts';

/** Records one admin change; pass the change's own transaction, so the row and the change stand or fall together. */
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

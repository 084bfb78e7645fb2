import { asc, eq } from 'drizzle-orm';
import type { PersonalDataExport } from '#shared/accounts/personal-data.schema.ts';
import type { AnalyticsEvent } from '#shared/analytics/analytics.schema.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { DataOwner } from '../../db/data-owner.ts';
import { analyticsEvents } from '../../db/schema/index.ts';

/** Stores one analytics event (sent by the client only with analytics consent). */
export async function recordAnalyticsEvent(
  db: Db,
  event: AnalyticsEvent,
  userId: string | null,
): Promise<void> {
  await db.insert(analyticsEvents).values({
    category: event.category,
    action: event.action,
    label: event.label ?? null,
    value: event.value ?? null,
    metadata: event.metadata ?? null,
    userId,
  });
}

/** The analytics events recorded while the person was signed in, oldest first. */
export async function analyticsPersonalData(
  executor: Executor,
  userId: string,
): Promise<PersonalDataExport['analyticsEvents']> {
  const rows = await executor
    .select()
    .from(analyticsEvents)
    .where(eq(analyticsEvents.userId, userId))
    .orderBy(asc(analyticsEvents.createdAt), asc(analyticsEvents.id));
  return rows.map((row) => ({
    category: row.category,
    action: row.action,
    label: row.label,
    value: row.value,
    metadata: row.metadata,
    at: row.createdAt.toISOString(),
  }));
}

/** A deleted account's events stay for the figures, no longer tied to anybody. */
export async function forgetAnalyticsOf(executor: Executor, owner: DataOwner): Promise<void> {
  await executor
    .update(analyticsEvents)
    .set({ userId: null })
    .where(eq(analyticsEvents.userId, owner.userId));
}

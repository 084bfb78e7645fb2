import type { AnalyticsEvent } from '#shared/analytics/analytics.schema.ts';
import type { Db } from '../../db/client.ts';
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

import { and, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deletedUsers } from '../../db/schema/index.ts';
import { sellersAwaitingPayout } from '../payouts/payouts-personal-data.ts';

/** The privacy policy's retention: the life of the account plus this many months. */
export const archiveRetentionMonths = 24;

const retentionOver = () =>
  and(
    isNull(deletedUsers.purgedAt),
    lt(deletedUsers.deletedAt, sql`now() - make_interval(months => ${archiveRetentionMonths})`),
  );

/**
 * Empties the archived personal data of accounts deleted longer ago than the retention period
 * (docs/decisions/034). The archive row stays, emptied, as the
 * record that the account was deleted and when; the sales and payouts it sold keep their amounts.
 * A seller still waiting for a payout keeps the archive (it holds the IBAN to pay to) until paid.
 * Run by the background jobs; running it twice purges nothing twice. Returns how many it purged.
 */
export async function purgeExpiredAccountArchives(db: Db): Promise<number> {
  const due = await db.select({ userId: deletedUsers.userId }).from(deletedUsers).where(retentionOver());
  const waiting = await sellersAwaitingPayout(
    db,
    due.map((row) => row.userId),
  );
  const purgeable = due.map((row) => row.userId).filter((userId) => !waiting.has(userId));
  if (purgeable.length === 0) return 0;
  const purged = await db
    .update(deletedUsers)
    .set({ userData: {}, purgedAt: sql`now()` })
    .where(and(inArray(deletedUsers.userId, purgeable), retentionOver()))
    .returning({ userId: deletedUsers.userId });
  return purged.length;
}

import { and, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listings } from '../../db/schema/index.ts';
import { startOfTodayHelsinki } from '../../db/time.ts';

/**
 * Marks pending and listed listings whose event day is over as expired. One conditional UPDATE,
 * so any number of app processes can run it at once. Returns how many changed.
 */
export async function expirePastListings(db: Db): Promise<number> {
  const expired = await db
    .update(listings)
    .set({ status: 'expired', updatedAt: sql`now()` })
    .where(and(inArray(listings.status, ['pending', 'listed']), lt(listings.eventDate, startOfTodayHelsinki)))
    .returning({ id: listings.id });
  return expired.length;
}

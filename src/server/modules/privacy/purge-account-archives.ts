import type { Db } from '../../db/client.ts';
import { archivesOlderThan, emptyArchives } from '../accounts/accounts-personal-data.ts';
import { sellersAwaitingPayout } from '../payouts/payouts-personal-data.ts';

/** The privacy policy's retention: the life of the account plus this many months. */
export const archiveRetentionMonths = 24;

/**
 * Empties the archived personal data of accounts deleted longer ago than the retention period
 * (docs/decisions/034). The archive row stays, emptied, as the
 * record that the account was deleted and when; the sales and payouts it sold keep their amounts.
 * A seller still waiting for a payout keeps the archive (it holds the IBAN to pay to) until paid.
 * Run by the background jobs; running it twice purges nothing twice. Returns how many it purged.
 */
export async function purgeExpiredAccountArchives(db: Db): Promise<number> {
  const due = await archivesOlderThan(db, archiveRetentionMonths);
  const waiting = await sellersAwaitingPayout(db, due);
  const purgeable = due.filter((userId) => !waiting.has(userId));
  return emptyArchives(db, purgeable, archiveRetentionMonths);
}

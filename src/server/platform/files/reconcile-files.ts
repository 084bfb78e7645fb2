import type { FastifyBaseLogger } from 'fastify';
import type { FileStore } from './file-store.ts';

// Files nothing owns (docs/decisions/020): an upload stores its files inside the transaction that
// writes their rows, so a process killed in between leaves files without rows. They are found by
// listing the store and asking the owners of stored files which keys they hold.

/**
 * How old a file without a row must be before it is removed: an upload in progress has stored
 * files whose rows are not committed yet, and no upload takes an hour.
 */
export const storedFileGraceMs = 60 * 60_000;

/** Of `keys`, those a row owns (a listing's file, an uploaded image). */
export type OwnedKeys = (keys: string[]) => Promise<Set<string>>;

const batchSize = 500;

/**
 * Removes the stored files older than the grace period that no row owns, then the empty folders;
 * answers the removed keys. When files are stored and not one has a row, nothing is removed: the
 * store and the database do not belong together (a new database beside old files), and deleting
 * every ticket would be the wrong answer to that.
 */
export async function reconcileFiles(
  store: FileStore,
  ownedKeys: OwnedKeys,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<string[]> {
  const cutoff = now.getTime() - storedFileGraceMs;
  const stored: { key: string; old: boolean }[] = [];
  for await (const file of store.list())
    stored.push({ key: file.key, old: file.modifiedAt.getTime() <= cutoff });

  const unowned: string[] = [];
  let anyOwned = false;
  for (let start = 0; start < stored.length; start += batchSize) {
    const batch = stored.slice(start, start + batchSize);
    const owned = await ownedKeys(batch.map((file) => file.key));
    if (owned.size > 0) anyOwned = true;
    for (const file of batch) if (file.old && !owned.has(file.key)) unowned.push(file.key);
  }
  if (unowned.length > 0 && !anyOwned) {
    log.warn(
      { unowned: unowned.length },
      'no stored file has a row: not removing any (is this the database these files belong to?)',
    );
    return [];
  }
  const removed: string[] = [];
  for (const key of unowned) {
    try {
      await store.delete(key);
      removed.push(key);
    } catch (error) {
      log.error({ err: error, key }, 'could not remove a stored file without a row');
    }
  }
  if (removed.length > 0) log.warn({ keys: removed }, 'removed stored files without a row');
  await store.removeEmptyFolders();
  return removed;
}

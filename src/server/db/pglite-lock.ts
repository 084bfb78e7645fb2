import { randomUUID } from 'node:crypto';
import { link, mkdir, readFile, rm, rmdir, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';

// PGlite's data directory belongs to one process: PGlite takes no lock of its own (its
// postmaster.pid always says pid -42), so a second process opens the same directory and both write
// the same files from their own caches until the database is corrupt. `<dir>.lock` says which
// process has it; a lock whose process is gone is taken over. See docs/decisions/025.

/** The database directory is open in another process. */
export class DatabaseBusyError extends Error {}

interface LockOwner {
  pid: number;
  host: string;
  command: string;
  since: string;
}

/**
 * The locks this process has written (taken or being taken): a second open in this process is as
 * harmful as one elsewhere, while a lock with our pid but not written by us is a previous life's.
 */
const writtenHere = new Set<string>();

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseOwner(text: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(text) as Partial<LockOwner>;
    return typeof owner.pid === 'number' && typeof owner.host === 'string'
      ? { pid: owner.pid, host: owner.host, command: String(owner.command), since: String(owner.since) }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the lock's process may still run: on another host we cannot tell, so it may. */
function mayBeRunning(text: string, owner: LockOwner | undefined): boolean {
  if (writtenHere.has(text)) return true;
  if (!owner) return false;
  if (owner.host !== hostname()) return true;
  // Our own pid in a lock we did not write: a previous run in a container, where pids repeat.
  return owner.pid !== process.pid && processAlive(owner.pid);
}

function busyError(dir: string, lockFile: string, owner: LockOwner | undefined): DatabaseBusyError {
  const who = owner
    ? `process ${owner.pid} on ${owner.host} (${owner.command}), since ${owner.since}`
    : 'another process';
  return new DatabaseBusyError(
    `The database ${dir} is in use by ${who}. PGlite lets one process at a time open it: stop that process (the server) first, or run on PostgreSQL (DATABASE_URL). If no such process runs any more, delete ${lockFile}.`,
  );
}

async function readText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Takes `<dir>.lock` for this process, or throws DatabaseBusyError naming the process that has it.
 * Resolves to the release.
 */
export async function lockDatabaseDir(dir: string): Promise<() => Promise<void>> {
  const lockFile = `${dir}.lock`;
  await mkdir(path.dirname(lockFile), { recursive: true });
  const nonce = randomUUID();
  const mine = JSON.stringify({
    pid: process.pid,
    host: hostname(),
    command: process.argv.slice(1).join(' '),
    since: new Date().toISOString(),
    nonce,
  });
  // Written whole under a name of its own, then linked into place: link() fails when the lock
  // exists, so of two processes exactly one gets it, and nobody reads a half-written lock.
  const draft = `${lockFile}.${nonce}`;
  await writeFile(draft, mine);
  writtenHere.add(mine);
  let taken = false;
  try {
    for (;;) {
      try {
        await link(draft, lockFile);
        taken = true;
        return async () => {
          if ((await readText(lockFile)) === mine) await unlink(lockFile);
          writtenHere.delete(mine);
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const held = await readText(lockFile);
      if (held === undefined) continue; // released meanwhile
      const owner = parseOwner(held);
      if (mayBeRunning(held, owner)) throw busyError(dir, lockFile, owner);
      await removeStaleLock(lockFile, held);
    }
  } finally {
    if (!taken) writtenHere.delete(mine);
    await rm(draft, { force: true });
  }
}

/**
 * Removes a dead process's lock. Two processes may find the same stale lock: the removal is done
 * under a directory only one can create, and only if the lock is still the stale one (the other
 * may have taken over already, and its new lock must stay).
 */
async function removeStaleLock(lockFile: string, stale: string): Promise<void> {
  const takeover = `${lockFile}.takeover`;
  try {
    await mkdir(takeover);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    throw new DatabaseBusyError(
      `Another process is taking over the stale lock ${lockFile}: try again. If this persists, delete ${takeover}.`,
    );
  }
  try {
    if ((await readText(lockFile)) === stale) await unlink(lockFile);
  } finally {
    await rmdir(takeover);
  }
}

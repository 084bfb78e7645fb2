import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DatabaseBusyError, lockDatabaseDir } from './pglite-lock.ts';

let root = '';
let dir = '';
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'lipputori-lock-'));
  dir = path.join(root, 'db');
});
afterEach(() => rm(root, { recursive: true, force: true }));

const lockText = (owner: Record<string, unknown>) =>
  JSON.stringify({ command: 'node src/server/main.ts', since: '2026-11-01T10:00:00.000Z', ...owner });

/** The pid of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid ?? 0;
}

describe('lockDatabaseDir', () => {
  it('lets one holder at a time have the directory, and names the holder to the next', async () => {
    const release = await lockDatabaseDir(dir);
    const owner = JSON.parse(await readFile(`${dir}.lock`, 'utf8'));
    expect(owner).toMatchObject({ pid: process.pid, host: hostname() });
    const second = lockDatabaseDir(dir);
    await expect(second).rejects.toThrow(DatabaseBusyError);
    await expect(lockDatabaseDir(dir)).rejects.toThrow(
      new RegExp(`in use by process ${process.pid} on .*PGlite lets one process at a time open it`),
    );
    await release();
    const again = await lockDatabaseDir(dir);
    await again();
    // Nothing left behind: no lock, no drafts.
    expect(await readdir(root)).toEqual([]);
  });

  it('gives the directory to exactly one of many taking it at once', async () => {
    const attempts = await Promise.allSettled(Array.from({ length: 20 }, () => lockDatabaseDir(dir)));
    const taken = attempts.filter((attempt) => attempt.status === 'fulfilled');
    expect(taken).toHaveLength(1);
    for (const attempt of attempts)
      if (attempt.status === 'rejected') expect(attempt.reason).toBeInstanceOf(DatabaseBusyError);
    await (taken[0] as PromiseFulfilledResult<() => Promise<void>>).value();
  });

  it('takes over a lock whose process has ended, once however many try', async () => {
    await writeFile(`${dir}.lock`, lockText({ pid: deadPid(), host: hostname() }));
    const attempts = await Promise.allSettled(Array.from({ length: 10 }, () => lockDatabaseDir(dir)));
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1);
    expect(JSON.parse(await readFile(`${dir}.lock`, 'utf8')).pid).toBe(process.pid);
  });

  it('takes over a lock with its own pid that it did not write (a restarted container)', async () => {
    await writeFile(`${dir}.lock`, lockText({ pid: process.pid, host: hostname() }));
    const release = await lockDatabaseDir(dir);
    await release();
  });

  it('takes over an unreadable lock', async () => {
    await writeFile(`${dir}.lock`, 'roskaa');
    await (await lockDatabaseDir(dir))();
  });

  it('leaves a lock of another host alone, since it cannot tell whether that process runs', async () => {
    const foreign = lockText({ pid: deadPid(), host: 'toinen-kone' });
    await writeFile(`${dir}.lock`, foreign);
    await expect(lockDatabaseDir(dir)).rejects.toThrow(/on toinen-kone .*delete .*db\.lock/);
    expect(await readFile(`${dir}.lock`, 'utf8')).toBe(foreign);
  });

  it('does not remove a lock another process took after it', async () => {
    const release = await lockDatabaseDir(dir);
    const other = lockText({ pid: process.pid + 1_000_000, host: 'toinen-kone' });
    await writeFile(`${dir}.lock`, other);
    await release();
    expect(await readFile(`${dir}.lock`, 'utf8')).toBe(other);
  });
});

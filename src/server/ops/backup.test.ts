import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type AppConfig, loadConfig } from '../config.ts';
import { listingFiles, listings, sales } from '../db/schema/index.ts';
import { createConfiguredFileStore } from '../platform/files/configured-file-store.ts';
import { insertListing, insertSoldListing, signUp } from '../test/listing-fixtures.ts';
import { startS3Server, type TestS3Server } from '../test/s3-server.ts';
import { createScratchDatabase } from '../test/test-app.ts';
import { BackupError, backup, restore } from './backup.ts';

// Backup and restore done for real: listings with files are written, backed up, the database and
// the files wiped, the backup restored, and the same rows and bytes come back. On PGlite (a data
// directory on disk), or on PostgreSQL when DATABASE_URL is set; with the local store and with S3.

const serverUrl = process.env.DATABASE_URL;
const silent = () => {};
let s3: TestS3Server;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await s3.close();
});

/** A site's configuration on a fresh database (a PGlite folder, or a new PostgreSQL database). */
async function siteConfig(fileStore: 'local' | 's3'): Promise<AppConfig> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lipputori-backup-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const database = serverUrl ? await createScratchDatabase(serverUrl) : undefined;
  if (database) cleanups.push(() => database.drop());
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  return {
    ...config,
    databaseUrl: database?.url,
    backgroundJobs: false,
    fileStore: fileStore === 's3' ? { kind: 's3', ...(await s3.createBucket()) } : { kind: 'local' },
  };
}

async function startApp(config: AppConfig): Promise<FastifyInstance> {
  const app = await buildApp(config);
  await app.ready();
  return app;
}

/** What must come back: the listings, their files' rows, the sales, and every stored file's bytes. */
async function snapshot(app: FastifyInstance) {
  const bytes: Record<string, string> = {};
  for await (const { key } of app.files.list()) {
    const stored = await app.files.get(key);
    if (stored) bytes[key] = (await buffer(stored.stream)).toString('base64');
  }
  return {
    listings: await app.db.select().from(listings).orderBy(asc(listings.id)),
    files: await app.db.select().from(listingFiles).orderBy(asc(listingFiles.id)),
    sales: await app.db.select().from(sales).orderBy(asc(sales.id)),
    bytes,
  };
}

/** Loses everything: the database (dropped and made anew, or its folder deleted) and every file. */
async function wipe(config: AppConfig) {
  if (config.databaseUrl && serverUrl) {
    const name = new URL(config.databaseUrl).pathname.slice(1);
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`drop database ${name} with (force)`);
    await client.query(`create database ${name}`);
    await client.end();
  } else await rm(config.pgliteDir ?? '', { recursive: true, force: true });
  const store = createConfiguredFileStore(config);
  try {
    const keys = [];
    for await (const { key } of store.list()) keys.push(key);
    for (const key of keys) await store.delete(key);
    await store.removeEmptyFolders();
    for await (const _file of store.list()) throw new Error('the store was not wiped');
  } finally {
    store.close();
  }
}

/** Every folder and file under `dir` (itself included), each with its permission bits. */
async function modesUnder(dir: string): Promise<{ path: string; folder: boolean; mode: number }[]> {
  const found = [{ path: dir, folder: true, mode: (await stat(dir)).mode & 0o777 }];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    found.push({ path: full, folder: entry.isDirectory(), mode: (await stat(full)).mode & 0o777 });
  }
  return found;
}

describe.each(['local', 's3'] as const)(
  `backup and restore on ${serverUrl ? 'PostgreSQL' : 'PGlite'} with the %s file store`,
  (kind) => {
    let config: AppConfig;
    let backupDir: string;
    let before: Awaited<ReturnType<typeof snapshot>>;
    let buyer: { id: string; cookie: string };
    let sold: Awaited<ReturnType<typeof insertSoldListing>>;

    beforeAll(async () => {
      config = await siteConfig(kind);
      backupDir = path.join(await mkdtemp(path.join(tmpdir(), 'lipputori-backups-')), 'backup');
      cleanups.push(() => rm(path.dirname(backupDir), { recursive: true, force: true }));
      const app = await startApp(config);
      try {
        const seller = await signUp(app, `myyja_${kind}`);
        buyer = await signUp(app, `ostaja_${kind}`);
        await insertListing(app, { sellerId: seller.id });
        await insertListing(app, { sellerId: seller.id, status: 'pending', fileCount: 2 });
        sold = await insertSoldListing(app, {
          sellerId: seller.id,
          buyerId: buyer.id,
          fileCount: 3,
        });
        if (!config.databaseUrl) {
          // PGlite belongs to one process: a backup while the server has it open is refused.
          await expect(backup(config, backupDir, silent)).rejects.toThrow(
            /in use by .*stop that process \(the server\) first/,
          );
          await rm(backupDir, { recursive: true, force: true });
        }
        before = await snapshot(app);
      } finally {
        await app.close();
      }
    });

    it('brings back the same listings, sales and file bytes after both were lost', async () => {
      expect(before.listings).toHaveLength(3);
      expect(Object.keys(before.bytes)).toHaveLength(6);
      const lines: string[] = [];
      const manifest = await backup(config, backupDir, (line) => lines.push(line));
      expect(manifest.files.map((file) => file.key).sort()).toEqual(Object.keys(before.bytes).sort());
      expect(lines).toContain('6 stored files saved');

      await wipe(config);
      const empty = await startApp(config);
      try {
        expect(await empty.db.select().from(listings)).toEqual([]);
      } finally {
        await empty.close();
      }
      // A started server migrated the empty database: it is no longer empty, so this needs --force.
      await expect(restore(config, backupDir, { force: false }, silent)).rejects.toThrow(
        /not restoring over existing data: .*Add --force/,
      );
      await wipe(config);
      await restore(config, backupDir, { force: false }, silent);

      const app = await startApp(config);
      try {
        expect(await snapshot(app)).toEqual(before);
        // The buyer's session came back too, and the download serves the same bytes.
        const response = await app.inject({
          url: `/api/tickets/${sold.id}/files/${sold.files[0]?.id}`,
          headers: { cookie: buyer.cookie },
        });
        expect(response.statusCode).toBe(200);
        expect(response.rawPayload.equals(sold.files[0]?.bytes ?? Buffer.alloc(0))).toBe(true);
      } finally {
        await app.close();
      }
    });

    it('refuses to restore over a site with data unless forced, and then replaces it whole', async () => {
      const app = await startApp(config);
      try {
        await insertListing(app, { sellerId: before.listings[0]?.sellerId ?? '' });
      } finally {
        await app.close();
      }
      await expect(restore(config, backupDir, { force: false }, silent)).rejects.toThrow(
        /not restoring over existing data: .*the file store holds 7 files\. Add --force/,
      );
      await restore(config, backupDir, { force: true }, silent);
      const restored = await startApp(config);
      try {
        expect(await snapshot(restored)).toEqual(before);
      } finally {
        await restored.close();
      }
    });

    it('refuses a folder that is no complete backup, a damaged file, and a backup into a used folder', async () => {
      await expect(backup(config, backupDir, silent)).rejects.toThrow(/is not empty/);
      const partial = path.join(path.dirname(backupDir), 'partial');
      await expect(restore(config, partial, { force: true }, silent)).rejects.toThrow(/no complete backup/);

      const damaged = path.join(path.dirname(backupDir), 'damaged');
      await backup(config, damaged, silent);
      const [first] = await readdir(path.join(damaged, 'files', 'tickets'));
      const folder = path.join(damaged, 'files', 'tickets', first ?? '');
      const [file] = await readdir(folder);
      await writeFile(path.join(folder, file ?? ''), 'not the ticket');
      await expect(restore(config, damaged, { force: true }, silent)).rejects.toThrow(BackupError);
      await expect(restore(config, damaged, { force: true }, silent)).rejects.toThrow(/missing or damaged/);
    });

    it('is for its owner only: every folder 0700 and every file 0600 under the usual umask 022, and so is a restored PGlite', async () => {
      // A folder made beforehand, open to everyone as umask 022 leaves it: the backup closes it.
      const owned = path.join(path.dirname(backupDir), 'owned');
      const umask = process.umask(0o022);
      try {
        await mkdir(owned, { mode: 0o755 });
        await backup(config, owned, silent);
        await restore(config, owned, { force: true }, silent);
      } finally {
        process.umask(umask);
      }
      // PGlite writes its files as 0666: the restored database's folder must keep others out.
      if (config.pgliteDir && !config.databaseUrl)
        expect(((await stat(config.pgliteDir)).mode & 0o777).toString(8)).toBe('700');
      const modes = await modesUnder(owned);
      const names = modes.map((entry) => path.relative(owned, entry.path));
      expect(names).toContain('manifest.json');
      expect(names).toContain(config.databaseUrl ? 'database.pgdump' : 'database.pglite.tar.gz');
      expect(names.filter((name) => name.startsWith(`files${path.sep}tickets${path.sep}`))).toHaveLength(
        // The three listings' folders and their six files.
        9,
      );
      const octal = (entry: { path: string; mode: number }) =>
        `${path.relative(owned, entry.path) || '.'} ${entry.mode.toString(8)}`;
      expect(modes.filter((entry) => entry.folder).map(octal)).toEqual(
        modes.filter((entry) => entry.folder).map((entry) => octal({ ...entry, mode: 0o700 })),
      );
      expect(modes.filter((entry) => !entry.folder).map(octal)).toEqual(
        modes.filter((entry) => !entry.folder).map((entry) => octal({ ...entry, mode: 0o600 })),
      );
    });
  },
);

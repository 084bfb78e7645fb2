import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { AppConfig } from '../config.ts';
import { DatabaseBusyError, lockDatabaseDir } from '../db/pglite-lock.ts';
import { createConfiguredFileStore } from '../platform/files/configured-file-store.ts';
import { isSafeKey } from '../platform/files/file-store.ts';

// Backup and restore of a whole site: the database (pg_dump / pg_restore on PostgreSQL, the data
// directory on PGlite) and every file of the file store, local or S3 (docs/decisions/021).
//
// A backup folder:
//   database.pgdump or database.pglite.tar.gz   the database
//   files/<key>                                 each stored file
//   manifest.json                               written last: a folder without it is no backup
//
// It holds every password hash and IBAN of the site: its folders are 0700 and its files 0600,
// whatever the umask of the shell it was made in.

export type BackupConfig = Pick<AppConfig, 'databaseUrl' | 'pgliteDir' | 'fileStore' | 'filesDir'>;

export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: 'postgres' | 'pglite';
  files: { key: string; size: number; sha256: string }[];
}

/** A refusal the operator can act on: printed as it is, without a stack. */
export class BackupError extends Error {}

type Say = (line: string) => void;

const manifestName = 'manifest.json';
const databaseFile = { postgres: 'database.pgdump', pglite: 'database.pglite.tar.gz' } as const;

const privateFolderMode = 0o700;
const privateFileMode = 0o600;

/**
 * Makes `folder` (and any folder above it that did not exist) readable by its owner only. mkdir's
 * mode is cut by the umask, so each new folder is set again; a folder that was already there keeps
 * its mode, apart from the backup's own (see `backup`).
 */
async function makePrivateFolder(folder: string): Promise<void> {
  const first = await mkdir(folder, { recursive: true, mode: privateFolderMode });
  if (first === undefined) return;
  const top = path.resolve(first);
  // Up the chain from `folder`: each folder at or below `top` is one mkdir just made.
  for (let made = path.resolve(folder); made.startsWith(top); made = path.dirname(made))
    await chmod(made, privateFolderMode);
}

/** Writes a new file of the backup for its owner only: it is never readable by others, not even for a moment. */
async function writePrivateFile(file: string, data: Uint8Array | string): Promise<void> {
  await writeFile(file, data, { mode: privateFileMode, flag: 'wx' });
  // The mode above is cut by the umask too; set it exactly.
  await chmod(file, privateFileMode);
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const databaseKind = (config: BackupConfig) => (config.databaseUrl ? 'postgres' : 'pglite');

/**
 * Copies the database and every stored file into `dir`, which must be new or empty. On PostgreSQL
 * the site may keep running: the database is dumped first, and a row's files were stored before
 * its row was committed, so every file a dumped row names is there to copy. PGlite must be stopped.
 */
export async function backup(config: BackupConfig, dir: string, say: Say): Promise<BackupManifest> {
  if (existsSync(dir) && (await readdir(dir)).length > 0)
    throw new BackupError(`${dir} is not empty: back up into a new folder`);
  await makePrivateFolder(dir);
  // An empty folder made beforehand (by hand, by a script) may be open to everyone: close it first.
  await chmod(dir, privateFolderMode);
  const kind = databaseKind(config);
  const databasePath = path.join(dir, databaseFile[kind]);
  if (config.databaseUrl) {
    await runTool(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-privileges', `--file=${databasePath}`],
      config.databaseUrl,
    );
    // pg_dump made the file by the umask; the folder already kept others out meanwhile.
    await chmod(databasePath, privateFileMode);
  } else {
    const dataDir = pgliteDirOf(config);
    if (!existsSync(path.join(dataDir, 'PG_VERSION')))
      throw new BackupError(`no PGlite database in ${dataDir}`);
    await withPgliteLocked(dataDir, async () => {
      const client = new PGlite(dataDir);
      try {
        // PGlite 0.5's dump of a database still opening never finishes: wait until it is open.
        await client.waitReady;
        await writePrivateFile(
          databasePath,
          new Uint8Array(await (await client.dumpDataDir('gzip')).arrayBuffer()),
        );
      } finally {
        await client.close();
      }
    });
  }
  say(`database (${kind}) saved`);

  const store = createConfiguredFileStore(config);
  const files: BackupManifest['files'] = [];
  try {
    for await (const { key } of store.list()) {
      // Only what the site itself stores: a stray file in the folder or bucket is not ours.
      if (!isSafeKey(key)) {
        say(`skipped a stored file that is not the site's: ${JSON.stringify(key)}`);
        continue;
      }
      const stored = await store.get(key);
      if (!stored) continue; // deleted since it was listed
      const bytes = await buffer(stored.stream);
      const target = path.join(dir, 'files', key);
      await makePrivateFolder(path.dirname(target));
      await writePrivateFile(target, bytes);
      files.push({ key, size: bytes.length, sha256: sha256(bytes) });
    }
  } finally {
    store.close();
  }
  say(`${files.length} stored files saved`);

  const manifest: BackupManifest = { format: 1, createdAt: new Date().toISOString(), database: kind, files };
  await writePrivateFile(path.join(dir, manifestName), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Puts a backup back: the database and the stored files. Refuses a database that holds anything
 * or a file store that holds files, unless `force`: then the database is emptied first (every
 * schema dropped; on PGlite the data directory removed) and stored files the backup does not
 * have are deleted. The server must be stopped.
 */
export async function restore(
  config: BackupConfig,
  dir: string,
  options: { force: boolean },
  say: Say,
): Promise<BackupManifest> {
  const manifest = await readManifest(dir);
  const kind = databaseKind(config);
  if (manifest.database !== kind)
    throw new BackupError(
      `this is a backup of a ${manifest.database} database, and the site is configured for ${kind}`,
    );
  const files = await readBackupFiles(dir, manifest);

  const store = createConfiguredFileStore(config);
  try {
    const stored: string[] = [];
    for await (const { key } of store.list()) stored.push(key);
    const occupied = [
      ...(await databaseInUse(config)),
      ...(stored.length > 0 ? [`the file store holds ${stored.length} files`] : []),
    ];
    if (occupied.length > 0 && !options.force)
      throw new BackupError(
        `not restoring over existing data: ${occupied.join('; ')}. Add --force to replace it.`,
      );

    if (config.databaseUrl) {
      if (occupied.length > 0) await emptyPostgres(config.databaseUrl);
      await runTool(
        'pg_restore',
        [
          '--no-owner',
          '--no-privileges',
          '--exit-on-error',
          '--single-transaction',
          path.join(dir, databaseFile.postgres),
        ],
        config.databaseUrl,
      );
    } else {
      const dataDir = pgliteDirOf(config);
      const tarball = new Blob([await readFile(path.join(dir, databaseFile.pglite))]);
      await withPgliteLocked(dataDir, async () => {
        await rm(dataDir, { recursive: true, force: true });
        const client = new PGlite(dataDir, { loadDataDir: tarball });
        try {
          await client.query('select 1');
        } finally {
          await client.close();
        }
        // PGlite writes its files as 0666 whatever the umask: only a closed folder keeps the
        // restored database (hashes, IBANs) from other users, as PostgreSQL demands of its own.
        await chmod(dataDir, privateFolderMode);
      });
    }
    say(`database (${kind}) restored`);

    const keep = new Set(manifest.files.map((file) => file.key));
    for (const key of stored) if (!keep.has(key) && isSafeKey(key)) await store.delete(key);
    for (const { key, bytes } of files) await store.put(key, bytes, contentTypeOf(key));
    await store.removeEmptyFolders();
    say(`${files.length} stored files restored`);
  } finally {
    store.close();
  }
  return manifest;
}

async function readManifest(dir: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(path.join(dir, manifestName), 'utf8');
  } catch {
    throw new BackupError(`${dir} holds no complete backup (no ${manifestName})`);
  }
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== 1 || !Array.isArray(manifest.files))
    throw new BackupError(`${dir}/${manifestName} is not a backup manifest this version reads`);
  return manifest;
}

/** Every file of the backup, read and checked against the manifest before anything is changed. */
async function readBackupFiles(dir: string, manifest: BackupManifest) {
  const files: { key: string; bytes: Buffer }[] = [];
  for (const file of manifest.files) {
    if (!isSafeKey(file.key)) throw new BackupError(`the manifest names an unsafe file key: ${file.key}`);
    const bytes = await readFile(path.join(dir, 'files', file.key)).catch(() => undefined);
    if (!bytes || bytes.length !== file.size || sha256(bytes) !== file.sha256)
      throw new BackupError(`the backup's file ${file.key} is missing or damaged`);
    files.push({ key: file.key, bytes });
  }
  return files;
}

function pgliteDirOf(config: BackupConfig): string {
  if (!config.pgliteDir)
    throw new BackupError('the PGlite database is in memory: nothing to back up or restore');
  return config.pgliteDir;
}

/**
 * Runs `work` holding the PGlite directory's lock (db/pglite-lock.ts): a running server has it, and
 * a server started meanwhile waits for none and stops, instead of opening a half-restored database.
 */
async function withPgliteLocked(dataDir: string, work: () => Promise<void>): Promise<void> {
  let release: () => Promise<void>;
  try {
    release = await lockDatabaseDir(dataDir);
  } catch (error) {
    if (error instanceof DatabaseBusyError) throw new BackupError(error.message);
    throw error;
  }
  try {
    await work();
  } finally {
    await release();
  }
}

/** Why the configured database does not count as empty: a line per reason, none when it is. */
async function databaseInUse(config: BackupConfig): Promise<string[]> {
  if (!config.databaseUrl) {
    const dataDir = pgliteDirOf(config);
    return existsSync(dataDir) && (await readdir(dataDir)).length > 0 ? [`${dataDir} holds a database`] : [];
  }
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: number }>(
      `select count(*)::int as tables from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'`,
    );
    const tables = rows[0]?.tables ?? 0;
    return tables > 0 ? [`the database has ${tables} tables`] : [];
  } finally {
    await client.end();
  }
}

/** Drops every schema of ours (the tables, the migrations' journal, the job queue) and leaves an empty public. */
async function emptyPostgres(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select nspname as name from pg_namespace
       where nspname not in ('pg_catalog', 'information_schema') and nspname not like 'pg\\_%'`,
    );
    await client.query('begin');
    for (const { name } of rows) await client.query(`drop schema ${client.escapeIdentifier(name)} cascade`);
    await client.query('create schema public');
    await client.query('commit');
  } finally {
    await client.end();
  }
}

const contentTypes: Record<string, string> = { '.pdf': 'application/pdf', '.webp': 'image/webp' };
const contentTypeOf = (key: string) => contentTypes[path.extname(key)] ?? 'application/octet-stream';

/**
 * Runs pg_dump or pg_restore on `databaseUrl`; the password goes in PGPASSWORD, not on the command
 * line where every user of the machine could read it.
 */
async function runTool(tool: 'pg_dump' | 'pg_restore', args: string[], databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const child = spawn(tool, [...args, `--dbname=${url.toString()}`], {
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk) => {
    errors += chunk;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT')
      throw new BackupError(
        `${tool} not found: install the PostgreSQL client tools (Debian: postgresql-client) of the server's major version or newer`,
      );
    throw error;
  });
  if (code !== 0) throw new BackupError(`${tool} failed (exit ${code}):\n${errors.trim()}`);
}

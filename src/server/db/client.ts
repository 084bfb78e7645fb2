import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDatabaseDir } from './pglite-lock.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type the services see, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a query can run on: the database or an open transaction. */
export type Executor = Db | Tx;

/**
 * An open database: the Drizzle handle every service uses, and the driver underneath for the few
 * parts that need it (the job queue, notifications between processes, dedicated connections).
 */
export type Database = { db: Db; close(): Promise<void> } & (
  | { kind: 'pglite'; client: PGlite }
  | { kind: 'postgres'; pool: pg.Pool; connectionString: string }
);

const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; undefined keeps the database in memory. */
  pgliteDir?: string | undefined;
}

/**
 * Ends the pool and waits until every connection has closed: `pool.end()` resolves as soon as
 * the clients were asked to end, and a database dropped in that moment kills them mid-goodbye.
 */
async function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  const allClosed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on('remove', () => {
      if (--open <= 0) resolve();
    });
  });
  await pool.end();
  await allClosed;
}

/** Any fixed number: the advisory lock the processes of one database migrate under. */
const migrationLockKey = 0x6c697070; // 'lipp'

/**
 * Runs the migrations while holding a session advisory lock, so that processes started at once
 * (a deploy of several) migrate one after another: the first applies them, the others find them
 * applied. The lock lives on a connection of its own, held until the migrations are done.
 */
async function migrateAlone(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [migrationLockKey]);
    await migrate();
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => {});
    lock.release();
  }
}

/** Opens the database and brings its schema up to date with the committed migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    await migrateAlone(pool, () => migrateNodePg(db as never, { migrationsFolder }));
    return { db, kind: 'postgres', pool, connectionString: options.databaseUrl, close: () => endPool(pool) };
  }
  if (!options.pgliteDir) return openPglite(undefined);
  await mkdir(path.dirname(options.pgliteDir), { recursive: true });
  const release = await lockDatabaseDir(options.pgliteDir);
  try {
    const database = await openPglite(options.pgliteDir);
    return {
      ...database,
      async close() {
        await database.close();
        await release();
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}

async function openPglite(dir: string | undefined): Promise<Database> {
  const client = new PGlite(dir);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return { db, kind: 'pglite', client, close: () => client.close() };
}

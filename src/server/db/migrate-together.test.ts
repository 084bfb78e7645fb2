import { readdirSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../test/test-app.ts';
import { type Database, openDatabase } from './client.ts';

// Processes of one deploy start at once on a database that has never seen the migrations: each
// opens it and migrates, one after another under an advisory lock, and all of them end up ready.
// (PGlite is one process's own database: this needs DATABASE_URL.)

const serverUrl = process.env.DATABASE_URL;

describe.skipIf(!serverUrl)('opening one new PostgreSQL database from several processes at once', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  const opened: Database[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl ?? '');
  });

  afterAll(async () => {
    await Promise.all(opened.map((database) => database.close()));
    await scratch?.drop();
  });

  it('migrates once, and every opener finds the whole schema', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => openDatabase({ databaseUrl: scratch.url })),
    );
    for (const result of results) if (result.status === 'fulfilled') opened.push(result.value);
    expect(results.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual([
      'ok',
      'ok',
      'ok',
      'ok',
    ]);
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    const applied = await client.query<{ count: number }>(
      'select count(*)::int as count from drizzle.__drizzle_migrations',
    );
    await client.end();
    const files = readdirSync(new URL('../../../drizzle', import.meta.url));
    expect(applied.rows[0]?.count).toBe(files.filter((file) => file.endsWith('.sql')).length);
  });
});

import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type AppOverrides, buildApp } from '../app.ts';
import { type AppConfig, loadConfig } from '../config.ts';

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  close(): Promise<void>;
}

/**
 * A fresh application on a fresh database: PGlite in memory, or — when DATABASE_URL is set — a
 * new PostgreSQL database made for this test file and dropped afterwards.
 */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  appOverrides: Omit<AppOverrides, 'database'> = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lipputori-test-'));
  const serverUrl = process.env.DATABASE_URL;
  const database = serverUrl ? await createScratchDatabase(serverUrl) : undefined;
  const config: AppConfig = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
    pgliteDir: undefined,
    databaseUrl: database?.url,
    backgroundJobs: false,
    ...overrides,
  };
  const app = await buildApp(config, appOverrides);
  await app.ready();
  return {
    app,
    config,
    async close() {
      await app.close();
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new empty PostgreSQL database on the server of `serverUrl`, and a way to drop it. */
export async function createScratchDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `lipputori_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * Two applications on one new PostgreSQL database, as two processes of one site behind a load
 * balancer: each has its own pool and its own change feed (tests of what processes share).
 */
export async function createTwoTestApps(
  serverUrl: string,
  overrides: Partial<AppConfig> = {},
): Promise<{ apps: [FastifyInstance, FastifyInstance]; config: AppConfig; close(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lipputori-test-'));
  const database = await createScratchDatabase(serverUrl);
  const config: AppConfig = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
    pgliteDir: undefined,
    databaseUrl: database.url,
    backgroundJobs: false,
    ...overrides,
  };
  // One after the other: the first start migrates, the second finds the schema in place.
  const first = await buildApp(config);
  const second = await buildApp(config);
  await Promise.all([first.ready(), second.ready()]);
  return {
    apps: [first, second],
    config,
    async close() {
      await Promise.all([first.close(), second.close()]);
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

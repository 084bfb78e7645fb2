/**
 * Redocly's lint of the API's OpenAPI document (rules: redocly.yaml), run by `npm run lint`.
 *
 * The document is the app's own: `buildApp` with every route, but no server and no database (the
 * document needs only the routes; opening and migrating an in-memory PGlite cost more than the rest
 * together). It is written to a temporary file and @redocly/cli lints it offline: telemetry and
 * the update check are off. Any problem, error or warning, fails the lint.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import type { Database, Db } from '../src/server/db/client.ts';
import * as schema from '../src/server/db/schema/index.ts';

const root = path.join(import.meta.dirname, '..');
const redoclyCli = path.join(root, 'node_modules/@redocly/cli/bin/cli.js');

/** A database that nothing may use: building the routes runs no query (drizzle's mock has no driver). */
function unusedDatabase(): Database {
  const client = new Proxy({} as PGlite, {
    get(_target, key) {
      throw new Error(
        `the OpenAPI document is built without a database, yet its client's ${String(key)} was used`,
      );
    },
  });
  return { db: drizzle.mock({ schema }) as unknown as Db, kind: 'pglite', client, close: async () => {} };
}

/** The document `GET /api/docs/openapi.json` serves, from an app that is built and closed again. */
export async function buildOpenApiDocument(): Promise<unknown> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lipputori-openapi-'));
  try {
    const config = {
      ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
      backgroundJobs: false,
    };
    const app = await buildApp(config, { database: unusedDatabase() });
    try {
      await app.ready();
      return app.swagger();
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export interface LintProblem {
  ruleId: string;
  severity: string;
  message: string;
  /** Where in the document, as a JSON pointer (`#/paths/~1api~1me/get`). */
  pointer: string;
}

/** Redocly's problems with `document` under redocly.yaml's rules; none when it is clean. */
export function lintOpenApiDocument(document: unknown): LintProblem[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'lipputori-openapi-'));
  const file = path.join(dir, 'openapi.json');
  try {
    writeFileSync(file, JSON.stringify(document));
    const run = spawnSync(
      process.execPath,
      [redoclyCli, 'lint', file, '--config', path.join(root, 'redocly.yaml'), '--format', 'json'],
      {
        encoding: 'utf8',
        // Nothing leaves the machine: no usage report, no look-up of a newer version.
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    if (run.error) throw run.error;
    let report: { problems?: RedoclyProblem[] };
    try {
      report = JSON.parse(run.stdout) as { problems?: RedoclyProblem[] };
    } catch {
      throw new Error(`redocly lint gave no report (exit ${run.status}):\n${run.stderr}`);
    }
    return (report.problems ?? []).map((problem) => ({
      ruleId: problem.ruleId,
      severity: problem.severity,
      message: problem.message,
      pointer: problem.location?.[0]?.pointer ?? '',
    }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface RedoclyProblem {
  ruleId: string;
  severity: string;
  message: string;
  location?: { pointer?: string }[];
}

if (import.meta.main) {
  const problems = lintOpenApiDocument(await buildOpenApiDocument());
  for (const problem of problems)
    console.error(`${problem.severity} ${problem.ruleId} at ${problem.pointer}: ${problem.message}`);
  if (problems.length > 0) {
    console.error(
      `lint-openapi: ${problems.length} problem(s) in the OpenAPI document (rules: redocly.yaml)`,
    );
    process.exit(1);
  }
  console.log('lint-openapi: the OpenAPI document passes Redocly (redocly.yaml)');
}

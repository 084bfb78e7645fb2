import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createScratchDatabase } from '../../test/test-app.ts';

// Two apps, each with its own pool, on one PostgreSQL database, as two processes behind a load
// balancer: a scheduled job runs once per period between them, not once in each. (PGlite is one
// process's own database: this needs DATABASE_URL.) Real minutes pass here: pg-boss files each
// occurrence in a one-minute slot, so the shortest period is a minute. (Checked the other way by
// giving each app a pg-boss schema of its own: then both run every occurrence and this fails.)

const serverUrl = process.env.DATABASE_URL;
const minute = 60_000;

describe.skipIf(!serverUrl)('scheduled jobs with two apps on one database', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let dataDir = '';
  const apps: FastifyInstance[] = [];
  const runs: { app: number; name: string; at: number; ok: boolean }[] = [];
  let startedAt = 0;

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl ?? '');
    dataDir = await mkdtemp(path.join(tmpdir(), 'lipputori-jobs-'));
    const config = {
      ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO_DATA: 'false' }),
      databaseUrl: scratch.url,
      backgroundJobs: true,
    };
    startedAt = Date.now();
    for (const index of [0, 1]) {
      const app = await buildApp(config, { jobs: { pollSeconds: 1 } });
      app.jobs.onJobFinished((name, ok) => runs.push({ app: index, name, at: Date.now(), ok }));
      await app.ready();
      apps.push(app);
    }
  }, 120_000);

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Period boundaries in (from, to]: the occurrences a scheduled job may run for. */
  const boundaries = (from: number, to: number, period: number) =>
    Math.floor(to / period) - Math.floor(from / period);

  it(
    'runs the minute job once a minute between them, not twice',
    async () => {
      const sweeps = () => runs.filter((run) => run.name === 'sweep-payment-reservations');
      const deadline = Date.now() + 5 * minute;
      while (sweeps().length < 3 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const now = Date.now();
      const done = sweeps();
      expect(done.length).toBeGreaterThanOrEqual(3);
      expect(done.every((run) => run.ok)).toBe(true);
      // The cron pass runs every second here, so a minute's run follows the previous one by about
      // a minute; the same occurrence run by both apps would be seconds apart. The first run may be
      // the occurrence of the minute before the start (below), seconds before the next one.
      const times = done.map((run) => run.at).sort((a, b) => a - b);
      for (let index = 2; index < times.length; index++)
        expect((times[index] ?? 0) - (times[index - 1] ?? 0)).toBeGreaterThan(30_000);
      // The first pass may still send the occurrence of the minute before the start (pg-boss keeps an
      // occurrence due for a minute); each later boundary gives one run. Running in each app would
      // give two runs per boundary and break this bound by the third run.
      expect(done.length).toBeLessThanOrEqual(boundaries(startedAt - minute, now, minute));
      // The ten-minute jobs: at most one run per ten-minute boundary in the same time.
      const payoutRuns = runs.filter((run) => run.name === 'apply-payout-rule').length;
      expect(payoutRuns).toBeLessThanOrEqual(boundaries(startedAt - minute, now, 10 * minute));
      // Both apps see the same record of the last run.
      const [first, second] = await Promise.all(apps.map((app) => app.jobs.statuses()));
      const sweepOf = (statuses: typeof first) =>
        statuses?.find((job) => job.name === 'sweep-payment-reservations');
      expect(sweepOf(first)?.lastOk).toBe(true);
      expect(sweepOf(first)?.lastFinishedAt).toEqual(sweepOf(second)?.lastFinishedAt);
    },
    6 * minute,
  );
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundJobsResponseSchema } from '#shared/admin/jobs.schema.ts';
import { buildApp } from '../../app.ts';
import { adminAccessCookie, signUp } from '../../test/listing-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { cronOf, type JobDefinition, nextOccurrence } from './job-queue.ts';

// The job queue on this file's database (PGlite, or PostgreSQL with DATABASE_URL): runs at start,
// a run asked for now, retries with backoff, the admin area's view, and a graceful stop.

/** Waits for `check` to hold, polling; the deadline is generous, the poll does not decide. */
async function until<T>(what: string, check: () => Promise<T | undefined>, deadlineMs = 60_000): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Fails its first `failures` runs, then succeeds; remembers when each run started. */
function flakyJob(name: string, failures: number): JobDefinition & { starts: number[] } {
  const starts: number[] = [];
  return {
    name,
    everyMinutes: 60,
    retryLimit: 3,
    retryDelaySeconds: 1,
    timeoutSeconds: 60,
    starts,
    run: async () => {
      starts.push(Date.now());
      if (starts.length <= failures) throw new Error(`yritys ${starts.length} epäonnistui`);
    },
  };
}

const flaky = flakyJob('test-flaky', 2);
let t: TestApp;
let admin: { id: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp({ backgroundJobs: true }, { jobs: { pollSeconds: 0.5, extra: [flaky] } });
  admin = await signUp(t.app, 'tyot_yllapitaja', { admin: true });
});
afterAll(() => t.close());

async function jobsAsAdmin() {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/admin/jobs',
    headers: { cookie: adminAccessCookie(t.app, admin) },
  });
  expect(response.statusCode).toBe(200);
  return backgroundJobsResponseSchema.parse(response.json());
}

async function jobNamed(name: string) {
  const job = (await jobsAsAdmin()).jobs.find((candidate) => candidate.name === name);
  if (!job) throw new Error(`no job ${name}`);
  return job;
}

describe('periods', () => {
  it('are cron expressions in UTC that divide an hour or a day', () => {
    expect(cronOf(1)).toBe('* * * * *');
    expect(cronOf(10)).toBe('*/10 * * * *');
    expect(cronOf(60)).toBe('0 * * * *');
    expect(cronOf(360)).toBe('0 */6 * * *');
    for (const uneven of [0, 7, 45, 90, 1.5, 2880]) expect(() => cronOf(uneven)).toThrow();
  });

  it('next run is the next boundary of the period', () => {
    const at = Date.UTC(2026, 10, 5, 12, 34, 56);
    expect(nextOccurrence(10, at).toISOString()).toBe('2026-11-05T12:40:00.000Z');
    expect(nextOccurrence(60, at).toISOString()).toBe('2026-11-05T13:00:00.000Z');
    expect(nextOccurrence(1, Date.UTC(2026, 10, 5, 12, 34)).toISOString()).toBe('2026-11-05T12:35:00.000Z');
  });
});

describe('the job queue', () => {
  it('runs the jobs marked for it when the app starts', async () => {
    for (const name of [
      'expire-past-listings',
      'purge-expired-account-rows',
      'deliver-local-payment-events',
    ]) {
      const job = await until(`${name} to run at start`, async () => {
        const found = await jobNamed(name);
        return found.lastOutcome === 'ok' ? found : undefined;
      });
      expect(job.lastStartedAt).not.toBeNull();
      expect(Date.parse(job.lastFinishedAt ?? '')).toBeGreaterThanOrEqual(
        Date.parse(job.lastStartedAt ?? ''),
      );
      expect(job.failuresLast24h).toBe(0);
    }
  });

  it('retries a failing job with growing waits; the admin area shows the failures', async () => {
    await t.app.jobs.runSoon('test-flaky');
    const failed = await until('the first failure to show', async () => {
      const job = await jobNamed('test-flaky');
      return job.lastOutcome === 'failed' ? job : undefined;
    });
    expect(failed.lastError).toBe('yritys 1 epäonnistui');
    expect(failed.lastError).not.toContain('at ');

    const done = await until('the retries to succeed', async () => {
      const job = await jobNamed('test-flaky');
      return job.lastOutcome === 'ok' ? job : undefined;
    });
    expect(flaky.starts).toHaveLength(3);
    expect(done.failuresLast24h).toBe(2);
    expect(done.lastError).toBeNull();
    // Backoff: the first retry waits at least the delay (1 s), the second at least twice that.
    const [first = 0, second = 0, third = 0] = flaky.starts;
    expect(second - first).toBeGreaterThanOrEqual(950);
    expect(third - second).toBeGreaterThanOrEqual(1950);
  });

  it('lists every job with its period and next run', async () => {
    const answer = await jobsAsAdmin();
    expect(answer.running).toBe(true);
    const names = answer.jobs.map((job) => job.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'expire-past-listings',
        'purge-expired-account-rows',
        'purge-account-archives',
        'apply-payout-rule',
        'reconcile-stored-files',
        'sweep-payment-reservations',
        'deliver-local-payment-events',
      ]),
    );
    for (const job of answer.jobs) {
      expect(Date.parse(job.nextRunAt)).toBeGreaterThan(Date.now() - 1000);
      expect(Date.parse(job.nextRunAt) - Date.now()).toBeLessThanOrEqual(job.everyMinutes * 60_000);
    }
    expect(answer.jobs.find((job) => job.name === 'reconcile-stored-files')?.everyMinutes).toBe(60);
  });

  it('is closed to visitors, users and admins without the access key (the answer of a missing path)', async () => {
    const user = await signUp(t.app, 'tyot_kayttaja');
    for (const cookie of [undefined, user.cookie, admin.cookie]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/admin/jobs',
        headers: cookie ? { cookie } : {},
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not-found');
      expect(response.body).not.toContain('expire-past-listings');
    }
  });

  it('lets a run under way finish when the app closes', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = false;
    let finished = false;
    const slow: JobDefinition = {
      name: 'test-slow',
      everyMinutes: 60,
      retryLimit: 0,
      retryDelaySeconds: 1,
      timeoutSeconds: 60,
      run: async () => {
        started = true;
        await gate;
        finished = true;
      },
    };
    // A second process on the same database, with a job of its own.
    const database = { ...t.app.database, close: async () => {} };
    const other = await buildApp(
      { ...t.config, backgroundJobs: true },
      { database, jobs: { pollSeconds: 0.5, extra: [slow] } },
    );
    await other.ready();
    await other.jobs.runSoon('test-slow');
    await until('the slow job to start', async () => (started ? true : undefined));
    const closed = other.close();
    setTimeout(release, 300);
    await closed;
    expect(finished).toBe(true);
    const job = (await t.app.jobs.statuses()).find((candidate) => candidate.name === 'test-slow');
    // Defined only in the other process: this one does not list it.
    expect(job).toBeUndefined();
  });

  it('keeps the schedule of a job a newer process added when an older one starts after it', async () => {
    const job = (name: string): JobDefinition => ({
      name,
      everyMinutes: 60,
      retryLimit: 0,
      retryDelaySeconds: 1,
      timeoutSeconds: 60,
      run: async () => {},
    });
    // A rolling deploy: a process of the newer version adds test-added; an older process, which
    // knows only test-kept, restarts after it.
    const database = { ...t.app.database, close: async () => {} };
    const newer = await buildApp(
      { ...t.config, backgroundJobs: true },
      { database, jobs: { pollSeconds: 0.5, extra: [job('test-kept'), job('test-added')] } },
    );
    await newer.ready();
    const older = await buildApp(
      { ...t.config, backgroundJobs: true },
      { database, jobs: { pollSeconds: 0.5, extra: [job('test-kept')] } },
    );
    // A later version that took test-added out of the code retires it: then its schedule goes.
    const retiring = await buildApp(
      { ...t.config, backgroundJobs: true },
      { database, jobs: { pollSeconds: 0.5, extra: [job('test-kept')], retired: ['test-added'] } },
    );
    try {
      await older.ready();
      expect(await older.jobs.scheduledJobs()).toEqual(expect.arrayContaining(['test-kept', 'test-added']));
      await retiring.ready();
      const scheduled = await retiring.jobs.scheduledJobs();
      expect(scheduled).toContain('test-kept');
      expect(scheduled).not.toContain('test-added');
    } finally {
      await Promise.all([newer.close(), older.close(), retiring.close()]);
    }
  });
});

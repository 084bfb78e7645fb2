import type { FastifyBaseLogger } from 'fastify';
import { type Clock, fromPglite, PgBoss } from 'pg-boss';
import type { Database } from '../../db/client.ts';
import { jobRunSummaries, recordJobFinish, recordJobStart } from './job-runs.ts';

// The background jobs of every process, on one pg-boss queue in the database: pg-boss's cron pass
// is claimed by one process at a time and files each occurrence in a singleton slot, so a
// scheduled job runs once per period however many processes run. See docs/decisions/022.

export interface JobDefinition {
  /** The queue's name (kebab-case), and the key of its Finnish label in the admin area. */
  name: string;
  /** A whole number of minutes that divides an hour (1, 10, 30) or a day in whole hours (60, 120, 1440). */
  everyMinutes: number;
  /** Also queued when a process starts, where work left from the downtime should not wait a period. */
  runAtStart?: boolean;
  /** Tries after a failure; the first waits `retryDelaySeconds`, each next about twice as long. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** A run still going after this counts as failed (its process died) and is tried again. */
  timeoutSeconds: number;
  run(): Promise<unknown>;
  /**
   * How many things this job has given up on and a person must handle (a refund that failed for
   * good): shown in the admin area until they are handled, whatever the last run did.
   */
  needsAttention?(): Promise<number>;
}

/** Called after every run in this process: the hook for metrics. */
export type JobFinishedListener = (name: string, ok: boolean, ms: number) => void;

export interface JobStatus {
  name: string;
  everyMinutes: number;
  lastStartedAt: Date | null;
  lastFinishedAt: Date | null;
  lastOk: boolean | null;
  lastError: string | null;
  failuresLast24h: number;
  /** What the job gave up on and waits for a person (see `JobDefinition.needsAttention`). */
  needsAttention: number;
  nextRunAt: Date;
}

export interface JobQueueOptions {
  database: Database;
  log: FastifyBaseLogger;
  /** pg-boss's clock (tests move time by hand with its TestClock). */
  clock?: Clock | undefined;
  /** How often an idle worker asks for work when no NOTIFY wakes it (seconds). */
  pollSeconds?: number | undefined;
  /** How long closing waits for the runs under way before giving up on them. */
  stopTimeoutMs?: number | undefined;
}

/** pg-boss's schema: its own, beside ours, so migrations of the two never meet. */
const bossSchema = 'pgboss';

/** The cron expression (UTC) of a period, or an error for one cron cannot say evenly. */
export function cronOf(everyMinutes: number): string {
  if (Number.isInteger(everyMinutes) && everyMinutes >= 1 && everyMinutes < 60 && 60 % everyMinutes === 0)
    return everyMinutes === 1 ? '* * * * *' : `*/${everyMinutes} * * * *`;
  const hours = everyMinutes / 60;
  if (Number.isInteger(hours) && hours >= 1 && 24 % hours === 0)
    return hours === 1 ? '0 * * * *' : `0 */${hours} * * *`;
  throw new Error(`a job period of ${everyMinutes} minutes does not divide an hour or a day evenly`);
}

/** The next occurrence of the period after `now`: the schedules are aligned to UTC midnight. */
export function nextOccurrence(everyMinutes: number, now: number): Date {
  const step = everyMinutes * 60_000;
  return new Date((Math.floor(now / step) + 1) * step);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class JobQueue {
  private readonly definitions = new Map<string, JobDefinition>();
  private readonly retired = new Set<string>();
  private readonly listeners: JobFinishedListener[] = [];
  private readonly running = new Set<Promise<void>>();
  private boss: PgBoss | undefined;
  private readonly options: JobQueueOptions;

  constructor(options: JobQueueOptions) {
    this.options = options;
  }

  /** Adds a job; before `start()`. */
  define(definition: JobDefinition): void {
    cronOf(definition.everyMinutes);
    if (this.definitions.has(definition.name)) throw new Error(`job ${definition.name} defined twice`);
    if (this.retired.has(definition.name)) throw new Error(`job ${definition.name} both defined and retired`);
    this.definitions.set(definition.name, definition);
  }

  /**
   * A job this process does not run and whose schedule it removes at start: one this version
   * retired, or one its configuration leaves out. A schedule of a name it neither defines nor
   * retires (a newer version's job, during a rolling deploy) is kept.
   */
  retire(name: string): void {
    if (this.definitions.has(name)) throw new Error(`job ${name} both defined and retired`);
    this.retired.add(name);
  }

  /** Each finished run in this process: name, whether it succeeded, how long it took. */
  onJobFinished(listener: JobFinishedListener): void {
    this.listeners.push(listener);
  }

  get started(): boolean {
    return this.boss !== undefined;
  }

  /** Installs or updates pg-boss's schema, schedules the jobs and starts this process's workers. */
  async start(): Promise<void> {
    const { database, log } = this.options;
    const pollSeconds = this.options.pollSeconds ?? 30;
    // The cron pass and the worker that turns its occurrences into jobs (pg-boss allows 1-45 s).
    const passSeconds = Math.min(Math.max(Math.round(pollSeconds), 1), 30);
    const boss = new PgBoss({
      ...(database.kind === 'pglite'
        ? { db: fromPglite(database.client), backend: 'pglite' as const }
        : // Its own small pool: LISTEN and the advisory locks of its migrations need connections
          // of their own, and the requests' pool stays the requests'.
          { connectionString: database.connectionString, max: 3 }),
      schema: bossSchema,
      useListenNotify: true,
      // Modest polling: one PGlite connection serves the requests too. Every occurrence still
      // lands within a minute, and a NOTIFY wakes a worker at once for a job sent now.
      cronWorkerIntervalSeconds: passSeconds,
      cronMonitorIntervalSeconds: passSeconds,
      flowIntervalSeconds: 300,
      openTelemetry: { enabled: false },
      ...(this.options.clock ? { clock: this.options.clock } : {}),
    });
    boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
    boss.on('warning', (warning) => log.warn({ warning }, 'job queue warning'));
    await boss.start();
    this.boss = boss;

    for (const definition of this.definitions.values()) {
      const { name } = definition;
      const queueOptions = {
        retryLimit: definition.retryLimit,
        retryDelay: definition.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: definition.timeoutSeconds,
        notify: true,
      };
      // 'stately': at most one run waiting and one running of each job, across all processes, so
      // a slow run is never overtaken by the next and kicks while one waits add nothing.
      await boss.createQueue(name, { policy: 'stately', ...queueOptions, retryDelayMax: 3600 });
      await boss.updateQueue(name, queueOptions);
      await boss.schedule(name, cronOf(definition.everyMinutes), null, { tz: 'UTC' });
      await boss.work(
        name,
        // NOTIFY wakes a worker for a new job; the poll finds retries whose wait is over.
        { pollingIntervalSeconds: pollSeconds, notifyPollingIntervalSeconds: pollSeconds * 4 },
        () => this.track(this.runOnce(definition)),
      );
    }
    // Only a job this process retires stops being scheduled: one it does not know may be a newer
    // process's, and an older process restarting during a rolling deploy must not drop it.
    for (const schedule of await boss.getSchedules()) {
      if (this.retired.has(schedule.name)) await boss.unschedule(schedule.name, schedule.key);
    }
    for (const definition of this.definitions.values()) {
      if (definition.runAtStart) await boss.send(definition.name);
    }
  }

  /** The names of the jobs scheduled in the database, by this process or any other. */
  async scheduledJobs(): Promise<string[]> {
    if (!this.boss) throw new Error('the job queue is not started');
    return (await this.boss.getSchedules()).map((schedule) => schedule.name);
  }

  /** Queues a run now (a mail was queued, say); several calls while one waits make one run. */
  async runSoon(name: string): Promise<void> {
    if (!this.definitions.has(name)) throw new Error(`no job ${name}`);
    await this.boss?.send(name);
  }

  /** Every job with its last run, failures of the past day and next scheduled run. */
  async statuses(now = Date.now()): Promise<JobStatus[]> {
    const definitions = [...this.definitions.values()];
    const summaries = await jobRunSummaries(
      this.options.database.db,
      definitions.map((definition) => definition.name),
    );
    const attention = await Promise.all(
      definitions.map((definition) =>
        (definition.needsAttention?.() ?? Promise.resolve(0)).catch((error: unknown) => {
          this.options.log.error({ err: error, job: definition.name }, 'job attention count not read');
          return 0;
        }),
      ),
    );
    return definitions.map((definition, index) => {
      const summary = summaries.get(definition.name);
      return {
        name: definition.name,
        everyMinutes: definition.everyMinutes,
        lastStartedAt: summary?.lastStartedAt ?? null,
        lastFinishedAt: summary?.lastFinishedAt ?? null,
        lastOk: summary?.lastOk ?? null,
        lastError: summary?.lastError ?? null,
        failuresLast24h: summary?.failuresLast24h ?? 0,
        needsAttention: attention[index] ?? 0,
        nextRunAt: nextOccurrence(definition.everyMinutes, now),
      };
    });
  }

  /**
   * Stops taking work, lets the runs under way finish (up to the timeout; a run cut off is
   * failed and tried again by a process still running), then closes pg-boss.
   */
  async stop(): Promise<void> {
    const boss = this.boss;
    if (!boss) return;
    this.boss = undefined;
    const timeoutMs = this.options.stopTimeoutMs ?? 20_000;
    await Promise.allSettled([...this.definitions.keys()].map((name) => boss.offWork(name)));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled(this.running),
      new Promise((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      }),
    ]);
    clearTimeout(timer);
    await boss.stop({ graceful: true, timeout: 1000 });
  }

  private async track(run: Promise<void>): Promise<void> {
    this.running.add(run);
    try {
      await run;
    } finally {
      this.running.delete(run);
    }
  }

  /** One run: recorded for the admin area, reported to the listeners, thrown on for a retry. */
  private async runOnce(definition: JobDefinition): Promise<void> {
    const { db } = this.options.database;
    const { log } = this.options;
    const started = performance.now();
    await recordJobStart(db, definition.name).catch((error: unknown) =>
      log.error({ err: error, job: definition.name }, 'job start not recorded'),
    );
    let failure: unknown;
    try {
      await definition.run();
    } catch (error) {
      failure = error ?? new Error('job failed');
      log.error({ err: failure, job: definition.name }, 'background job failed');
    }
    const ms = performance.now() - started;
    await recordJobFinish(db, definition.name, failure === undefined ? undefined : messageOf(failure)).catch(
      (error: unknown) => log.error({ err: error, job: definition.name }, 'job outcome not recorded'),
    );
    for (const listener of this.listeners) {
      try {
        listener(definition.name, failure === undefined, ms);
      } catch (error) {
        log.error({ err: error, job: definition.name }, 'job listener failed');
      }
    }
    if (failure !== undefined) throw failure;
  }
}

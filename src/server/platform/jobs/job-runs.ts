import { and, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobFailures, jobStatus } from '../../db/schema/index.ts';

// What the admin area shows of each background job: its last run and its failures, written by
// whichever process ran it. The queue's own rows (pg-boss) say what is due, not what happened.

const failuresKeptDays = 7;
const messageMaxLength = 1000;

export async function recordJobStart(db: Db, name: string): Promise<void> {
  await db
    .insert(jobStatus)
    .values({ name, lastStartedAt: sql`now()` })
    .onConflictDoUpdate({ target: jobStatus.name, set: { lastStartedAt: sql`now()` } });
}

/** The run's outcome; a failure also leaves a row for the count, and old ones go. */
export async function recordJobFinish(db: Db, name: string, error: string | undefined): Promise<void> {
  const message = error?.slice(0, messageMaxLength) ?? null;
  await db
    .insert(jobStatus)
    .values({ name, lastFinishedAt: sql`now()`, lastOk: message === null, lastError: message })
    .onConflictDoUpdate({
      target: jobStatus.name,
      set: { lastFinishedAt: sql`now()`, lastOk: message === null, lastError: message },
    });
  if (message === null) return;
  await db.insert(jobFailures).values({ name, message });
  await db
    .delete(jobFailures)
    .where(
      and(
        eq(jobFailures.name, name),
        lt(jobFailures.failedAt, sql`now() - make_interval(days => ${failuresKeptDays})`),
      ),
    );
}

export interface JobRunSummary {
  lastStartedAt: Date | null;
  lastFinishedAt: Date | null;
  lastOk: boolean | null;
  lastError: string | null;
  failuresLast24h: number;
}

/** The last run and the failures of the past 24 hours of each named job. */
export async function jobRunSummaries(db: Db, names: string[]): Promise<Map<string, JobRunSummary>> {
  if (names.length === 0) return new Map();
  const [statuses, failures] = await Promise.all([
    db.select().from(jobStatus).where(inArray(jobStatus.name, names)),
    db
      .select({ name: jobFailures.name, failures: count() })
      .from(jobFailures)
      .where(
        and(inArray(jobFailures.name, names), gte(jobFailures.failedAt, sql`now() - interval '24 hours'`)),
      )
      .groupBy(jobFailures.name),
  ]);
  const failuresOf = new Map(failures.map((row) => [row.name, row.failures]));
  const summaries = new Map<string, JobRunSummary>();
  for (const name of names) {
    const status = statuses.find((row) => row.name === name);
    summaries.set(name, {
      lastStartedAt: status?.lastStartedAt ?? null,
      lastFinishedAt: status?.lastFinishedAt ?? null,
      lastOk: status?.lastOk ?? null,
      lastError: status?.lastError ?? null,
      failuresLast24h: failuresOf.get(name) ?? 0,
    });
  }
  return summaries;
}

import { and, eq, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { loginAttempts } from '../../db/schema/index.ts';

// Guesses at a secret (a password, the admin access key) counted per fixed window in the
// database, so that a limit holds across app processes and under parallel requests
// (docs/decisions/009, 020).

export const attemptWindowMinutes = 15;

export type AttemptScope = (typeof loginAttempts.scope.enumValues)[number];

export interface AttemptCounter {
  scope: AttemptScope;
  key: string;
  /** Attempts allowed in one window. */
  limit: number;
}

const windowOver = sql`${loginAttempts.windowStartedAt} <= now() - make_interval(mins => ${attemptWindowMinutes})`;

/**
 * Counts one attempt on each counter before the secret is compared. One upsert takes the rows'
 * locks, so parallel requests are counted one after another; when any counter is over its limit
 * the increments roll back and the answer is the seconds until that window ends (null: reserved).
 * Give the counters in one fixed order everywhere, so two reservations never wait in a circle.
 */
export async function reserveAttempt(db: Db, counters: readonly AttemptCounter[]): Promise<number | null> {
  const refused = new Error('attempt refused');
  let retryAfterSeconds = 0;
  try {
    await db.transaction(async (tx) => {
      const rows = await tx
        .insert(loginAttempts)
        .values(counters.map(({ scope, key }) => ({ scope, key, attempts: 1 })))
        .onConflictDoUpdate({
          target: [loginAttempts.scope, loginAttempts.key],
          set: {
            attempts: sql`case when ${windowOver} then 1 else ${loginAttempts.attempts} + 1 end`,
            windowStartedAt: sql`case when ${windowOver} then now() else ${loginAttempts.windowStartedAt} end`,
          },
        })
        .returning({
          scope: loginAttempts.scope,
          key: loginAttempts.key,
          attempts: loginAttempts.attempts,
          secondsLeft: sql<number>`ceil(extract(epoch from ${loginAttempts.windowStartedAt} + make_interval(mins => ${attemptWindowMinutes}) - now()))::int`,
        });
      const full = rows.filter((row) =>
        counters.some((c) => c.scope === row.scope && c.key === row.key && row.attempts > c.limit),
      );
      if (full.length > 0) {
        retryAfterSeconds = Math.max(1, ...full.map((row) => row.secondsLeft));
        throw refused;
      }
    });
    return null;
  } catch (error) {
    if (error === refused) return retryAfterSeconds;
    throw error;
  }
}

/** The secret was right: the reserved attempt was no guess, and each counter gets it back. */
export async function giveBackAttempt(db: Executor, counters: readonly AttemptCounter[]): Promise<void> {
  if (counters.length === 0) return;
  await db
    .update(loginAttempts)
    .set({ attempts: sql`greatest(${loginAttempts.attempts} - 1, 0)` })
    .where(or(...counters.map((c) => and(eq(loginAttempts.scope, c.scope), eq(loginAttempts.key, c.key)))));
}

import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import { messages } from '#shared/accounts/accounts.schema.ts';
import { AppError } from '../../app-error.ts';
import type { Db } from '../../db/client.ts';
import { loginFailures } from '../../db/schema/index.ts';

// Failed logins are counted in the database (not in process memory) so the limit holds across
// app processes: at most 5 failures per e-mail and 20 per IP address in 15 minutes.
const windowMinutes = 15;
const limits = { email: 5, ip: 20 } as const;

const recent = (scope: 'email' | 'ip', key: string) =>
  and(
    eq(loginFailures.scope, scope),
    eq(loginFailures.key, key),
    gt(loginFailures.createdAt, sql`now() - make_interval(mins => ${windowMinutes})`),
  );

export async function assertLoginAllowed(db: Db, email: string, ip: string): Promise<void> {
  const [[byEmail], [byIp]] = await Promise.all([
    db.select({ n: count() }).from(loginFailures).where(recent('email', email)),
    db.select({ n: count() }).from(loginFailures).where(recent('ip', ip)),
  ]);
  if ((byEmail?.n ?? 0) >= limits.email || (byIp?.n ?? 0) >= limits.ip) {
    throw new AppError('too-many-requests', messages.tooManyLogins, 429);
  }
}

export async function recordLoginFailure(db: Db, email: string, ip: string): Promise<void> {
  await db.insert(loginFailures).values([
    { scope: 'email', key: email },
    { scope: 'ip', key: ip },
  ]);
  // Rows past the window are useless: drop this key's old ones while we are here.
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.key, email), lt(loginFailures.createdAt, sql`now() - interval '1 day'`)));
}

export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.delete(loginFailures).where(and(eq(loginFailures.scope, 'email'), eq(loginFailures.key, email)));
}

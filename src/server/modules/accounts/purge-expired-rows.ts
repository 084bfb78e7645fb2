import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginAttempts, passwordResetCodes, sessions } from '../../db/schema/index.ts';
import { loginWindowMinutes } from './login-throttle.ts';

/**
 * Deletes the accounts rows that can no longer mean anything: login counters whose window is
 * over, expired sessions, and reset codes used or expired over a day ago (kept that long so an
 * old link still says "expired" rather than "invalid"). Run by the background jobs.
 */
export async function purgeExpiredAccountRows(db: Db): Promise<number> {
  const counters = await db
    .delete(loginAttempts)
    .where(lt(loginAttempts.windowStartedAt, sql`now() - make_interval(mins => ${loginWindowMinutes})`))
    .returning({ key: loginAttempts.key });
  const expiredSessions = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, sql`now()`))
    .returning({ key: sessions.tokenHash });
  const resetCodes = await db
    .delete(passwordResetCodes)
    .where(
      or(
        lt(passwordResetCodes.expiresAt, sql`now() - interval '1 day'`),
        and(
          isNotNull(passwordResetCodes.usedAt),
          lt(passwordResetCodes.usedAt, sql`now() - interval '1 day'`),
        ),
      ),
    )
    .returning({ key: passwordResetCodes.codeHash });
  return counters.length + expiredSessions.length + resetCodes.length;
}

import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db, Executor } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import type { SessionUser } from '../../plugins/auth.ts';

// Login sessions: an opaque random token in an httpOnly cookie; only its SHA-256 is stored.

export const sessionCookieName = 'lt_session';
export const sessionLifetimeDays = 30;
/** A session's expiry slides forward on use, at most this often (saves a write per request). */
const renewAfterMs = 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(executor: Executor, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await executor.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: sql`now() + make_interval(days => ${sessionLifetimeDays})`,
  });
  return token;
}

/** The live session of a cookie token, renewing its expiry when it was last renewed over an hour ago. */
export async function resolveSession(
  db: Db,
  token: string,
): Promise<(SessionUser & { renewed: boolean }) | undefined> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({
      userId: sessions.userId,
      lastSeenAt: sessions.lastSeenAt,
      reauthenticatedAt: sessions.reauthenticatedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        gt(sessions.expiresAt, sql`now()`),
        isNull(users.deletedAt),
        isNull(users.disabledAt),
      ),
    );
  if (!row) return undefined;
  const renewed = Date.now() - row.lastSeenAt.getTime() > renewAfterMs;
  if (renewed) {
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()`, expiresAt: sql`now() + make_interval(days => ${sessionLifetimeDays})` })
      .where(eq(sessions.tokenHash, tokenHash));
  }
  return { sessionHash: tokenHash, userId: row.userId, reauthenticatedAt: row.reauthenticatedAt, renewed };
}

export async function deleteSession(db: Db, sessionHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, sessionHash));
}

export async function deleteUserSessions(executor: Executor, userId: string): Promise<void> {
  await executor.delete(sessions).where(eq(sessions.userId, userId));
}

export async function markReauthenticated(db: Db, sessionHash: string): Promise<void> {
  await db.update(sessions).set({ reauthenticatedAt: sql`now()` }).where(eq(sessions.tokenHash, sessionHash));
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(sessionCookieName, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: sessionLifetimeDays * 24 * 60 * 60,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(sessionCookieName, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}

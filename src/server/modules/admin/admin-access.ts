import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { adminAccessHours } from '#shared/admin/admin.schema.ts';
import { AppError } from '../../app-error.ts';
import type { Db } from '../../db/client.ts';
import { isAdmin } from '../accounts/accounts.service.ts';
import { type AttemptCounter, giveBackAttempt, reserveAttempt } from '../accounts/attempt-counters.ts';
import { recordAdminAction } from './admin-audit.ts';

// The admin area's second lock (spec 01 §2 "Admin entry guard"): after the access key, a signed,
// httpOnly cookie bound to the admin's user id, good for a day. The expiry is inside the signed
// value, so a cookie kept past its day, or one made for another admin, opens nothing.

export const adminAccessCookieName = 'lt_admin_access';

/** The access key typed in the dialog, compared with the configured one in constant time. */
export function accessKeyMatches(typed: string, configured: string): boolean {
  const a = Buffer.from(typed, 'utf8');
  const b = Buffer.from(configured, 'utf8');
  // Compared at the configured key's length either way, so the time does not tell the length.
  return timingSafeEqual(a.length === b.length ? a : b, b) && a.length === b.length;
}

/** When access granted at `now` stops working. */
export function adminAccessExpiresAt(now = Date.now()): Date {
  return new Date(now + adminAccessHours * 3_600_000);
}

/** Sets the cookie for this admin; returns when it stops working. */
export function grantAdminAccess(
  reply: FastifyReply,
  userId: string,
  secure: boolean,
  now = Date.now(),
): Date {
  const expiresAt = adminAccessExpiresAt(now);
  void reply.setCookie(adminAccessCookieName, adminAccessValue(userId, expiresAt), {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure,
    signed: true,
    expires: expiresAt,
  });
  return expiresAt;
}

/** The signed cookie's value before signing: `{userId}.{expiry in ms}`. */
export function adminAccessValue(userId: string, expiresAt: Date): string {
  return `${userId}.${expiresAt.getTime()}`;
}

/** When this request's access cookie stops working for `userId`, or null if it does not open the area. */
export function adminAccessExpiry(request: FastifyRequest, userId: string, now = Date.now()): Date | null {
  const raw = request.cookies[adminAccessCookieName];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return null;
  const [owner, expiry] = unsigned.value.split('.');
  const expiresAt = Number(expiry);
  if (owner !== userId || !Number.isSafeInteger(expiresAt) || expiresAt <= now) return null;
  return new Date(expiresAt);
}

/**
 * Whether this request opens the admin area to this user (the route access hook, plugins/auth.ts):
 * an admins row, and for the area itself ('admin', not its way in 'admin-key') the access cookie.
 */
export async function opensAdminArea(
  db: Db,
  request: FastifyRequest,
  userId: string,
  access: 'admin' | 'admin-key',
): Promise<boolean> {
  if (access === 'admin' && adminAccessExpiry(request, userId) === null) return false;
  return isAdmin(db, userId);
}

/** Wrong access keys allowed per window (15 minutes) per admin and per address. */
export const accessKeyGuessLimit = 10;

/**
 * POST /api/admin/access: the right key is recorded in the audit log, then the cookie is set (so
 * no access goes unrecorded); a wrong one opens nothing. With `limitGuesses`, each key typed is
 * first reserved on the admin's and the address's counters (refused with 429 past 10), and the
 * right key gives its reservation back: only wrong keys count, however many arrive at once.
 */
export async function unlockAdminArea(
  db: Db,
  reply: FastifyReply,
  attempt: {
    userId: string;
    ip: string;
    typedKey: string;
    configuredKey: string;
    secure: boolean;
    limitGuesses: boolean;
  },
): Promise<Date> {
  // Admin before address, in every request: two reservations never wait for each other in a circle.
  const counters: AttemptCounter[] = attempt.limitGuesses
    ? [
        { scope: 'admin-key', key: attempt.userId, limit: accessKeyGuessLimit },
        { scope: 'admin-key-ip', key: attempt.ip, limit: accessKeyGuessLimit },
      ]
    : [];
  if (counters.length > 0) {
    const retryAfterSeconds = await reserveAttempt(db, counters);
    if (retryAfterSeconds !== null) {
      reply.header('retry-after', retryAfterSeconds);
      throw new AppError('resource-exhausted');
    }
  }
  if (!accessKeyMatches(attempt.typedKey, attempt.configuredKey)) throw new AppError('invalid-access-key');
  await giveBackAttempt(db, counters);
  const now = Date.now();
  await recordAdminAction(db, {
    adminId: attempt.userId,
    action: 'admin.access',
    entityType: 'admin',
    entityId: attempt.userId,
    before: null,
    after: { expiresAt: adminAccessExpiresAt(now).toISOString() },
  });
  return grantAdminAccess(reply, attempt.userId, attempt.secure, now);
}

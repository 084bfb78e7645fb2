import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestProblemMessages } from '#shared/errors.ts';
import { AppError } from '../app-error.ts';
import {
  resolveSession,
  type SessionUser,
  sessionCookieName,
  setSessionCookie,
} from '../modules/accounts/sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's session, or null for a visitor. Set for every /api request. */
    auth: SessionUser | null;
  }
}

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Resolves the session cookie on API requests and refuses cross-site writes that carry it
 * (SameSite=Lax already stops most; the Origin check covers the rest, e.g. sibling subdomains).
 */
export function registerAuth(app: FastifyInstance): void {
  const allowedOrigin = new URL(app.config.publicUrl).origin;
  const secure = app.config.env === 'production';
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[sessionCookieName];
    if (!token || !request.url.startsWith('/api/')) return;
    if (unsafeMethods.has(request.method) && !sameOrigin(request, allowedOrigin)) {
      throw new AppError('permission-denied', { message: requestProblemMessages.crossSite });
    }
    const session = await resolveSession(app.db, token);
    if (!session) return;
    request.auth = session;
    if (session.renewed) setSessionCookie(reply, token, secure);
  });
}

function sameOrigin(request: FastifyRequest, allowedOrigin: string): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return false;
  const origin = request.headers.origin;
  if (!origin) return true; // not a browser cross-site form or fetch: browsers send Origin on those
  return origin === allowedOrigin || origin === `${request.protocol}://${request.host}`;
}

/** The signed-in user's id, or a 401 for visitors. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.auth) throw new AppError('unauthenticated');
  return request.auth;
}

/** Route hook: visitors get their 401 before the body is even validated. */
export async function signedInOnly(request: FastifyRequest): Promise<void> {
  requireUser(request);
}

import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifyTypeProvider,
  FastifyTypeProviderDefault,
  RawRequestDefaultExpression,
  RawServerBase,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { FastifyRequestType, ResolveFastifyRequestType } from 'fastify/types/type-provider.js';
import { requestProblemMessages } from '#shared/errors.ts';
import { AppError } from '../app-error.ts';
import type { Db } from '../db/client.ts';

/**
 * Who may call a route: checked before anything else of the request is read. 'admin' is the admin
 * area (an admins row and the access cookie); 'admin-key' is the way in to it (an admins row).
 * Anyone else meets the same 404 as a path that does not exist: no hint that the area exists.
 */
export type RouteAccess = 'signed-in' | 'admin' | 'admin-key';

/** The signed-in person as a route sees them (`request.user`): a session of modules/accounts. */
export interface SessionUser {
  sessionHash: string;
  userId: string;
  reauthenticatedAt: Date | null;
}

/**
 * What the hook asks of the modules that own sessions (accounts) and the admin area's lock
 * (admin). app.ts hands them in: a plugin imports no module, so every module may use the plugins.
 */
export interface RouteAccessPorts {
  sessionCookieName: string;
  /** The live session of a cookie's token; `renewed` when its expiry just moved on. */
  resolveSession(db: Db, token: string): Promise<(SessionUser & { renewed: boolean }) | undefined>;
  setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void;
  /** Whether this request opens the admin area ('admin') or its way in ('admin-key') to this user. */
  opensAdminArea(
    db: Db,
    request: FastifyRequest,
    userId: string,
    access: 'admin' | 'admin-key',
  ): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on a route: visitors get 401 (admin routes: 404) before its body is even parsed. */
    access?: RouteAccess;
    /** What a visitor is told instead of the generic 'Kirjaudu sisään jatkaaksesi'. */
    signInMessage?: string;
  }

  // The type parameters must repeat Fastify's own exactly for the declarations to merge.
  interface FastifyRequest<
    RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
    RawServer extends RawServerBase = RawServerDefault,
    RawRequest extends RawRequestDefaultExpression<RawServer> = RawRequestDefaultExpression<RawServer>,
    SchemaCompiler extends FastifySchema = FastifySchema,
    TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault,
    ContextConfig = ContextConfigDefault,
    Logger extends FastifyBaseLogger = FastifyBaseLogger,
    RequestType extends FastifyRequestType = ResolveFastifyRequestType<
      TypeProvider,
      SchemaCompiler,
      RouteGeneric
    >,
  > {
    /**
     * The signed-in user's session, or null for a visitor. In the handler of a route declared
     * with `config: { access }` it is never null, and TypeScript knows it.
     */
    user: ContextConfig extends { access: RouteAccess } ? SessionUser : SessionUser | null;
  }
}

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Resolves the session cookie on API requests, refuses cross-site writes that carry it
 * (SameSite=Lax already stops most; the Origin check covers the rest, e.g. sibling subdomains),
 * and enforces each route's declared `access`. One hook for every route: a route cannot be
 * signed-in-only in its types and open in fact, since both come from the same declaration.
 */
export function registerAuth(app: FastifyInstance, ports: RouteAccessPorts): void {
  const allowedOrigin = new URL(app.config.publicUrl).origin;
  const secure = app.config.env === 'production';
  app.decorateRequest('user', null);

  app.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[ports.sessionCookieName];
    if (token && request.url.startsWith('/api/')) {
      if (unsafeMethods.has(request.method) && !sameOrigin(request, allowedOrigin)) {
        throw new AppError('permission-denied', { message: requestProblemMessages.crossSite });
      }
      const session = await ports.resolveSession(app.db, token);
      if (session) {
        request.user = session;
        if (session.renewed) ports.setSessionCookie(reply, token, secure);
      }
    }
    const { access } = request.routeOptions.config;
    if (access === 'signed-in') {
      if (!request.user)
        throw new AppError('unauthenticated', { message: request.routeOptions.config.signInMessage });
      return;
    }
    if (access === undefined) return;
    const user = request.user;
    const unlocked = user !== null && (await ports.opensAdminArea(app.db, request, user.userId, access));
    if (!unlocked) throw new AppError('not-found');
    // Sellers' e-mails and IBANs: never kept by a browser or a proxy.
    reply.header('cache-control', 'private, no-store');
  });

  // The admin area is closed by default: a route under /api/admin that forgot its access
  // declaration stops the server at start instead of opening to everyone.
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (route.url.startsWith('/api/admin') && access !== 'admin' && access !== 'admin-key')
      throw new Error(`${route.method} ${route.url} is in the admin area but is not declared admin-only`);
  });
}

function sameOrigin(request: FastifyRequest, allowedOrigin: string): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return false;
  const origin = request.headers.origin;
  if (!origin) return true; // not a browser cross-site form or fetch: browsers send Origin on those
  return origin === allowedOrigin || origin === `${request.protocol}://${request.host}`;
}

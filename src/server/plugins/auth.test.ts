import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSession, sessionCookieName, setSessionCookie } from '../modules/accounts/sessions.ts';
import { adminAccessCookieName, adminAccessValue, opensAdminArea } from '../modules/admin/admin-access.ts';
import { demoAccounts, seedDemoData } from '../seed/demo-data.ts';
import { sessionCookieFrom } from '../test/session-cookie.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { registerAuth } from './auth.ts';
import { registerErrorHandler } from './error-handler.ts';

// Route access is declared once per route (`config: { access }`): the same declaration makes
// `request.user` non-null in the handler's types and refuses the wrong callers at run time.
let t: TestApp;
const ports = { sessionCookieName, resolveSession, setSessionCookie, opensAdminArea };
let guarded: FastifyInstance;
const cookies = { buyer: '', admin: '' };

beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  await seedDemoData(t.app);
  const login = async (account: { email: string; password: string }) =>
    sessionCookieFrom(await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: account }));
  cookies.buyer = await login(demoAccounts.buyer);
  cookies.admin = await login(demoAccounts.admin);

  // The real auth plugin on the test app's database, with routes of each access level.
  guarded = Fastify();
  guarded.decorate('config', t.config);
  guarded.decorate('db', t.app.db);
  registerErrorHandler(guarded);
  await guarded.register(fastifyCookie, { secret: t.config.cookieSecret });
  registerAuth(guarded, ports);
  guarded.post('/api/open', async (request) => ({ user: request.user?.userId ?? null }));
  guarded.post('/api/own', { config: { access: 'signed-in' } }, async (request) => ({
    user: request.user.userId,
  }));
  guarded.post('/api/admin/only', { config: { access: 'admin' } }, async (request) => ({
    user: request.user.userId,
  }));
  guarded.post('/api/admin/key', { config: { access: 'admin-key' } }, async (request) => ({
    user: request.user.userId,
  }));
  await guarded.ready();
});
afterAll(async () => {
  await guarded.close();
  await t.close();
});

const call = (url: string, cookie?: string, payload = '{}') =>
  guarded.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  });

describe('route access', () => {
  it('lets anyone call an open route, and tells the handler who it is', async () => {
    expect((await call('/api/open')).json()).toEqual({ user: null });
    expect((await call('/api/open', cookies.buyer)).json().user).toEqual(expect.any(String));
  });

  it('refuses a visitor on a signed-in route with 401 before reading the body', async () => {
    const visitor = await call('/api/own', undefined, '{"rikki":');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error).toEqual({ code: 'unauthenticated', message: 'Kirjaudu sisään jatkaaksesi' });
    expect((await call('/api/own', cookies.buyer, '{"rikki":')).statusCode).toBe(400);
    expect((await call('/api/own', cookies.buyer)).statusCode).toBe(200);
  });

  it('opens an admin route only to an admin with their own live access cookie; everyone else meets a 404', async () => {
    const adminId = (await call('/api/admin/key', cookies.admin)).json().user as string;
    const buyerId = (await call('/api/own', cookies.buyer)).json().user as string;
    const access = (userId: string, expiresAt: Date) =>
      `${adminAccessCookieName}=${guarded.signCookie(adminAccessValue(userId, expiresAt))}`;
    const tomorrow = new Date(Date.now() + 86_400_000);
    const refused = [
      undefined,
      cookies.buyer,
      `${cookies.buyer}; ${access(buyerId, tomorrow)}`,
      cookies.admin,
      `${cookies.admin}; ${access(adminId, new Date(Date.now() - 1000))}`,
      `${cookies.admin}; ${access(buyerId, tomorrow)}`,
      `${cookies.admin}; ${adminAccessCookieName}=${adminAccessValue(adminId, tomorrow)}`,
      // The signature's last character changed: to '1' when it already is '0' (1 time in 64).
      `${cookies.admin}; ${access(adminId, tomorrow).replace(/.$/, (last) => (last === '0' ? '1' : '0'))}`,
    ];
    for (const cookie of refused) {
      const answer = await call('/api/admin/only', cookie, '{"rikki":');
      expect(answer.statusCode, cookie).toBe(404);
      expect(answer.json().error).toEqual({ code: 'not-found', message: 'Sivua tai tietoa ei löytynyt' });
    }
    expect((await call('/api/admin/only', `${cookies.admin}; ${access(adminId, tomorrow)}`)).json()).toEqual({
      user: adminId,
    });
  });

  it('lets an admin without the access cookie reach the way in, and nobody else', async () => {
    expect((await call('/api/admin/key')).statusCode).toBe(404);
    expect((await call('/api/admin/key', cookies.buyer)).statusCode).toBe(404);
    expect((await call('/api/admin/key', cookies.admin)).statusCode).toBe(200);
  });

  it('refuses to start with a route under /api/admin that is not declared admin-only', async () => {
    const careless = Fastify();
    careless.decorate('config', t.config);
    careless.decorate('db', t.app.db);
    await careless.register(fastifyCookie);
    registerAuth(careless, ports);
    expect(() => careless.get('/api/admin/forgotten', async () => ({}))).toThrow(/not declared admin-only/);
    await careless.close();
  });
});

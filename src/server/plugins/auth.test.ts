import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, seedDemoData } from '../db/seed.ts';
import { sessionCookieFrom } from '../test/session-cookie.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { registerAuth } from './auth.ts';
import { registerErrorHandler } from './error-handler.ts';

// Route access is declared once per route (`config: { access }`): the same declaration makes
// `request.user` non-null in the handler's types and refuses the wrong callers at run time.
let t: TestApp;
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
  await guarded.register(fastifyCookie);
  registerAuth(guarded);
  guarded.post('/api/open', async (request) => ({ user: request.user?.userId ?? null }));
  guarded.post('/api/own', { config: { access: 'signed-in' } }, async (request) => ({
    user: request.user.userId,
  }));
  guarded.post('/api/admin-only', { config: { access: 'admin' } }, async (request) => ({
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

  it('refuses visitors with 401 and users who are not admins with 403 on an admin route', async () => {
    expect((await call('/api/admin-only')).statusCode).toBe(401);
    const user = await call('/api/admin-only', cookies.buyer);
    expect(user.statusCode).toBe(403);
    expect(user.json().error.code).toBe('permission-denied');
    expect((await call('/api/admin-only', cookies.admin)).statusCode).toBe(200);
  });
});

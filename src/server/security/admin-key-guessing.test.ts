import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../test/listing-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// The admin access key is a second lock after the admin's own password: guessing it is limited
// to 10 wrong keys in 15 minutes per admin (wherever they come from) and per address (whoever
// asks). The right key is no guess and counts nothing.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: true });
});
afterAll(() => t.close());

const guess = (cookie: string, remoteAddress: string, key = 'arvaus') =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/access',
    headers: { cookie, 'content-type': 'application/json' },
    payload: { key },
    remoteAddress,
  });

describe('guessing the admin access key', () => {
  it('stops an admin after 10 wrong keys, however many addresses they use, the right key too', async () => {
    const admin = await signUp(t.app, 'arvaaja', { admin: true });
    for (let n = 1; n <= 10; n++) expect((await guess(admin.cookie, `198.51.100.${n}`)).statusCode).toBe(403);
    const stopped = await guess(admin.cookie, '198.51.100.99', t.config.adminAccessKey);
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json().error).toEqual({
      code: 'resource-exhausted',
      message: 'Liian monta pyyntöä. Yritä myöhemmin uudelleen.',
    });
    expect(stopped.headers['set-cookie']).toBeUndefined();
  });

  it('stops an address after 10 wrong keys, whichever admins make them', async () => {
    const admins = [
      await signUp(t.app, 'arvaaja_a', { admin: true }),
      await signUp(t.app, 'arvaaja_b', { admin: true }),
    ];
    for (let n = 0; n < 10; n++)
      expect((await guess(admins[n % 2]?.cookie ?? '', '203.0.113.5')).statusCode).toBe(403);
    const fresh = await signUp(t.app, 'arvaaja_c', { admin: true });
    expect((await guess(fresh.cookie, '203.0.113.5')).statusCode).toBe(429);
    expect((await guess(fresh.cookie, '203.0.113.6', t.config.adminAccessKey)).statusCode).toBe(200);
  });

  it('counts only wrong keys: an admin who unlocks often is never stopped, and keeps all 10 guesses', async () => {
    const admin = await signUp(t.app, 'usein_avaava', { admin: true });
    for (let n = 0; n < 12; n++)
      expect((await guess(admin.cookie, '198.51.101.1', t.config.adminAccessKey)).statusCode).toBe(200);
    for (let n = 0; n < 10; n++) expect((await guess(admin.cookie, '198.51.101.1')).statusCode).toBe(403);
    expect((await guess(admin.cookie, '198.51.101.1')).statusCode).toBe(429);
  });

  it('lets at most 10 of many wrong keys sent at once through to the comparison', async () => {
    const admin = await signUp(t.app, 'rinnakkain', { admin: true });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) => guess(admin.cookie, `198.51.102.${n + 1}`)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 403)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    const refused = answers.find((answer) => answer.statusCode === 429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts nothing for callers the area is hidden from: they meet the 404 first', async () => {
    const user = await signUp(t.app, 'ei_yllapitaja');
    for (let n = 0; n < 12; n++) expect((await guess(user.cookie, '192.0.2.44')).statusCode).toBe(404);
    const admin = await signUp(t.app, 'samasta_osoitteesta', { admin: true });
    expect((await guess(admin.cookie, '192.0.2.44', t.config.adminAccessKey)).statusCode).toBe(200);
  });
});

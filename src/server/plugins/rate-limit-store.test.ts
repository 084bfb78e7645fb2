import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '#shared/errors.ts';
import { rateLimitHits } from '../db/schema/index.ts';
import { createTestApp, createTwoTestApps, type TestApp } from '../test/test-app.ts';
import { countHit, purgeEndedRateLimitWindows } from './rate-limit-store.ts';

const serverUrl = process.env.DATABASE_URL;

const contactMessage = {
  name: 'Maija Meikäläinen',
  email: 'maija@example.fi',
  subject: 'Lipun toimitus',
  message: 'Hei! Milloin saan ostamani lipun ladattua profiilistani?',
};
/** POST /api/contact allows this many per address in 10 minutes. */
const contactLimit = 5;

const contact = (app: FastifyInstance, address: string) =>
  app.inject({ method: 'POST', url: '/api/contact', payload: contactMessage, remoteAddress: address });

describe('the rate limit counts (PGlite, and PostgreSQL when DATABASE_URL is set)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: true });
  });
  afterAll(() => t.close());

  it('counts hits in a fixed window and starts a new one once it has ended', async () => {
    const first = await countHit(t.app.db, 'ikkuna', 60_000);
    expect(first.current).toBe(1);
    expect(first.ttl).toBeGreaterThan(0);
    expect(first.ttl).toBeLessThanOrEqual(60_000);
    expect((await countHit(t.app.db, 'ikkuna', 60_000)).current).toBe(2);
    // Fixed: later hits do not move the window's end.
    const third = await countHit(t.app.db, 'ikkuna', 60_000);
    expect(third.current).toBe(3);
    expect(third.ttl).toBeLessThanOrEqual(first.ttl);

    await t.app.db
      .update(rateLimitHits)
      .set({ windowEndsAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimitHits.key, 'ikkuna'));
    const fresh = await countHit(t.app.db, 'ikkuna', 60_000);
    expect(fresh.current).toBe(1);
    expect(fresh.ttl).toBeGreaterThan(59_000);
  });

  it('counts parallel hits one after another: each count is given once', async () => {
    const counts = await Promise.all(Array.from({ length: 40 }, () => countHit(t.app.db, 'ryntäys', 60_000)));
    expect(counts.map((count) => count.current).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 40 }, (_, n) => n + 1),
    );
  });

  it('purges the windows that have ended and keeps the live ones', async () => {
    await countHit(t.app.db, 'elava', 60_000);
    await countHit(t.app.db, 'paattynyt', 60_000);
    await t.app.db
      .update(rateLimitHits)
      .set({ windowEndsAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimitHits.key, 'paattynyt'));
    expect(await purgeEndedRateLimitWindows(t.app.db)).toBeGreaterThanOrEqual(1);
    const keys = (await t.app.db.select({ key: rateLimitHits.key }).from(rateLimitHits)).map(
      (row) => row.key,
    );
    expect(keys).toContain('elava');
    expect(keys).not.toContain('paattynyt');
  });

  it('limits a route, counting in PostgreSQL when it is the database and in memory on PGlite', async () => {
    const address = '198.51.100.7';
    const statuses: number[] = [];
    for (let n = 0; n <= contactLimit; n++) statuses.push((await contact(t.app, address)).statusCode);
    expect(statuses).toEqual([...Array(contactLimit).fill(201), 429]);
    const refused = await contact(t.app, address);
    expect(refused.json().error).toEqual({
      code: 'resource-exhausted',
      message: errorMessages['resource-exhausted'],
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);

    const rows = await t.app.db
      .select()
      .from(rateLimitHits)
      .where(sql`${rateLimitHits.key} like ${`%/api/contact ${address}`}`);
    if (t.app.dbKind === 'postgres') {
      expect(rows.map((row) => [row.key, row.hits])).toEqual([[`POST /api/contact ${address}`, 7]]);
    } else {
      expect(rows).toEqual([]);
    }
  });
});

describe.skipIf(!serverUrl)('limits shared by two processes on one database', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const two = await createTwoTestApps(serverUrl ?? '', { rateLimits: true });
    [a, b] = two.apps;
    close = two.close;
  }, 120_000);
  afterAll(() => close?.());

  it('lets exactly the limit through when one address alternates between the processes', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 2 * contactLimit; n++)
      statuses.push((await contact(n % 2 === 0 ? a : b, '203.0.113.10')).statusCode);
    expect(statuses).toEqual([...Array(contactLimit).fill(201), ...Array(contactLimit).fill(429)]);
  });

  it('lets exactly the limit through when requests race through both processes at once', async () => {
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, n) => contact(n % 2 === 0 ? a : b, '203.0.113.11')),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(contactLimit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - contactLimit);
    // Another address has its own window.
    expect((await contact(b, '203.0.113.12')).statusCode).toBe(201);
  });

  it('lets at most five of ten wrong passwords for one account, spread over the processes, be checked', async () => {
    const email = 'jaettu.raja@example.fi';
    const registered = await a.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: '203.0.113.20',
      payload: {
        firstName: 'Jaettu',
        lastName: 'Raja',
        email,
        username: 'jaettu_raja',
        password: 'Salasana1',
        password2: 'Salasana1',
        isAdult: true,
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        (n % 2 === 0 ? a : b).inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '203.0.113.21',
          payload: { email, password: `Vaara${n}salasana` },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });
});

import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DevelopmentConsole, formatRecord, RequestLog, slowRequestMs } from './logger.ts';

interface Record {
  level: number;
  msg: string;
  [key: string]: unknown;
}

const lines: string[] = [];
const records = (): Record[] => lines.map((line) => JSON.parse(line) as Record);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ rateLimits: false }, { logDestination: { write: (line) => lines.push(line) } });
  // Makes one newsletter subscription fail inside the database: a server error with a stack.
  await t.app.db.execute(
    sql`alter table newsletter_subscribers add constraint refuse_kaatuu check (email <> 'kaatuu@example.fi')`,
  );
});
afterAll(() => t.close());
beforeEach(() => {
  lines.length = 0;
});

describe('the request log', () => {
  it('writes one short info line for a served request, without headers or cookies', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/tickets?page=1&pageSize=15',
      headers: { cookie: 'lt_session=salainen-istunto' },
    });
    expect(response.statusCode).toBe(200);
    const logged = records();
    expect(logged).toHaveLength(1);
    const [line] = logged;
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      method: 'GET',
      url: '/api/tickets?page=1&pageSize=15',
      status: 200,
    });
    expect(typeof line?.ms).toBe('number');
    expect(lines.join('')).not.toContain('salainen-istunto');
  });

  it('logs a server error with its detail, and the failed request with the client', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: { email: 'kaatuu@example.fi' },
      headers: { 'user-agent': 'lokitesti/1.0' },
    });
    expect(response.statusCode).toBe(500);
    const logged = records();
    const errors = logged.filter((record) => record.level >= 50);
    // The error handler's record carries the error; the request's own line its address and agent.
    const withError = errors.find((record) => record.err !== undefined) as Record & {
      err: { message: string; stack: string };
    };
    expect(withError.err.message).toContain('Failed query');
    expect(withError.err.stack).toContain('at ');
    expect(JSON.stringify(withError.err)).toContain('refuse_kaatuu');
    expect(errors).toContainEqual(
      expect.objectContaining({
        msg: 'request failed',
        method: 'POST',
        url: '/api/newsletter',
        status: 500,
        userAgent: 'lokitesti/1.0',
      }),
    );
    expect(logged.filter((record) => record.level === 30)).toHaveLength(0);
    // The bound values of the failed query stay out (serializeError).
    expect(lines.join('')).not.toContain('kaatuu@example.fi');
  });

  it('keeps one-time codes of a sign-in callback out of the logged address', async () => {
    await t.app.inject({ method: 'GET', url: '/api/auth/google/callback?code=abc123secret&state=xyz' });
    const log = lines.join('');
    expect(log).not.toContain('abc123secret');
    expect(log).toContain('code=[redacted]');
  });
});

describe('a slow request', () => {
  it('is logged at warn level with the client', async () => {
    const slowLines: string[] = [];
    const app = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => slowLines.push(line) } },
      logController: new RequestLog(),
    });
    app.get('/hidas', async () => {
      await new Promise((resolve) => setTimeout(resolve, slowRequestMs + 20));
      return { ok: true };
    });
    await app.inject({ method: 'GET', url: '/hidas', headers: { 'user-agent': 'kärsimätön' } });
    await app.close();
    const logged = slowLines.map((line) => JSON.parse(line) as Record);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 40,
      msg: 'slow request',
      url: '/hidas',
      status: 200,
      userAgent: 'kärsimätön',
    });
    expect(Number(logged[0]?.ms)).toBeGreaterThanOrEqual(slowRequestMs);
  });
});

describe('the development console', () => {
  it('prints a request as one short line and an error with its stack', () => {
    const time = new Date(2026, 10, 3, 9, 5, 7).getTime();
    expect(
      formatRecord(
        JSON.stringify({
          level: 30,
          time,
          pid: 1,
          hostname: 'h',
          reqId: 'req-1',
          method: 'GET',
          url: '/api/tickets',
          status: 200,
          ms: 1.2,
          msg: 'request completed',
        }),
      ),
    ).toBe('09:05:07 INFO  GET /api/tickets 200 1.2 ms\n');
    const error = formatRecord(
      JSON.stringify({
        level: 50,
        time,
        reqId: 'req-2',
        err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at here' },
        msg: 'request failed',
      }),
    );
    expect(error).toBe('09:05:07 ERROR request failed\n    Error: boom\n        at here\n');
  });

  it('writes a burst of request lines at the end of the event loop turn, in one write', async () => {
    const writes: string[] = [];
    const console = new DevelopmentConsole({ write: (text: string) => writes.push(text) });
    console.request('GET', '/api/tickets?page=1', 200, 1.2);
    console.request('POST', '/api/newsletter', 400, 0.8);
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(
      /^\d\d:\d\d:\d\d INFO {2}GET \/api\/tickets\?page=1 200 1\.2 ms\n\d\d:\d\d:\d\d INFO {2}POST \/api\/newsletter 400 0\.8 ms\n$/,
    );
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorMessages, requestProblemMessages } from '#shared/errors.ts';
import { unstorableTextMessage } from '#shared/text.ts';
import { signUp } from '../../test/listing-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

interface LogRecord {
  level: number;
  msg: string;
  clientLog?: Record<string, unknown>;
}

const lines: string[] = [];
const clientLogLines = () =>
  lines.map((line) => JSON.parse(line) as LogRecord).filter((record) => record.msg === 'client log');
let t: TestApp;
let user: { id: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp({ rateLimits: false }, { logDestination: { write: (line) => lines.push(line) } });
  user = await signUp(t.app, 'lokittaja');
});
afterAll(() => t.close());
beforeEach(() => {
  lines.length = 0;
});

const send = (payload: unknown, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/client-log',
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  });

const report = {
  level: 'error',
  message: 'Cannot read properties of undefined',
  component: 'RouteErrorPage',
  context: { path: '/profiili', stack: 'TypeError: …' },
};

describe('POST /api/client-log', () => {
  it("writes the browser's report as one log line and answers 204", async () => {
    const response = await send(report);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(clientLogLines()).toEqual([
      expect.objectContaining({
        level: 50,
        clientLog: {
          message: report.message,
          component: report.component,
          context: report.context,
          userId: null,
        },
      }),
    ]);
  });

  it.each([
    ['debug', 30],
    ['info', 30],
    ['warn', 40],
    ['error', 50],
  ])('logs level %s at pino level %i', async (level, pinoLevel) => {
    expect((await send({ level, message: 'viesti' })).statusCode).toBe(204);
    expect(clientLogLines().map((record) => record.level)).toEqual([pinoLevel]);
  });

  it("logs the session's user, and another user id the body claims only beside it", async () => {
    await send({ ...report, userId: user.id }, user.cookie);
    expect(clientLogLines()[0]?.clientLog).toEqual(expect.objectContaining({ userId: user.id }));
    expect(clientLogLines()[0]?.clientLog).not.toHaveProperty('claimedUserId');

    lines.length = 0;
    await send({ ...report, userId: 'joku-muu' }, user.cookie);
    expect(clientLogLines()[0]?.clientLog).toEqual(
      expect.objectContaining({ userId: user.id, claimedUserId: 'joku-muu' }),
    );

    lines.length = 0;
    await send({ ...report, userId: user.id });
    expect(clientLogLines()[0]?.clientLog).toEqual(
      expect.objectContaining({ userId: null, claimedUserId: user.id }),
    );
  });

  it.each([
    ['an unknown level', { level: 'fatal', message: 'x' }, 'level'],
    ['a number as the message', { level: 'info', message: 123 }, 'message'],
    ['no message', { level: 'info' }, 'message'],
    ['a text as the context', { level: 'info', message: 'x', context: 'konteksti' }, 'context'],
    ['a number as the component', { level: 'info', message: 'x', component: 5 }, 'component'],
    ['a message over 2000 characters', { level: 'info', message: 'x'.repeat(2001) }, 'message'],
  ])('refuses %s with a Finnish message on its field, logging nothing', async (_case, payload, path) => {
    const response = await send(payload);
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('invalid-argument');
    expect(error.issues.map((issue: { path: string }) => issue.path)).toContain(path);
    expect(error.message).toMatch(/^[A-ZÄÖ]/);
    expect(error.message).not.toMatch(/Invalid|expected|received/);
    expect(clientLogLines()).toEqual([]);
  });

  it.each([
    ['the message', { ...report, message: 'kaatui\u0000' }, 'message'],
    ['the component', { ...report, component: 'Sivu\ud800' }, 'component'],
    ['a key of the context', { ...report, context: { 'a\u0000': 1 } }, 'context.a'],
  ])('refuses text that cannot be used in %s', async (_case, payload, path) => {
    const response = await send(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toEqual([{ path, message: unstorableTextMessage }]);
  });

  it('refuses a body over 16 KB and anything that is not a JSON object', async () => {
    const huge = await send({ ...report, context: { dump: 'x'.repeat(17 * 1024) } });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toBe(requestProblemMessages.tooLarge);
    for (const body of ['null', '[1,2]', '{"level":', '"virhe"']) {
      const response = await send(body);
      expect(response.statusCode, body).toBe(400);
      expect(response.json().error.message).toMatch(/^[A-ZÄÖ]/);
    }
    expect(clientLogLines()).toEqual([]);
  });
});

describe('the client log rate limit', () => {
  it('takes 30 reports a minute from one address, then answers 429 in Finnish', async () => {
    const limited = await createTestApp();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/client-log',
          payload: { level: 'info', message: `viesti ${i}` },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 30).every((status) => status === 204)).toBe(true);
      expect(statuses[30]).toBe(429);
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/client-log',
        payload: { level: 'info', message: 'toinen osoite' },
        remoteAddress: '198.51.100.20',
      });
      expect(other.statusCode).toBe(204);
      const last = await limited.app.inject({
        method: 'POST',
        url: '/api/client-log',
        payload: { level: 'info', message: 'vielä' },
      });
      expect(last.json().error).toEqual({
        code: 'resource-exhausted',
        message: errorMessages['resource-exhausted'],
      });
    } finally {
      await limited.close();
    }
  });
});

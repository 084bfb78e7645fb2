import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorMessages } from '#shared/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const token = 'mittarit-0123456789-abcdefghijklmnop';
const logLines: string[] = [];
let t: TestApp;
/** Without METRICS_TOKEN. */
let plain: TestApp;
let filesDown = false;

beforeAll(async () => {
  t = await createTestApp(
    { metricsToken: token, logLevel: 'info' },
    {
      logDestination: { write: (line) => logLines.push(line) },
      wrapFiles: (store) => ({
        ...store,
        get: (key) => (filesDown ? Promise.reject(new Error('store unreachable')) : store.get(key)),
      }),
    },
  );
  plain = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await plain.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const scrape = () => get('/metrics', { authorization: `Bearer ${token}` });

/** A sample's value from the exposition text: `name{labels} value`. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.split(' ').pop());
}

describe('GET /healthz and /readyz', () => {
  it('answer alive and ready, uncached, without a request log line at info', async () => {
    logLines.length = 0;
    const alive = await get('/healthz');
    expect(alive.statusCode).toBe(200);
    expect(alive.json()).toEqual({ status: 'ok' });
    expect(alive.headers['cache-control']).toBe('no-store');
    const ready = await get('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(logLines.filter((line) => line.includes('"url":"/healthz"') || line.includes('/readyz'))).toEqual(
      [],
    );
  });

  it('are not rate-limited', async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, () => get('/healthz')));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
  });

  it('readyz names the file store when it cannot be reached, in the API error shape', async () => {
    filesDown = true;
    try {
      const answer = await get('/readyz');
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({
        error: { code: 'unavailable', message: 'Not ready: the file store did not answer' },
      });
      // The reason stays in the log, not in the public answer.
      expect(answer.body).not.toContain('unreachable');
      expect(logLines.some((line) => line.includes('store unreachable'))).toBe(true);
    } finally {
      filesDown = false;
    }
    expect((await get('/readyz')).statusCode).toBe(200);
  });

  it('readyz names the database when it cannot be reached', async () => {
    vi.spyOn(t.app.db, 'execute').mockRejectedValueOnce(new Error('connect ECONNREFUSED 10.0.0.9:5432'));
    const answer = await get('/readyz');
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({
      error: { code: 'unavailable', message: 'Not ready: the database did not answer' },
    });
    expect(answer.body).not.toContain('10.0.0.9');
    // Alive all the same: a process whose database went away needs no restart.
    expect((await get('/healthz')).statusCode).toBe(200);
    expect((await get('/readyz')).statusCode).toBe(200);
  });

  it('take no other method', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH'] as const) {
      for (const url of ['/healthz', '/readyz', '/metrics']) {
        const answer = await t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
        expect(answer.statusCode, `${method} ${url}`).toBe(404);
        expect(answer.json().error.code).toBe('not-found');
      }
    }
  });
});

describe('GET /metrics', () => {
  it('is 404 when no METRICS_TOKEN is configured, whatever is sent', async () => {
    for (const headers of [{}, { authorization: `Bearer ${token}` }, { accept: 'text/html' }]) {
      const answer = await plain.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ error: { code: 'not-found', message: errorMessages['not-found'] } });
    }
  });

  it('refuses a missing, wrong, malformed, huge or URL-borne token with 401', async () => {
    const refused: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-0123456789-abcdefghij' },
      { authorization: `Bearer ${token}x` },
      { authorization: `Bearer ${token.slice(0, -1)}` },
      { authorization: `bearer ${token}` },
      { authorization: `Basic ${Buffer.from(`x:${token}`).toString('base64')}` },
      { authorization: `Bearer  ${token}` },
      { authorization: `Bearer ${token} ${token}` },
      { authorization: token },
      { authorization: `Bearer ${'a'.repeat(12_000)}` },
    ];
    for (const headers of refused) {
      const answer = await get('/metrics', headers);
      expect(answer.statusCode, JSON.stringify(headers).slice(0, 80)).toBe(401);
      expect(answer.json().error.code).toBe('unauthenticated');
      expect(answer.headers['www-authenticate']).toContain('Bearer');
      expect(answer.body).not.toContain('lipputori_');
    }
    for (const url of [
      `/metrics?token=${token}`,
      `/metrics?access_token=${token}`,
      `/metrics?bearer=${token}`,
    ]) {
      expect((await get(url)).statusCode).toBe(401);
    }
  });

  it('counts requests by route pattern and status, never by the raw URL', async () => {
    await get('/api/tickets/00000000-0000-4000-8000-000000000001');
    await get('/api/tickets/00000000-0000-4000-8000-000000000002');
    await get('/no/such/page/12345');
    const answer = await scrape();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    expect(answer.headers['cache-control']).toBe('no-store');
    const text = answer.body;
    expect(
      sample(
        text,
        'lipputori_http_request_duration_seconds_count',
        'method="GET",route="/api/tickets/:ticketId",status_code="404"',
      ),
    ).toBe(2);
    expect(text).toContain('route="(unmatched)"');
    expect(text).not.toContain('00000000-0000-4000-8000-000000000001');
    expect(text).not.toContain('/no/such/page');
    expect(text).toContain('lipputori_http_request_duration_seconds_bucket');
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('reads the outbox backlog, live holds, sales and the PDF queue when scraped', async () => {
    const before = await scrape();
    expect(sample(before.body, 'lipputori_outbox_backlog')).toBe(0);
    expect(sample(before.body, 'lipputori_outbox_oldest_age_seconds')).toBe(0);
    expect(sample(before.body, 'lipputori_live_holds')).toBe(0);
    expect(sample(before.body, 'lipputori_sales')).toBe(0);
    expect(sample(before.body, 'lipputori_pdf_checks_waiting')).toBe(0);
    expect(sample(before.body, 'lipputori_pdf_checks_running')).toBe(0);

    await enqueueMail(t.app.db, { to: 'jonossa@example.fi', subject: 'Testi', text: 'Odottaa' });
    await enqueueMail(t.app.db, { to: 'jonossa2@example.fi', subject: 'Testi', text: 'Odottaa' });
    const after = await scrape();
    expect(sample(after.body, 'lipputori_outbox_backlog')).toBe(2);
    expect(sample(after.body, 'lipputori_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('counts job runs and their failures', async () => {
    t.app.metrics.recordJobRun('payout rule', true, 12);
    t.app.metrics.recordJobRun('payout rule', false, 30);
    t.app.metrics.recordJobRun('payout rule', true, 5);
    const text = (await scrape()).body;
    expect(sample(text, 'lipputori_job_runs_total', 'job="payout rule",outcome="ok"')).toBe(2);
    expect(sample(text, 'lipputori_job_runs_total', 'job="payout rule",outcome="failed"')).toBe(1);
    expect(sample(text, 'lipputori_job_duration_seconds_count', 'job="payout rule"')).toBe(3);
  });
});

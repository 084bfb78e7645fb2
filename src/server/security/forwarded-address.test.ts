import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// Per-address limits key on request.ip. A client writes X-Forwarded-For itself, so only the
// addresses that trusted proxies appended may count.

const proxy = '10.0.0.5';
const client = '203.0.113.77';

function guess(t: TestApp, forwardedFor: string | undefined, email: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'Vaarin123' },
    remoteAddress: proxy,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
}

describe('behind one trusted proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: false, trustProxy: 1 });
  });
  afterAll(() => t.close());

  it('a forged left-most address does not escape the per-address limit', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 25; i++) {
      // The client forges a new address each time; the proxy appends the real one.
      const forged = `198.51.100.${i}`;
      codes.push((await guess(t, `${forged}, ${client}`, `arvaus${i}@example.fi`)).statusCode);
    }
    expect(codes.slice(0, 20).every((code) => code === 401)).toBe(true);
    expect(codes.slice(20)).toEqual([429, 429, 429, 429, 429]);
  });

  it('another client behind the same proxy is not limited by the first', async () => {
    expect((await guess(t, '203.0.113.78', 'toinen@example.fi')).statusCode).toBe(401);
  });
});

describe('with no proxy trusted (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: false });
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For entirely', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 21; i++)
      codes.push((await guess(t, `198.51.100.${i}`, `arvaus${i}@example.fi`)).statusCode);
    expect(codes.at(-1)).toBe(429);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default and takes a hop count or proxy addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.1,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.1',
      '::1',
      'loopback',
    ]);
  });

  it.each(['true', 'yes', '10.0.0.0/33', 'example.com', '10.0.0.1,', '-1'])('refuses %j', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY:/);
  });
});

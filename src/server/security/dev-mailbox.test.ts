import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exposedServerWarning, isLoopbackAddress, isLoopbackHost } from '../modules/dev-mailbox/loopback.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// The development mailbox shows password reset links: whoever reads it can take any account.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ trustProxy: 1 });
});
afterAll(() => t.close());

const paths = ['/dev/posti', '/api/dev/mails'];

describe('the development mailbox', () => {
  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])(
    'opens to this machine (%s)',
    async (address) => {
      for (const url of paths)
        expect((await t.app.inject({ url, remoteAddress: address })).statusCode).toBe(200);
    },
  );

  it.each(['192.0.2.10', '10.0.0.1', '::ffff:192.0.2.10', '2001:db8::1'])(
    'is a 404 to another machine (%s)',
    async (address) => {
      for (const url of paths)
        expect((await t.app.inject({ url, remoteAddress: address })).statusCode).toBe(404);
    },
  );

  it.each([
    ['x-forwarded-for', '127.0.0.1'],
    ['forwarded', 'for=127.0.0.1'],
    ['x-real-ip', '127.0.0.1'],
  ])('is a 404 through a proxy on this machine (%s)', async (header, value) => {
    for (const url of paths) {
      const response = await t.app.inject({ url, remoteAddress: '127.0.0.1', headers: { [header]: value } });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Kehityspostilaatikko');
    }
  });
});

describe('loopback', () => {
  it('tells this machine from others', () => {
    expect(['127.0.0.1', '::1', '::ffff:127.0.0.2'].every(isLoopbackAddress)).toBe(true);
    expect(['128.0.0.1', '::2', '::ffff:10.0.0.1', undefined, ''].some(isLoopbackAddress)).toBe(false);
    expect(['localhost', '127.0.0.1', '::1'].every(isLoopbackHost)).toBe(true);
    expect(['0.0.0.0', '::', '192.0.2.1', 'lipputori.example'].some(isLoopbackHost)).toBe(false);
  });

  it('warns at start when a development server listens beyond this machine', () => {
    expect(exposedServerWarning('development', '0.0.0.0')).toMatch(/listens on 0.0.0.0, beyond this machine/);
    expect(exposedServerWarning('development', 'localhost')).toBeUndefined();
    expect(exposedServerWarning('production', '0.0.0.0')).toBeUndefined();
  });
});

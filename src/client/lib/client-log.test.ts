import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientLogSchema } from '#shared/purchases/purchase.schema.ts';
import { reportClientError } from './client-log.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('reportClientError', () => {
  it('sends the report as a beacon when the browser has them', async () => {
    const sendBeacon = vi.fn(() => true);
    const fetch = vi.fn();
    vi.stubGlobal('navigator', { sendBeacon });
    vi.stubGlobal('fetch', fetch);
    reportClientError('RouteErrorPage', 'TypeError: x is undefined', { path: '/profiili' });
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, blob] = sendBeacon.mock.calls[0] as unknown as [string, Blob];
    expect(url).toBe('/api/client-log');
    expect(blob.type).toBe('application/json');
    expect(JSON.parse(await blob.text())).toEqual({
      level: 'error',
      component: 'RouteErrorPage',
      message: 'TypeError: x is undefined',
      context: { path: '/profiili' },
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('falls back to a keepalive fetch without beacons, or when the beacon is refused', () => {
    for (const navigator of [{}, { sendBeacon: () => false }]) {
      const fetch = vi.fn(async () => new Response(null, { status: 204 }));
      vi.stubGlobal('navigator', navigator);
      vi.stubGlobal('fetch', fetch);
      reportClientError('Sivu', 'kaatui');
      expect(fetch).toHaveBeenCalledWith(
        '/api/client-log',
        expect.objectContaining({ method: 'POST', keepalive: true, credentials: 'same-origin' }),
      );
    }
  });

  it('never throws, whatever fails', () => {
    vi.stubGlobal('navigator', {
      sendBeacon: () => {
        throw new Error('beacon broke');
      },
    });
    expect(() => reportClientError('Sivu', 'kaatui')).not.toThrow();
    vi.stubGlobal('navigator', {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    expect(() => reportClientError('Sivu', 'kaatui')).not.toThrow();
  });

  it('cuts a long message to what the server takes, without halving a character or keeping NUL', async () => {
    const sendBeacon = vi.fn((_url: string, _blob: Blob) => true);
    vi.stubGlobal('navigator', { sendBeacon });
    reportClientError('x'.repeat(500), `${'a'.repeat(1999)}🎵\u0000loppu`);
    const [, blob] = sendBeacon.mock.calls[0] ?? [];
    const sent = JSON.parse((await blob?.text()) ?? '{}');
    expect(clientLogSchema.safeParse(sent).success).toBe(true);
    expect(sent.message).toBe('a'.repeat(1999));
    expect(sent.component).toHaveLength(200);
  });
});

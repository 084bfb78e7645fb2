import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { withTicketPreloads } from './site.routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('site routes', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ url: '/api/ei-ole', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not-found');
  });

  it('serves robots.txt that keeps crawlers out of the admin area and the API', async () => {
    const response = await t.app.inject({ url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Disallow: /admin');
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ url: '/robots.txt' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['permissions-policy']).toContain('camera=()');
    expect(response.headers['permissions-policy']).toContain('geolocation=()');
  });
});

describe('development mailbox', () => {
  it('shows queued mail with clickable links', async () => {
    await enqueueMail(t.app.db, {
      to: 'testi@example.fi',
      subject: 'Salasanan vaihto',
      text: 'Vaihda salasana: http://localhost:3000/salasanan-vaihto?oobCode=abc123',
    });
    const page = await t.app.inject({ url: '/dev/posti' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Salasanan vaihto');
    expect(page.body).toContain('<a href="http://localhost:3000/salasanan-vaihto?oobCode=abc123">');
    const json = (await t.app.inject({ url: '/api/dev/mails' })).json();
    expect(json[0]).toMatchObject({ to: 'testi@example.fi', subject: 'Salasanan vaihto', sentAt: null });
  });

  it('does not exist in production', async () => {
    const production = await createTestApp({ env: 'production' });
    try {
      expect((await production.app.inject({ url: '/dev/posti' })).statusCode).toBe(404);
      expect((await production.app.inject({ url: '/api/dev/mails' })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('ticket page preloads', () => {
  const html =
    '<html><head><meta charset="UTF-8" /><title>Lipputori</title><style>…</style></head><body><div id="root"></div></body></html>';

  it('starts the page code, the ticket data and the banner image while the app loads', () => {
    const page = withTicketPreloads(html, {
      modules: ['/assets/ticket-page-x.js'],
      image: '/defaults/events/urheilu/1.webp',
      dataUrl: '/api/tickets/abc-123',
    });
    expect(page).toContain(
      '<script id="page-chunks" type="application/json">["/assets/ticket-page-x.js"]</script>',
    );
    expect(page).toContain('<link rel="preload" as="fetch" crossorigin href="/api/tickets/abc-123" />');
    expect(page).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/defaults/events/urheilu/1.webp" />',
    );
    // Before the styles and title: the image is asked for as soon as the head starts arriving.
    expect(page.indexOf('as="image"')).toBeLessThan(page.indexOf('<title>'));
    expect(page).not.toContain('rel="modulepreload"');
  });

  it('preloads no image for a ticket the public cannot see, and no data for a page drawn with it', () => {
    const page = withTicketPreloads(html, { modules: [], image: null, dataUrl: null });
    expect(page).not.toContain('as="image"');
    expect(page).not.toContain('as="fetch"');
  });

  it('keeps an odd address inside the attribute', () => {
    expect(withTicketPreloads(html, { modules: [], image: '"><script>', dataUrl: null })).toContain(
      'href="&quot;&gt;&lt;script&gt;"',
    );
  });
});

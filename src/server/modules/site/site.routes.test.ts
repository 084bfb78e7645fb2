import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventImagePlaceholder } from '#shared/browsing/event-image.ts';
import { complaints, sales, users } from '../../db/schema/index.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { adminAccessCookie, insertListing, insertSoldListing, signUp } from '../../test/listing-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { withPagePreloads } from './site.routes.ts';

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
    const page = withPagePreloads(html, {
      modules: ['/assets/ticket-page-x.js'],
      image: '/defaults/events/urheilu/1.webp',
      dataUrls: ['/api/tickets/abc-123'],
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
    const page = withPagePreloads(html, { modules: [], image: null, dataUrls: [] });
    expect(page).not.toContain('as="image"');
    expect(page).not.toContain('as="fetch"');
  });

  it('keeps an odd address inside the attribute', () => {
    expect(withPagePreloads(html, { modules: [], image: '"><script>', dataUrls: [] })).toContain(
      'href="&quot;&gt;&lt;script&gt;"',
    );
  });
});

const chunks = (html: string) =>
  JSON.parse(
    html.match(/<script id="page-chunks" type="application\/json">([^<]*)<\/script>/)?.[1] ?? '[]',
  ) as string[];
const fetches = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)" \/>/g)].map(
    (match) => match[1],
  );
/** The answers a page carries for the app to take over (`server-queries`), by their query's key. */
const serverQueries = (html: string) =>
  new Map(
    (
      JSON.parse(
        html.match(/<script id="server-queries" type="application\/json">([^<]*)<\/script>/)?.[1] ??
          '{"queries":[]}',
      ) as { queries: { queryKey: unknown[]; state: { data: unknown } }[] }
    ).queries.map((query) => [JSON.stringify(query.queryKey), query.state.data]),
  );
const serverUser = (html: string) =>
  JSON.parse(
    html.match(/<script id="server-user" type="application\/json">([^<]*)<\/script>/)?.[1] ?? 'null',
  ) as { uid: string } | null;

describe('/admin preloads what the area will load, for an admin only', () => {
  const page = (cookie?: string, query = '') =>
    t.app.inject({ url: `/admin${query}`, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });

  it('gives a visitor, a signed-in non-admin and a stale session the page alone: no area code, no API call', async () => {
    const member = await signUp(t.app);
    for (const cookie of [
      undefined,
      member.cookie,
      'lt_session=vanha',
      `lt_session=${'\u0000'.repeat(5000)}`,
    ]) {
      const response = await page(cookie);
      expect(response.statusCode).toBe(200);
      expect(fetches(response.body)).toEqual([]);
      expect(response.body).not.toContain('fetchpriority="high"');
      expect(chunks(response.body).some((file) => file.includes('admin-page'))).toBe(true);
      expect(chunks(response.body).some((file) => file.includes('admin-area'))).toBe(false);
    }
  });

  it('starts the area and the access status for an admin without the access cookie, not the listings', async () => {
    const admin = await signUp(t.app, undefined, { admin: true });
    const response = await page(admin.cookie);
    expect(fetches(response.body)).toEqual(['/api/me', '/api/admin/access']);
    expect(chunks(response.body).some((file) => file.includes('admin-area'))).toBe(true);
    expect(chunks(response.body).some((file) => file.includes('listing-review-tab'))).toBe(false);
  });

  it('starts the review tab and the newest pending listing’s image for an admin with access', async () => {
    const admin = await signUp(t.app, undefined, { admin: true });
    const seller = await signUp(t.app);
    await insertListing(t.app, { sellerId: seller.id, status: 'pending' });
    const cookie = adminAccessCookie(t.app, admin);
    const response = await page(cookie);
    // The pending listings come drawn in the page (below).
    expect(fetches(response.body)).toEqual(['/api/me', '/api/admin/access']);
    expect(chunks(response.body).some((file) => file.includes('listing-review-tab'))).toBe(true);
    const [newest] = (
      await (await t.app.inject({ url: '/api/admin/listings?status=pending', headers: { cookie } })).json()
    ).listings as { eventImage: string | null }[];
    expect(response.body).toContain(
      `<link rel="preload" as="image" fetchpriority="high" href="${newest?.eventImage ?? eventImagePlaceholder}" />`,
    );
    // Another tab loads its own code as shown.
    const other = await page(cookie, '?tab=loki');
    expect(fetches(other.body)).toEqual(['/api/me', '/api/admin/access']);
    expect(other.body).not.toContain('fetchpriority="high"');
    // Hostile values are refused or just not the review tab; never a server error.
    for (const query of ['?tab=%00', `?tab=${'x'.repeat(10_000)}`]) {
      const hostile = await page(cookie, query);
      expect(hostile.statusCode, query).toBeLessThan(500);
      expect(hostile.body, query).not.toContain('listings?status=pending');
    }
  });
});

describe('/admin is drawn on the server for an admin with access only', () => {
  const page = (cookie?: string, query = '') =>
    t.app.inject({ url: `/admin${query}`, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
  const banner = 'ADMIN AREA - Restricted Access';
  // A seller's own words in the card, markup included: the page must carry them as text.
  const eventName = 'Piirrettävä </script><script>alert(1)</script> tarkastus';
  let seller: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    seller = await signUp(t.app);
    await insertListing(t.app, { sellerId: seller.id, status: 'pending', eventName });
  });

  /** Nothing of the area: no banner, no listing, no seller, no data for the app to take over. */
  const expectNothingDrawn = (body: string, who: string) => {
    expect(body, who).not.toContain(banner);
    expect(body, who).not.toContain('Piirrettävä');
    expect(body, who).not.toContain(seller.email);
    expect(body, who).not.toContain('id="server-user"');
    expect(body, who).not.toContain('id="server-queries"');
    expect(body, who).not.toContain('data-hydrate');
  };

  it('gives a visitor, a non-admin, a stale session and an admin without the access cookie the shell', async () => {
    const member = await signUp(t.app);
    const lockedAdmin = await signUp(t.app, undefined, { admin: true });
    // A non-admin with an access cookie made for them (or for an admin) opens nothing either.
    const admin = await signUp(t.app, undefined, { admin: true });
    const stolen = adminAccessCookie(t.app, admin)
      .split('; ')
      .find((part) => part.startsWith('lt_admin_access'));
    for (const [who, cookie] of [
      ['visitor', undefined],
      ['non-admin', member.cookie],
      ['non-admin with an admin’s access cookie', `${member.cookie}; ${stolen}`],
      ['stale session', 'lt_session=vanha'],
      ['locked admin', lockedAdmin.cookie],
      ['locked admin with another admin’s access cookie', `${lockedAdmin.cookie}; ${stolen}`],
    ] as const) {
      const response = await page(cookie);
      expect(response.statusCode, who).toBe(200);
      expectNothingDrawn(response.body, who);
    }
  });

  it('draws the review tab with the pending listings and the admin, for the app to take over', async () => {
    const admin = await signUp(t.app, undefined, { admin: true });
    const cookie = adminAccessCookie(t.app, admin);
    for (const query of ['', '?tab=liput']) {
      const response = await page(cookie, query);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.body;
      expect(body).toContain('<div id="root" data-hydrate>');
      expect(body).toContain(banner);
      expect(body).toContain(seller.email);
      expect(body).toContain('<title>Ylläpitopaneeli – Lipputori</title>');
      // The seller's text is text in the markup, and escaped in the data.
      expect(body).toContain('Piirrettävä &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; tarkastus');
      expect(body).not.toContain('<script>alert(1)');
      expect(serverUser(body)).toMatchObject({ uid: admin.id, isAdmin: true });
      // The listings come with the page; the access status is asked again as the area opens.
      expect(body).not.toContain('as="fetch" crossorigin href="/api/admin/listings');
      expect(body).toContain('as="fetch" crossorigin href="/api/admin/access"');
    }
    // Another tab is drawn by the app, as before.
    expectNothingDrawn((await page(cookie, '?tab=loki')).body, '?tab=loki');
  });
});

describe('/profiili is drawn for the signed-in user, with the opened tab', () => {
  const page = (cookie?: string, query = '') =>
    t.app.inject({
      url: `/profiili${query}`,
      headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
    });
  // A seller's own words in a card, markup included: the page must carry them as text.
  const eventName = 'Profiilin </script><script>alert(1)</script> keikka';
  let buyer: Awaited<ReturnType<typeof signUp>>;
  let seller: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    buyer = await signUp(t.app);
    seller = await signUp(t.app);
    const sold = await insertSoldListing(t.app, { sellerId: seller.id, buyerId: buyer.id, eventName });
    const [sale] = await t.app.db.select({ id: sales.id }).from(sales).where(eq(sales.listingId, sold.id));
    await t.app.db.insert(complaints).values({
      saleId: sale?.id ?? '',
      buyerId: buyer.id,
      sellerId: seller.id,
      reason: 'other',
      description: 'Lippu ei kelvannut portilla.',
      payoutPaidBeforeComplaint: false,
    });
    await insertListing(t.app, { sellerId: seller.id, status: 'pending', eventName: 'Tarkastettava keikka' });
  });

  /** Nothing of the user or their lists drawn or carried, only the page's own code. */
  const expectShellAlone = (body: string, who: string) => {
    expect(body, who).not.toContain('id="server-user"');
    expect(body, who).not.toContain('id="server-queries"');
    expect(body, who).not.toContain('data-hydrate');
    expect(body, who).not.toContain('Profiilin');
    expect(fetches(body), who).toEqual([]);
    // The page's own code (the sign-in guard sends them on), nothing of a tab.
    expect(
      chunks(body).some((file) => file.includes('profile-page')),
      who,
    ).toBe(true);
    expect(
      chunks(body).some((file) => file.includes('profile-tabs')),
      who,
    ).toBe(false);
  };

  it('gives a visitor, a stale or hostile session and a deleted account the shell alone', async () => {
    const deleted = await signUp(t.app);
    await t.app.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.id));
    for (const [who, cookie] of [
      ['visitor', undefined],
      ['stale session', 'lt_session=vanha'],
      ['hostile session', `lt_session=${'\u0000'.repeat(5000)}`],
      ['deleted account', deleted.cookie],
    ] as const) {
      for (const query of ['', '?tab=1', '?tab=2']) {
        const response = await page(cookie, query);
        expect(response.statusCode, who).toBe(200);
        expect(response.body, who).not.toContain(deleted.email);
        expectShellAlone(response.body, `${who} ${query}`);
      }
    }
  });

  it('draws the bought tickets with their complaints as the API answers them, for the app to take over', async () => {
    const response = await page(buyer.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.body;
    expect(body).toContain('<div id="root" data-hydrate>');
    expect(body).toContain('<title>Profiili – Lipputori</title>');
    expect(body).toContain('Ostetut liput');
    // The card, the seller's text as text in the markup, and the complaint's status on it.
    expect(body).toContain('Profiilin &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; keikka');
    expect(body).not.toContain('<script>alert(1)');
    expect(body).toContain('Näytä reklamaatio');
    // The user and the lists are what the API answers this user.
    const api = async (url: string) =>
      (await t.app.inject({ url, headers: { cookie: buyer.cookie } })).json();
    expect(serverUser(body)).toEqual(await api('/api/me'));
    const queries = serverQueries(body);
    expect(queries.get(JSON.stringify(['purchases', buyer.id, 'bought']))).toEqual(
      (await api('/api/purchases')).tickets,
    );
    const complaintsKey = [...queries.keys()].find((key) => key.includes('"complaints"'));
    expect(complaintsKey).toContain(buyer.id);
    expect(queries.get(complaintsKey ?? '')).toEqual((await api('/api/complaints')).complaints);
    expect(queries.size).toBe(2);
    // The lists come with the page; who is signed in is asked again as the app starts.
    expect(fetches(body)).toEqual(['/api/me']);
    expect(chunks(body).some((file) => file.includes('profile-tabs'))).toBe(true);
  });

  it('draws the seller’s listings, sold with the buyer’s complaint and under review', async () => {
    const response = await page(seller.cookie, '?tab=1');
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.body;
    expect(body).toContain('<div id="root" data-hydrate>');
    expect(body).toContain('Tarkastettava keikka');
    expect(body).toContain('Profiilin &lt;/script&gt;');
    expect(serverUser(body)).toMatchObject({ uid: seller.id, email: seller.email });
    expect(body).not.toContain(buyer.email);
    const listings = (
      await (await t.app.inject({ url: '/api/listings/mine', headers: { cookie: seller.cookie } })).json()
    ).listings;
    expect(serverQueries(body).get(JSON.stringify(['seller-listings', seller.id, 'mine']))).toEqual(listings);
    expect(fetches(body)).toEqual(['/api/me']);
    // The bought tickets tab is the seller's own: none bought, drawn empty.
    const ownTickets = (await page(seller.cookie)).body;
    expect(ownTickets).toContain('<div id="root" data-hydrate>');
    expect(ownTickets).toContain('Ostamasi liput tulevat näkyviin tähän.');
    expect(ownTickets).not.toContain('Profiilin &lt;/script&gt;');
  });

  it('sends the user details tab as the shell with the user, its code started', async () => {
    const response = await page(buyer.cookie, '?tab=2');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).not.toContain('data-hydrate');
    expect(response.body).not.toContain('id="server-queries"');
    expect(serverUser(response.body)).toMatchObject({ uid: buyer.id });
    expect(fetches(response.body)).toEqual(['/api/me']);
    expect(chunks(response.body).some((file) => file.includes('user-details'))).toBe(true);
  });

  it('reads ?tab as the page does: a NUL byte refused, junk the first tab, a repeated one its first value', async () => {
    // A NUL byte is refused before any route, as in every address; other junk opens the first tab.
    expect((await page(buyer.cookie, '?tab=%00')).statusCode).toBe(400);
    for (const query of [`?tab=${'9'.repeat(10_000)}`, '?tab=0&tab=2', '?tab=-1', '?tab=1.0e0x', '?tab=']) {
      const hostile = await page(buyer.cookie, query);
      expect(hostile.statusCode, query).toBe(200);
      expect(hostile.body, query).toContain('Profiilin &lt;/script&gt;');
      expect(fetches(hostile.body), query).toEqual(['/api/me']);
    }
    // The page shows the first of repeated values, so the server draws that tab with its lists.
    const repeated = await page(seller.cookie, '?tab=1&tab=0');
    expect(repeated.body).toContain('Tarkastettava keikka');
    expect(repeated.body).toContain('aria-selected="true" id="profile-tab-1"');
  });
});

describe('/liput/{id} is drawn as the API answers whoever asks', () => {
  const page = (id: string, cookie?: string) =>
    t.app.inject({ url: `/liput/${id}`, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
  const api = async (id: string, cookie?: string) =>
    (await t.app.inject({ url: `/api/tickets/${id}`, headers: cookie ? { cookie } : {} })).json();
  /** The ticket's data the page carries for the app, under the key of the viewer it was drawn for. */
  const drawnTicket = (html: string, ticketId: string, viewerId: string | null) =>
    serverQueries(html).get(JSON.stringify(['ticket-details', ticketId, viewerId]));
  let seller: Awaited<ReturnType<typeof signUp>>;
  let buyer: Awaited<ReturnType<typeof signUp>>;
  let listed: Awaited<ReturnType<typeof insertListing>>;
  let pending: Awaited<ReturnType<typeof insertListing>>;
  let sold: Awaited<ReturnType<typeof insertSoldListing>>;
  beforeAll(async () => {
    seller = await signUp(t.app);
    buyer = await signUp(t.app);
    listed = await insertListing(t.app, { sellerId: seller.id, eventName: 'Julkinen keikka' });
    pending = await insertListing(t.app, {
      sellerId: seller.id,
      status: 'pending',
      eventName: 'Tarkastettava',
    });
    sold = await insertSoldListing(t.app, {
      sellerId: seller.id,
      buyerId: buyer.id,
      eventName: 'Ostettu keikka',
    });
  });

  it('draws a visitor’s page, for any cache', async () => {
    const response = await page(listed.id);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root" data-hydrate>');
    expect(response.body).not.toContain('id="server-user"');
    expect(drawnTicket(response.body, listed.id, null)).toEqual(await api(listed.id));
    expect(fetches(response.body)).toEqual([]);
  });

  it('draws the buyer’s and the seller’s own page with the user, kept by no cache', async () => {
    for (const [who, user, ticket] of [
      ['buyer', buyer, sold],
      ['seller', seller, pending],
      ['seller', seller, sold],
    ] as const) {
      const response = await page(ticket.id, user.cookie);
      expect(response.headers['cache-control'], who).toBe('no-store');
      expect(response.body, who).toContain('<div id="root" data-hydrate>');
      expect(response.body, who).toContain(ticket.eventName);
      expect(serverUser(response.body), who).toEqual(
        (await t.app.inject({ url: '/api/me', headers: { cookie: user.cookie } })).json(),
      );
      const data = await api(ticket.id, user.cookie);
      expect(data.viewer, who).toBe(who);
      expect(drawnTicket(response.body, ticket.id, user.id), who).toEqual(data);
      // The ticket comes with the page; who is signed in is asked again as the app starts.
      expect(fetches(response.body), who).toEqual(['/api/me']);
    }
  });

  it('gives the shell to a user the ticket is not shown to, to a stale session, and for a hostile id', async () => {
    const other = await signUp(t.app);
    for (const [who, id, cookie] of [
      ['another user, a listing under review', pending.id, other.cookie],
      ['stale session', listed.id, 'lt_session=vanha'],
      ['hostile session', listed.id, `lt_session=${'\u0000'.repeat(5000)}`],
      ['a missing ticket', '0b6f4a52-55a1-4c4e-9d55-8a2f6c1f0c11', buyer.cookie],
    ] as const) {
      const response = await page(id, cookie);
      expect(response.statusCode, who).toBe(200);
      expect(response.headers['cache-control'], who).toBe('no-cache');
      expect(response.body, who).not.toContain('data-hydrate');
      expect(response.body, who).not.toContain('id="server-user"');
      expect(response.body, who).not.toContain('Tarkastettava');
      expect(fetches(response.body).at(-1), who).toBe(`/api/tickets/${id}`);
    }
    expect((await page('%00', buyer.cookie)).statusCode).toBe(400);
    // An id longer than any route takes is an unknown address: the app's 404 page, nothing drawn.
    const long = await page('x'.repeat(10_000), buyer.cookie);
    expect(long.statusCode).toBe(404);
    expect(long.body).not.toContain('id="server-user"');
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summarizePrices } from '#shared/pricing.ts';
import { listingFiles, listings, payoutTracking, sales, users } from '../../db/schema/index.ts';
import { demoAccounts, demoListingIds, seedDemoData } from '../../seed/demo-data.ts';
import { adminAccessCookie, signUp } from '../../test/listing-fixtures.ts';
import { sessionCookieFrom } from '../../test/session-cookie.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { withShareTags } from '../site/site.routes.ts';

let t: TestApp;
const cookies: Record<'buyer' | 'seller' | 'other' | 'admin', string> = {
  buyer: '',
  seller: '',
  other: '',
  admin: '',
};
let sellerId = '';
type Listing = typeof listings.$inferSelect;
let listed: Listing;
let pending: Listing;
let sold: Listing;

const login = async (account: { email: string; password: string }) =>
  sessionCookieFrom(await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: account }));

beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  await seedDemoData(t.app);
  cookies.buyer = await login(demoAccounts.buyer);
  cookies.seller = await login(demoAccounts.seller);
  cookies.other = (await signUp(t.app, 'joku_muu')).cookie;
  cookies.admin = await login(demoAccounts.admin);
  const [seller] = await t.app.db.select().from(users).where(eq(users.email, demoAccounts.seller.email));
  sellerId = seller?.id ?? '';
  const own = await t.app.db.select().from(listings).where(eq(listings.sellerId, sellerId));
  const find = (status: string) => {
    const row = own.find((listing) => listing.status === status);
    if (!row) throw new Error(`the demo seller has no ${status} listing`);
    return row;
  };
  listed = find('listed');
  pending = find('pending');
  sold = find('sold');
});
afterAll(() => t.close());

const details = (id: string, cookie?: string) =>
  t.app.inject({ url: `/api/tickets/${id}`, headers: cookie ? { cookie } : {} });

describe('GET /api/tickets/:id', () => {
  it('shows a visitor the public details and the seller name', async () => {
    const response = await details(listed.id);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      id: listed.id,
      status: 'listed',
      eventName: listed.eventName,
      listingPriceCents: listed.listingPriceCents,
      sellerDisplayName: demoAccounts.seller.username,
      viewer: 'visitor',
      buyerView: null,
    });
    expect(body).not.toHaveProperty('sellerId');
  });

  it("carries the prices from which the page's breakdown gives the stored amounts", async () => {
    const body = (await details(listed.id, cookies.seller)).json();
    expect(body.viewer).toBe('seller');
    expect(summarizePrices(body)).toMatchObject({
      buyerTotalCents: listed.listingPriceCents,
      sellerFeeCents: listed.serviceFeeCents,
      sellerReceivableCents: listed.sellerReceivableCents,
    });
  });

  it('shows the buyer the price paid and the files, and nobody else', async () => {
    const buyer = (await details(sold.id, cookies.buyer)).json();
    expect(buyer.viewer).toBe('buyer');
    expect(buyer.buyerView.pricePaidCents).toBe(sold.listingPriceCents);
    expect(buyer.buyerView.files).toHaveLength(sold.ticketCount);
    const other = (await details(sold.id, cookies.other)).json();
    expect(other).toMatchObject({ viewer: 'user', status: 'sold', buyerView: null });
  });

  it('keeps a listing under review to its seller', async () => {
    expect((await details(pending.id, cookies.seller)).json().status).toBe('pending');
    for (const cookie of [undefined, cookies.buyer]) {
      const response = await details(pending.id, cookie);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({
        code: 'ticket-not-listed',
        message: 'Tämä lippu ei ole tällä hetkellä myynnissä',
      });
    }
  });

  it('answers a missing or malformed id with "Lippua ei löytynyt"', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'ei-uuid', "1' or '1'='1"]) {
      const response = await details(encodeURIComponent(id));
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('Lippua ei löytynyt');
    }
  });

  it('offers up to three similar listed tickets of the same type, never the ticket itself', async () => {
    const body = (await details(listed.id)).json();
    expect(body.similar.length).toBeLessThanOrEqual(3);
    for (const card of body.similar) {
      expect(card.id).not.toBe(listed.id);
      expect(card.eventType).toBe(listed.eventType);
      const [row] = await t.app.db.select().from(listings).where(eq(listings.id, card.id));
      expect(row?.status).toBe('listed');
    }
  });

  it("offers a sold ticket's page the listed tickets of the same event, and a listed one none", async () => {
    // The demo's first sold listing has a second, listed one of the same event.
    const [soldRow] = await t.app.db
      .select()
      .from(listings)
      .where(eq(listings.id, demoListingIds('sold')[0] ?? ''));
    if (!soldRow) throw new Error('the demo has no sold listing');
    const sameEvent = await t.app.db
      .select({ id: listings.id })
      .from(listings)
      .where(
        and(
          eq(listings.status, 'listed'),
          eq(listings.eventName, soldRow.eventName),
          eq(listings.eventDate, soldRow.eventDate),
        ),
      );
    expect(sameEvent.length).toBeGreaterThan(0);
    const body = (await details(soldRow.id)).json();
    expect(body.sameEvent.map((card: { id: string }) => card.id).sort()).toEqual(
      sameEvent.map((row) => row.id).sort(),
    );
    expect((await details(listed.id)).json().sameEvent).toEqual([]);
  });

  it("tells others until when another buyer's payment holds the ticket, never who, and not the holder", async () => {
    const [buyer] = await t.app.db.select().from(users).where(eq(users.email, demoAccounts.buyer.email));
    const heldUntil = new Date(Date.now() + 8 * 60_000);
    await t.app.db.update(listings).set({ heldBy: buyer?.id, heldUntil }).where(eq(listings.id, listed.id));
    try {
      for (const cookie of [undefined, cookies.other]) {
        const response = await details(listed.id, cookie);
        expect(response.json().heldUntil).toBe(heldUntil.toISOString());
        expect(response.body).not.toContain(buyer?.id);
      }
      // The holder pays on: nothing stands in their way.
      expect((await details(listed.id, cookies.buyer)).json().heldUntil).toBeNull();
      // A hold whose time has passed is no hold.
      await t.app.db
        .update(listings)
        .set({ heldUntil: new Date(Date.now() - 1000) })
        .where(eq(listings.id, listed.id));
      expect((await details(listed.id)).json().heldUntil).toBeNull();
    } finally {
      await t.app.db
        .update(listings)
        .set({ heldBy: null, heldUntil: null })
        .where(eq(listings.id, listed.id));
    }
  });

  it("shows the seller's member-since date and sales completed without a complaint, and nothing of a deleted seller", async () => {
    const [seller] = await t.app.db.select().from(users).where(eq(users.id, sellerId));
    const ownSales = await t.app.db
      .select({ saleId: sales.id, status: payoutTracking.status })
      .from(sales)
      .innerJoin(payoutTracking, eq(payoutTracking.saleId, sales.id))
      .where(eq(sales.sellerId, sellerId));
    expect(ownSales.length).toBeGreaterThan(1);
    const [first, second] = ownSales;
    const setStatus = (saleId: string | undefined, status: 'pending' | 'paid' | 'cancelled') =>
      t.app.db
        .update(payoutTracking)
        .set({ status })
        .where(eq(payoutTracking.saleId, saleId ?? ''));
    const record = async () => (await details(listed.id)).json();
    try {
      await setStatus(first?.saleId, 'paid');
      await setStatus(second?.saleId, 'pending');
      const before = (await record()).sellerCompletedSales as number;
      expect(await record()).toMatchObject({ sellerMemberSince: seller?.createdAt.toISOString() });
      // A sale still in its complaint time, or refunded, is not completed; a paid one is.
      await setStatus(first?.saleId, 'cancelled');
      expect((await record()).sellerCompletedSales).toBe(before - 1);
      await setStatus(second?.saleId, 'paid');
      await setStatus(first?.saleId, 'paid');
      expect((await record()).sellerCompletedSales).toBe(before + 1);
      // Another seller's sales are not theirs.
      expect(before).toBeLessThanOrEqual(ownSales.length);
    } finally {
      for (const sale of [first, second]) await setStatus(sale?.saleId, sale?.status as 'pending');
    }
    // A deleted account keeps its row without a name: nothing more is said of it.
    await t.app.db.update(users).set({ displayName: null }).where(eq(users.id, sellerId));
    try {
      expect(await record()).toMatchObject({
        sellerDisplayName: null,
        sellerMemberSince: null,
        sellerCompletedSales: null,
      });
    } finally {
      await t.app.db.update(users).set({ displayName: seller?.displayName }).where(eq(users.id, sellerId));
    }
  });

  it('shows the view count only above 10', async () => {
    await t.app.db.update(listings).set({ viewCount: 10 }).where(eq(listings.id, listed.id));
    expect((await details(listed.id)).json().viewCount).toBeNull();
    await t.app.db.update(listings).set({ viewCount: 11 }).where(eq(listings.id, listed.id));
    expect((await details(listed.id)).json().viewCount).toBe(11);
  });
});

describe('POST /api/tickets/:id/views', () => {
  const view = (headers: Record<string, string>, remoteAddress = '198.51.100.7') =>
    t.app.inject({ method: 'POST', url: `/api/tickets/${listed.id}/views`, headers, remoteAddress });
  const count = async () =>
    (await t.app.db.select().from(listings).where(eq(listings.id, listed.id)))[0]?.viewCount ?? 0;

  it('counts each visitor once a day and ignores the seller', async () => {
    const start = await count();
    expect((await view({ 'user-agent': 'Puhelin' })).json()).toEqual({ counted: true });
    expect((await view({ 'user-agent': 'Puhelin' })).json()).toEqual({ counted: false });
    expect((await view({ 'user-agent': 'Puhelin' }, '198.51.100.8')).json()).toEqual({ counted: true });
    expect((await view({ cookie: cookies.buyer }, '198.51.100.9')).json()).toEqual({ counted: true });
    expect((await view({ cookie: cookies.buyer }, '203.0.113.1')).json()).toEqual({ counted: false });
    expect((await view({ cookie: cookies.seller }, '203.0.113.2')).json()).toEqual({ counted: false });
    expect(await count()).toBe(start + 3);
  });

  it('counts one view for one address, whatever browser it claims to be', async () => {
    const start = await count();
    const agents = Array.from({ length: 30 }, (_, i) => ({ 'user-agent': `Selain/${i}.0 (kone ${i})` }));
    const answers = await Promise.all(agents.map((headers) => view(headers, '192.0.2.77')));
    expect(answers.filter((answer) => answer.json().counted)).toHaveLength(1);
    expect(await count()).toBe(start + 1);
  });

  it('does not count a visitor again when they sign in on the same address', async () => {
    const start = await count();
    expect((await view({}, '192.0.2.88')).json()).toEqual({ counted: true });
    expect((await view({ cookie: cookies.other }, '192.0.2.88')).json()).toEqual({ counted: false });
    // The account is now known for the day: from another address it is still the same person.
    expect((await view({ cookie: cookies.other }, '192.0.2.89')).json()).toEqual({ counted: false });
    expect(await count()).toBe(start + 1);
  });
});

describe('GET /api/tickets/:id/files/:fileId', () => {
  const fileOf = async (listingId: string) => {
    const [file] = await t.app.db.select().from(listingFiles).where(eq(listingFiles.listingId, listingId));
    if (!file) throw new Error('no file');
    return file;
  };

  it('streams the PDF to its buyer and its seller, to be shown, or saved with ?download=1', async () => {
    const file = await fileOf(sold.id);
    for (const cookie of [cookies.buyer, cookies.seller]) {
      const response = await t.app.inject({
        url: `/api/tickets/${sold.id}/files/${file.id}?download=1`,
        headers: { cookie },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".+\.pdf"/);
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    // Shown in the browser: the 'Näytä lippu' tab and the admin's PDF viewer.
    for (const query of ['', '?download=0', '?inline=1']) {
      const inline = await t.app.inject({
        url: `/api/tickets/${sold.id}/files/${file.id}${query}`,
        headers: { cookie: cookies.buyer },
      });
      expect(inline.statusCode, query).toBe(200);
      expect(inline.headers['content-disposition'], query).toMatch(/^inline; filename=".+\.pdf"/);
    }
  });

  it('refuses visitors, other users, and a file of another listing', async () => {
    const file = await fileOf(sold.id);
    expect((await t.app.inject({ url: `/api/tickets/${sold.id}/files/${file.id}` })).statusCode).toBe(401);
    const other = await t.app.inject({
      url: `/api/tickets/${sold.id}/files/${file.id}`,
      headers: { cookie: cookies.other },
    });
    expect(other.statusCode).toBe(403);
    // An admin reviews the PDFs once the admin area is unlocked (see ticket-download.test.ts for
    // the whole rule); signed in alone, they are anyone.
    const [admin] = await t.app.db.select().from(users).where(eq(users.email, demoAccounts.admin.email));
    const unlocked = adminAccessCookie(t.app, { id: admin?.id ?? '', cookie: cookies.admin });
    const asAdmin = (cookie: string) =>
      t.app.inject({ url: `/api/tickets/${sold.id}/files/${file.id}`, headers: { cookie } });
    expect((await asAdmin(unlocked)).statusCode).toBe(200);
    const locked = await asAdmin(cookies.admin);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error.message).toBe('Sinulla ei ole oikeutta tähän lippuun');
    const mismatch = await t.app.inject({
      url: `/api/tickets/${listed.id}/files/${file.id}`,
      headers: { cookie: cookies.seller },
    });
    expect(mismatch.statusCode).toBe(404);
  });
});

describe('share link preview tags', () => {
  it('puts the event, date, price and an absolute image URL into the page head', () => {
    const html = withShareTags(
      '<html><head><title>Lipputori</title><meta name="description" content="x" /></head><body></body></html>',
      'https://lipputori.fi',
      'abc',
      {
        eventName: 'Rock & "Roll"',
        eventDate: '2026-12-24T16:00:00.000Z',
        eventVenue: 'Areena',
        location: 'Tampere',
        eventImage: '/defaults/events/konsertti/1.webp',
        listingPriceCents: 10_300,
        ticketCount: 2,
      },
    );
    expect(html).toContain(
      '<meta property="og:title" content="Rock &amp; &quot;Roll&quot; – 24.12.2026 – 103,00',
    );
    expect(html).toContain(
      '<meta property="og:image" content="https://lipputori.fi/defaults/events/konsertti/1.webp" />',
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain('<meta property="og:url" content="https://lipputori.fi/liput/jaa/abc" />');
    expect(html).toMatch(/<title>Rock &amp; &quot;Roll&quot; – 24\.12\.2026/);
    expect(html).toContain('2 lippua tapahtumaan');
  });
});

describe('sitemap', () => {
  it('lists the static pages and listed tickets only', async () => {
    const response = await t.app.inject({ url: '/sitemap.xml' });
    expect(response.headers['content-type']).toContain('application/xml');
    expect(response.body).toContain(`/liput/${listed.id}</loc>`);
    expect(response.body).not.toContain(pending.id);
    expect(response.body).not.toContain(sold.id);
    expect(response.body).toContain('/ukk</loc>');
    expect(response.body).toContain('/myy-lippu-info</loc>');
    expect(response.body).toContain('/saavutettavuus</loc>');
    const [{ n } = { n: 0 }] = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(listings)
      .where(and(eq(listings.status, 'listed'), sql`${listings.eventDate} >= now() - interval '1 day'`));
    expect(response.body.split('<url>').length - 1).toBeGreaterThanOrEqual(7 + Math.min(n, 1));
  });
});

import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calculatePrices } from '#shared/pricing.ts';
import { testCards } from '#shared/purchases/purchase.schema.ts';
import { listings } from '../../db/schema/index.ts';
import { changeFeedApplicationName } from '../../platform/changes/change-feed.ts';
import { adminAccessCookie, insertListing, signUp } from '../../test/listing-fixtures.ts';
import { createTwoTestApps } from '../../test/test-app.ts';

// Two app processes on one PostgreSQL database (each with its own pool and change feed): a write
// through one changes the other's public list, its ETags and the ticket page within a second.
// PGlite is one process's own database, so this needs DATABASE_URL.

const serverUrl = process.env.DATABASE_URL;
/** Far above the one second promised, so a busy machine does not fail the test; the latency is reported. */
const deadlineMs = 15_000;
const latencies: string[] = [];

describe.skipIf(!serverUrl)('caches of two processes on one database', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let close: () => Promise<void>;
  let seller: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    const two = await createTwoTestApps(serverUrl ?? '', { rateLimits: false });
    [a, b] = two.apps;
    close = two.close;
    seller = await signUp(a);
  }, 120_000);

  afterAll(async () => {
    await close?.();
    if (latencies.length > 0)
      console.info(`a write through one process reached the other in ${latencies.join(', ')}`);
  });

  const list = (app: FastifyInstance, etag?: string) =>
    app.inject({ url: '/api/tickets?pageSize=48', headers: etag ? { 'if-none-match': etag } : {} });
  const card = (response: LightMyRequestResponse, id: string) =>
    (response.json().items as { id: string; listingPriceCents: number }[]).find((item) => item.id === id);
  const ticketPage = (app: FastifyInstance, id: string) => app.inject({ url: `/api/tickets/${id}` });

  /** Polls B's list until `check` holds of it; answers the page and how long it took. */
  async function onB(
    what: string,
    check: (response: LightMyRequestResponse) => boolean,
  ): Promise<LightMyRequestResponse> {
    const started = performance.now();
    for (;;) {
      const response = await list(b);
      if (check(response)) {
        latencies.push(`${what} ${Math.round(performance.now() - started)} ms`);
        return response;
      }
      if (performance.now() - started > deadlineMs) throw new Error(`not within ${deadlineMs} ms: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  /**
   * B's list as it is now, held in B's memory: its ETag answers 304 until something changes. The
   * test's own rows were written straight to the tables, which tells no process: B starts over.
   */
  async function primeB() {
    b.publicListCache.clear();
    const before = await list(b);
    const etag = String(before.headers.etag);
    expect((await list(b, etag)).statusCode).toBe(304);
    return { before, etag };
  }

  it('an approval through A puts the listing on B’s list and ticket page, with a new ETag', async () => {
    const pending = await insertListing(a, { sellerId: seller.id, status: 'pending' });
    const { before, etag } = await primeB();
    expect(card(before, pending.id)).toBeUndefined();
    expect((await ticketPage(b, pending.id)).json().error.code).toBe('ticket-not-listed');

    const admin = await signUp(a, undefined, { admin: true });
    const approved = await a.inject({
      method: 'POST',
      url: `/api/admin/listings/${pending.id}/approve`,
      headers: { cookie: adminAccessCookie(a, admin), 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(approved.statusCode, approved.body).toBe(200);

    const after = await onB('approval', (response) => card(response, pending.id) !== undefined);
    expect(after.headers.etag).not.toBe(etag);
    expect((await list(b, etag)).statusCode).toBe(200);
    const page = await ticketPage(b, pending.id);
    expect(page.statusCode).toBe(200);
    expect(page.json().status).toBe('listed');
    // The same list has the same ETag in every process: a browser sent to either gets its 304.
    expect((await list(a)).headers.etag).toBe(after.headers.etag);
    expect((await list(a, String(after.headers.etag))).statusCode).toBe(304);
  });

  it('a price edited through A changes B’s card, ticket page and ETag', async () => {
    const listed = await insertListing(a, { sellerId: seller.id });
    const { before, etag } = await primeB();
    expect(card(before, listed.id)?.listingPriceCents).toBe(listed.listingPriceCents);

    const prices = calculatePrices(4000, 0);
    const edited = await a.inject({
      method: 'PATCH',
      url: `/api/listings/${listed.id}`,
      headers: { cookie: seller.cookie },
      payload: {
        sellingPrice: '40,00',
        additionalInfo: 'Rivi 3',
        listingPriceCents: prices.listingPriceCents,
        sellerReceivableCents: prices.sellerReceivableCents,
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const after = await onB(
      'edit',
      (response) => card(response, listed.id)?.listingPriceCents === prices.listingPriceCents,
    );
    expect(after.headers.etag).not.toBe(etag);
    expect((await ticketPage(b, listed.id)).json().listingPriceCents).toBe(prices.listingPriceCents);
  });

  it('a sale through A takes the listing off B’s list and shows it sold on B’s ticket page', async () => {
    const listed = await insertListing(a, { sellerId: seller.id });
    const { before, etag } = await primeB();
    expect(card(before, listed.id)).toBeDefined();

    const buyer = await signUp(a);
    const held = await a.inject({
      method: 'POST',
      url: `/api/purchases/${listed.id}/reservation`,
      headers: { cookie: buyer.cookie },
      payload: { priceCents: listed.listingPriceCents },
    });
    expect(held.statusCode, held.body).toBe(200);
    const paid = await a.inject({
      method: 'POST',
      url: '/api/payments/local/confirm',
      headers: { cookie: buyer.cookie },
      payload: {
        clientSecret: held.json().clientSecret,
        cardNumber: testCards.succeeds,
        expiry: '12/34',
        cvc: '123',
        name: 'Testi Ostaja',
        email: buyer.email,
      },
    });
    expect(paid.json().intentStatus, paid.body).toBe('succeeded');
    // The local provider's event reaches A's webhook route before the confirmation answers.
    const [row] = await a.db
      .select({ status: listings.status })
      .from(listings)
      .where(eq(listings.id, listed.id));
    expect(row?.status).toBe('sold');

    const after = await onB('sale', (response) => card(response, listed.id) === undefined);
    expect(after.headers.etag).not.toBe(etag);
    expect((await ticketPage(b, listed.id)).json().status).toBe('sold');
  });

  it('forgets what it held when its feed connection was ended, and hears A again once back', async () => {
    const listed = await insertListing(a, { sellerId: seller.id });
    await primeB();
    // A change nobody announced, as one made while B's feed was away: B's memory does not know it.
    await a.db
      .update(listings)
      .set({ listingPriceCents: sql`${listings.listingPriceCents} + 100` })
      .where(eq(listings.id, listed.id));
    expect(card(await list(b), listed.id)?.listingPriceCents).toBe(listed.listingPriceCents);

    await b.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${changeFeedApplicationName} and datname = current_database()`,
    );
    await onB(
      'reconnect',
      (response) => card(response, listed.id)?.listingPriceCents === listed.listingPriceCents + 100,
    );

    const removed = await a.inject({
      method: 'POST',
      url: `/api/listings/${listed.id}/removal`,
      headers: { cookie: seller.cookie },
      payload: { reason: 'buyer_found_elsewhere' },
    });
    expect(removed.statusCode, removed.body).toBe(204);
    await onB('removal after reconnect', (response) => card(response, listed.id) === undefined);
  });
});

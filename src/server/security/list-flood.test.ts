import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicListQuerySchema } from '#shared/browsing/public-list.schema.ts';
import type { Db } from '../db/client.ts';
import { PublicListCache } from '../modules/browsing/public-list.service.ts';
import type { ListedListing } from '../modules/listings/listings.service.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// Random search terms once took the list from 8,700 to 645 answers a second, each a database query.
describe('a flood of made-up searches', () => {
  const listing = (id: number, name: string): ListedListing => ({
    card: {
      id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
      eventName: name,
      eventImage: null,
      eventType: 'concert',
      eventDate: '2099-01-01T18:00:00.000Z',
      eventTime: '18:00',
      eventEndDate: null,
      eventVenue: 'Areena',
      location: 'Helsinki',
      ticketCount: 1,
      listingPriceCents: 5000 + id,
      sellingPriceCents: 4855,
      originalPriceCents: 6000,
      additionalFeesCents: 0,
    },
    searchText: name.toLowerCase(),
    createdAtMicros: id,
    eventDateMicros: 4_070_000_000_000_000 + id,
  });

  it('costs no database query and does not push the default view out of memory', async () => {
    let loads = 0;
    const cache = new PublicListCache(async () => {
      loads++;
      return Array.from({ length: 200 }, (_, i) => listing(i, `Rock-konsertti ${i}`));
    });
    const db = {} as Db;
    const defaultUrl = '/api/tickets?page=1&pageSize=15';
    await cache.get(db, publicListQuerySchema.parse({}), defaultUrl);

    for (let i = 0; i < 3000; i++) {
      const searchTerm = `haku${i.toString(36)}`;
      const url = `/api/tickets?searchTerm=${searchTerm}`;
      const page = await cache.get(db, publicListQuerySchema.parse({ searchTerm }), url);
      expect(JSON.parse(page.body.toString()).total).toBe(0);
    }
    expect(loads).toBe(1);
    expect(cache.peek(defaultUrl)).toBeDefined();
    const found = await cache.get(db, publicListQuerySchema.parse({ searchTerm: 'rock 19' }), '/x');
    expect(JSON.parse(found.body.toString()).total).toBe(12); // 19, 119 and 190–199
  });
});

describe('GET /api/tickets per-address limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: true });
  });
  afterAll(() => t.close());

  it('answers 600 requests a minute from one address, then a Finnish 429, while others still browse', async () => {
    const ask = (i: number, remoteAddress: string) =>
      t.app.inject({ url: `/api/tickets?searchTerm=${i % 7}&page=1`, remoteAddress });
    const answers = [];
    for (let i = 0; i < 600; i++) answers.push((await ask(i, '198.51.100.60')).statusCode);
    expect(answers.every((status) => status === 200)).toBe(true);
    const refused = await ask(600, '198.51.100.60');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({
      code: 'resource-exhausted',
      message: 'Liian monta pyyntöä. Yritä myöhemmin uudelleen.',
    });
    expect((await ask(601, '198.51.100.61')).statusCode).toBe(200);
  });
});

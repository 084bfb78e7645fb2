import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PublicList, sortOptions } from '#shared/browsing/public-list.schema.ts';
import { eventTypeCodesForFilter, eventTypeName, filterCategories } from '#shared/categories.ts';
import { addDays, helsinkiDate, helsinkiDateTime } from '#shared/dates.ts';
import { foldForSearch } from '#shared/search-text.ts';
import { listings, users } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
type Row = typeof listings.$inferInsert & { id: string; createdAt: Date; eventDate: Date };
const rows: Row[] = [];

const words = [
  'Näyttely',
  'Rock',
  'Jää',
  'kiekko',
  'Åbo',
  'Helsinki',
  'Tampere',
  'Sinfonia',
  'Komiikka',
  'Ölutfest',
];
const cities = ['Helsinki', 'Tampere', 'Turku', 'Oulu', 'Jyväskylä'];
const types = [
  'konsertti',
  'festivaali',
  'urheilu',
  'teatteri',
  'standup',
  'nayttely',
  'elokuva',
  'muu',
] as const;
const statuses = ['listed', 'listed', 'listed', 'pending', 'sold', 'expired', 'rejected'] as const;

beforeAll(async () => {
  t = await createTestApp();
  const [seller] = await t.app.db
    .insert(users)
    .values({ email: 'lista@example.fi', username: 'lista' })
    .returning();
  const today = helsinkiDate(new Date());
  const generated = fc.sample(
    fc.record({
      name: fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 3 }),
      city: fc.constantFrom(...cities),
      type: fc.constantFrom(...types),
      status: fc.constantFrom(...statuses),
      inDays: fc.integer({ min: -5, max: 90 }),
      price: fc.integer({ min: 500, max: 50_000 }),
    }),
    { numRuns: 80, seed: 20261123 },
  );
  generated.forEach((g, i) => {
    const eventName = g.name.join(' ');
    const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    rows.push({
      id,
      sellerId: seller?.id ?? '',
      status: g.status,
      eventName,
      location: g.city,
      eventVenue: 'Areena',
      eventDate: helsinkiDateTime(addDays(today, g.inDays), '18:00'),
      eventTime: '18:00',
      eventType: g.type,
      ticketType: 'Peruslippu',
      originalPriceCents: g.price,
      sellingPriceCents: g.price,
      serviceFeeCents: 0,
      listingPriceCents: g.price,
      sellerReceivableCents: g.price,
      searchText: foldForSearch(`${eventName} ${g.city} ${eventTypeName(g.type)}`),
      createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
    });
  });
  await t.app.db.insert(listings).values(rows);
});
afterAll(() => t.close());

interface Query {
  searchTerm: string;
  sortBy: (typeof sortOptions)[number];
  filterCategory: 'all' | (typeof filterCategories)[number];
  page: number;
  pageSize: number;
}

/** The same result computed the slow, obvious way. */
function bruteForce(query: Query): PublicList {
  const startOfToday = helsinkiDateTime(helsinkiDate(new Date()), '00:00');
  const needles = foldForSearch(query.searchTerm).split(/\s+/).filter(Boolean);
  const codes = query.filterCategory === 'all' ? null : eventTypeCodesForFilter(query.filterCategory);
  const matching = rows.filter(
    (row) =>
      row.status === 'listed' &&
      row.eventDate >= startOfToday &&
      (!codes || (codes as string[]).includes(row.eventType)) &&
      needles.every((needle) => row.searchText.includes(needle)),
  );
  const byId = (a: Row, b: Row) => a.id.localeCompare(b.id);
  const compare: Record<Query['sortBy'], (a: Row, b: Row) => number> = {
    newest: (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || byId(a, b),
    dateAsc: (a, b) => a.eventDate.getTime() - b.eventDate.getTime() || byId(a, b),
    dateDesc: (a, b) => b.eventDate.getTime() - a.eventDate.getTime() || byId(a, b),
    priceAsc: (a, b) => (a.listingPriceCents ?? 0) - (b.listingPriceCents ?? 0) || byId(a, b),
    priceDesc: (a, b) => (b.listingPriceCents ?? 0) - (a.listingPriceCents ?? 0) || byId(a, b),
  };
  const sorted = matching.sort(compare[query.sortBy]);
  const start = (query.page - 1) * query.pageSize;
  return {
    items: sorted.slice(start, start + query.pageSize).map((row) => ({
      id: row.id,
      eventName: row.eventName,
      eventImage: null,
      eventType: row.eventType,
      eventDate: row.eventDate.toISOString(),
      eventTime: row.eventTime,
      eventEndDate: null,
      eventVenue: row.eventVenue,
      location: row.location,
      ticketCount: 1,
      listingPriceCents: row.listingPriceCents ?? 0,
      sellingPriceCents: row.sellingPriceCents,
      originalPriceCents: row.originalPriceCents,
      additionalFeesCents: 0,
    })),
    total: matching.length,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** A search term as a visitor might type it: a fragment of a word, in any case, with or without accents. */
const searchTerm = fc.oneof(
  fc.constant(''),
  fc
    .tuple(
      fc.constantFrom(...words, ...cities, 'Näyttely', 'muu tapahtuma'),
      fc.integer({ min: 0, max: 3 }),
      fc.boolean(),
      fc.boolean(),
    )
    .map(([word, cut, upper, stripAccents]) => {
      let term = word.slice(cut > word.length - 2 ? 0 : cut);
      if (stripAccents) term = term.normalize('NFD').replace(/\p{M}/gu, '');
      return upper ? term.toUpperCase() : term.toLowerCase();
    }),
);

describe('GET /api/tickets', () => {
  it('matches a brute-force search, filter, sort and paging over random data (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          searchTerm,
          sortBy: fc.constantFrom(...sortOptions),
          filterCategory: fc.constantFrom('all' as const, ...filterCategories),
          page: fc.integer({ min: 1, max: 4 }),
          pageSize: fc.constantFrom(1, 8, 10, 15, 16),
        }),
        async (query) => {
          const params = new URLSearchParams({
            ...query,
            page: String(query.page),
            pageSize: String(query.pageSize),
          });
          const response = await t.app.inject({ url: `/api/tickets?${params}` });
          expect(response.statusCode).toBe(200);
          const actual = response.json() as PublicList;
          const expected = bruteForce(query);
          expect(actual.total).toBe(expected.total);
          expect(actual.items.map((item) => item.id)).toEqual(expected.items.map((item) => item.id));
        },
      ),
      { numRuns: 120 },
    );
  });

  it('finds a word without its accents and a category by its Finnish name', async () => {
    const plain = (
      await t.app.inject({ url: '/api/tickets?searchTerm=nayttely&pageSize=48' })
    ).json() as PublicList;
    const accented = (
      await t.app.inject({ url: '/api/tickets?searchTerm=N%C3%84YTTELY&pageSize=48' })
    ).json() as PublicList;
    expect(plain.total).toBeGreaterThan(0);
    expect(accented.items).toEqual(plain.items);
  });

  it('answers an unchanged page with 304 and sends gzip when asked', async () => {
    const first = await t.app.inject({ url: '/api/tickets' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({ url: '/api/tickets', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const zipped = await t.app.inject({ url: '/api/tickets', headers: { 'accept-encoding': 'gzip, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
  });

  it('shows a status change as soon as it is made, without the caller clearing anything', async () => {
    const before = (
      await t.app.inject({ url: '/api/tickets?pageSize=48&sortBy=newest' })
    ).json() as PublicList;
    const target = rows.find((row) => row.status === 'pending' && row.eventDate > new Date());
    if (!target) throw new Error('the random data has no upcoming pending listing');
    expect(
      await inTransaction(t.app.db, (transaction) =>
        t.app.listings.approve(transaction, target.id, target.sellerId),
      ),
    ).toBe(true);
    const after = (
      await t.app.inject({ url: '/api/tickets?pageSize=48&sortBy=newest' })
    ).json() as PublicList;
    expect(after.total).toBe(before.total + 1);
    const removed = await inTransaction(t.app.db, (transaction) =>
      t.app.listings.remove(transaction, target.id, 'admin_removed', null),
    );
    expect(removed).toBe(true);
    target.status = 'removed';
    const again = (
      await t.app.inject({ url: '/api/tickets?pageSize=48&sortBy=newest' })
    ).json() as PublicList;
    expect(again.total).toBe(before.total);
  });

  it('falls back to the defaults for unknown sort and category values, and rejects bad paging', async () => {
    const fallback = (
      await t.app.inject({ url: '/api/tickets?sortBy=random&filterCategory=Kissat' })
    ).json() as PublicList;
    const defaults = (await t.app.inject({ url: '/api/tickets' })).json() as PublicList;
    expect(fallback).toEqual(defaults);
    for (const query of ['page=0', 'page=abc', 'pageSize=1000']) {
      const response = await t.app.inject({ url: `/api/tickets?${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('invalid-argument');
    }
  });
});

describe('expiring past listings', () => {
  it('marks pending and listed listings of past days as expired, once', async () => {
    const startOfToday = helsinkiDateTime(helsinkiDate(new Date()), '00:00');
    const past = rows.filter(
      (row) => (row.status === 'listed' || row.status === 'pending') && row.eventDate < startOfToday,
    );
    expect(past.length).toBeGreaterThan(0);
    expect(await t.app.listings.expirePast()).toBe(past.length);
    expect(await t.app.listings.expirePast()).toBe(0);
    const [one] = await t.app.db
      .select()
      .from(listings)
      .where(eq(listings.id, past[0]?.id ?? ''));
    expect(one?.status).toBe('expired');
  });
});

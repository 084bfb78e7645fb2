import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventSearchResultSchema } from '#shared/listings/event-search.schema.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { EventCatalogError } from './event-catalog.ts';
import { createTicketmasterEventCatalog } from './ticketmaster-event-catalog.ts';

// A stand-in for Ticketmaster's Discovery API on this machine, answering in its JSON shape: each
// test says how it answers, and every request it got is kept.

const apiKey = 'tm-test-key-3f9c1d';
type Handler = (request: IncomingMessage, response: ServerResponse) => void;
let handler: Handler;
let requests: URL[];
let server: Server;
let baseUrl: string;

const json =
  (body: unknown, status = 200): Handler =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(new URL(request.url ?? '/', 'http://localhost'));
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  requests = [];
  handler = json({ _links: {}, page: { size: 10, totalElements: 0, totalPages: 0, number: 0 } });
});

const catalog = (timeoutMs?: number) =>
  createTicketmasterEventCatalog({ apiKey, baseUrl: `${baseUrl}/`, ...(timeoutMs ? { timeoutMs } : {}) });

/** One event as the Discovery API writes it (trimmed of what we do not read). */
const tmEvent = (overrides: Record<string, unknown> = {}) => ({
  name: 'Nightwish – Yesterwynde World Tour',
  type: 'event',
  id: 'Z698xZG2Z17aY6_',
  test: false,
  url: 'https://www.ticketmaster.fi/event/nightwish-tickets/123',
  locale: 'fi-fi',
  images: [
    {
      ratio: '3_2',
      url: 'https://s1.ticketm.net/dam/a/1/ARTIST_640.jpg',
      width: 640,
      height: 427,
      fallback: false,
    },
    {
      ratio: '16_9',
      url: 'https://s1.ticketm.net/dam/a/1/RETINA_LANDSCAPE_16_9.jpg',
      width: 1136,
      height: 639,
      fallback: false,
    },
    {
      ratio: '16_9',
      url: 'https://s1.ticketm.net/dam/a/1/TABLET_LANDSCAPE_16_9.jpg',
      width: 1024,
      height: 576,
      fallback: false,
    },
    {
      ratio: '4_3',
      url: 'https://s1.ticketm.net/dam/a/1/CUSTOM.jpg',
      width: 305,
      height: 225,
      fallback: false,
    },
  ],
  dates: {
    start: {
      localDate: '2027-06-12',
      localTime: '19:00:00',
      dateTime: '2027-06-12T16:00:00Z',
      dateTBD: false,
    },
    timezone: 'Europe/Helsinki',
    status: { code: 'onsale' },
  },
  classifications: [
    {
      primary: true,
      segment: { id: 'KZFzniwnSyZfZ7v7nJ', name: 'Music' },
      genre: { id: 'KnvZfZ7vAvt', name: 'Metal' },
    },
  ],
  _embedded: {
    venues: [
      {
        name: 'Nokia Arena',
        type: 'venue',
        id: 'Z698xZG2ZaFb1',
        city: { name: 'Tampere' },
        country: { name: 'Finland', countryCode: 'FI' },
      },
    ],
  },
  ...overrides,
});

const page = (events: unknown[]) => ({
  _embedded: { events },
  _links: { self: { href: '/discovery/v2/events.json?keyword=x' } },
  page: { size: 10, totalElements: events.length, totalPages: 1, number: 0 },
});

const failureOf = async (promise: Promise<unknown>): Promise<EventCatalogError> => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(EventCatalogError);
  const failure = error as EventCatalogError;
  expect(failure.message).not.toContain(apiKey);
  return failure;
};

describe('the Ticketmaster event catalogue', () => {
  it('asks the Discovery API event search with the key, the keyword, Finland and the size, soonest first', async () => {
    await catalog().search('  Nightwish Tampere ', 7);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.pathname).toBe('/discovery/v2/events.json');
    expect(Object.fromEntries(request?.searchParams ?? [])).toEqual({
      apikey: apiKey,
      keyword: 'Nightwish Tampere',
      countryCode: 'FI',
      size: '7',
      sort: 'date,asc',
      locale: '*',
    });
  });

  it('maps an event to the search result shape', async () => {
    handler = json(page([tmEvent()]));
    const [result, ...rest] = await catalog().search('nightwish', 10);
    expect(rest).toEqual([]);
    expect(result).toEqual({
      id: 'Z698xZG2Z17aY6_',
      name: 'Nightwish – Yesterwynde World Tour',
      dates: { start: { localDate: '2027-06-12', localTime: '19:00:00' } },
      venue: { name: 'Nokia Arena' },
      city: { name: 'Tampere' },
      images: [
        { url: 'https://s1.ticketm.net/dam/a/1/ARTIST_640.jpg', ratio: '3_2', width: 640 },
        { url: 'https://s1.ticketm.net/dam/a/1/RETINA_LANDSCAPE_16_9.jpg', ratio: '16_9', width: 1136 },
        { url: 'https://s1.ticketm.net/dam/a/1/TABLET_LANDSCAPE_16_9.jpg', ratio: '16_9', width: 1024 },
        { url: 'https://s1.ticketm.net/dam/a/1/CUSTOM.jpg', ratio: '4_3', width: 305 },
      ],
      eventType: 'konsertti',
    });
    expect(eventSearchResultSchema.safeParse(result).success).toBe(true);
  });

  it('maps the segments it knows to event types and leaves the rest unknown', async () => {
    const withSegment = (id: string, name: string | undefined) =>
      tmEvent({ id, classifications: name ? [{ primary: true, segment: { id: 'x', name } }] : [] });
    handler = json(
      page([
        withSegment('music', 'Music'),
        withSegment('sports', 'Sports'),
        withSegment('arts', 'Arts & Theatre'),
        withSegment('film', 'Film'),
        withSegment('misc', 'Miscellaneous'),
        withSegment('none', undefined),
      ]),
    );
    const results = await catalog().search('x', 10);
    expect(Object.fromEntries(results.map((result) => [result.id, result.eventType]))).toEqual({
      music: 'konsertti',
      sports: 'urheilu',
      arts: 'teatteri',
      film: 'elokuva',
      misc: undefined,
      none: undefined,
    });
  });

  it("passes an 'Unknown' venue on as it is (the autofill leaves it out) and copes without venue, time or images", async () => {
    handler = json(
      page([
        tmEvent({
          id: 'unknown-venue',
          _embedded: { venues: [{ name: 'Unknown', city: { name: 'Helsinki' } }] },
        }),
        tmEvent({
          id: 'bare',
          images: undefined,
          _embedded: undefined,
          dates: { start: { localDate: '2027-07-01', dateTBD: false, timeTBA: true, noSpecificTime: true } },
        }),
      ]),
    );
    const [unknownVenue, bare] = await catalog().search('x', 10);
    expect(unknownVenue).toMatchObject({ venue: { name: 'Unknown' }, city: { name: 'Helsinki' } });
    expect(bare).toEqual({
      id: 'bare',
      name: 'Nightwish – Yesterwynde World Tour',
      dates: { start: { localDate: '2027-07-01' } },
      images: [],
      eventType: 'konsertti',
    });
  });

  it('drops what cannot be used: events without a date or name, images not on https', async () => {
    handler = json(
      page([
        tmEvent({ id: 'tbd', dates: { start: { dateTBD: true } } }),
        tmEvent({ id: 'nameless', name: '' }),
        tmEvent({ id: 'odd-date', dates: { start: { localDate: '12.6.2027' } } }),
        'not an event',
        tmEvent({
          id: 'images',
          images: [
            { url: 'http://plain.example/a.jpg', ratio: '16_9', width: 640 },
            { url: 'javascript:alert(1)' },
            { ratio: '16_9', width: 640 },
            { url: 'https://s1.ticketm.net/ok.jpg', ratio: '16_9', width: 'wide' },
          ],
        }),
      ]),
    );
    const results = await catalog().search('x', 10);
    expect(results.map((result) => result.id)).toEqual(['images']);
    expect(results[0]?.images).toEqual([{ url: 'https://s1.ticketm.net/ok.jpg', ratio: '16_9' }]);
  });

  it('answers nothing when nothing matched (no _embedded)', async () => {
    expect(await catalog().search('ei ole', 10)).toEqual([]);
    handler = json({ _embedded: { events: [] }, page: { totalElements: 0 } });
    expect(await catalog().search('ei ole', 10)).toEqual([]);
  });

  it('never answers more than asked for', async () => {
    handler = json(page(Array.from({ length: 12 }, (_, i) => tmEvent({ id: `e${i}` }))));
    expect(await catalog().search('x', 10)).toHaveLength(10);
  });

  it('fails with the status when Ticketmaster answers 500 (or 401 for a wrong key)', async () => {
    handler = json({ fault: { faultstring: 'Internal error' } }, 500);
    const failure = await failureOf(catalog().search('x', 10));
    expect(failure).toMatchObject({ catalogue: 'ticketmaster', reason: 'http-status', status: 500 });
    handler = json(
      { fault: { faultstring: 'Invalid ApiKey', detail: { errorcode: 'oauth.v2.InvalidApiKey' } } },
      401,
    );
    expect(await failureOf(catalog().search('x', 10))).toMatchObject({ reason: 'http-status', status: 401 });
  });

  it('gives up on a slow answer after the timeout', async () => {
    handler = (_request, response) => {
      const timer = setTimeout(() => json(page([tmEvent()]))(_request, response), 2_000);
      response.on('close', () => clearTimeout(timer));
    };
    const started = Date.now();
    const failure = await failureOf(catalog(200).search('x', 10));
    expect(failure.reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('gives up on an answer whose body stalls after the headers', async () => {
    handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"_embedded": {"events": [');
    };
    expect((await failureOf(catalog(200).search('x', 10))).reason).toBe('timeout');
  });

  it('fails as malformed on a body that is not JSON, or not an event search', async () => {
    handler = json('<html>Service Unavailable</html>');
    expect((await failureOf(catalog().search('x', 10))).reason).toBe('malformed');
    handler = json('{"_embedded": {"events": [');
    expect((await failureOf(catalog().search('x', 10))).reason).toBe('malformed');
    handler = json({ _embedded: { events: 'none' } });
    expect((await failureOf(catalog().search('x', 10))).reason).toBe('malformed');
    handler = json([1, 2, 3]);
    expect((await failureOf(catalog().search('x', 10))).reason).toBe('malformed');
  });

  it('fails as a network failure when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = createTicketmasterEventCatalog({ apiKey, baseUrl: `http://127.0.0.1:${port}` });
    const failure = await failureOf(unreachable.search('x', 10));
    expect(failure.reason).toBe('network');
    expect(failure.message).toContain('ECONNREFUSED');
  });

  it('keeps the key out of a failure even when the fetch quotes the URL', async () => {
    const quoting = createTicketmasterEventCatalog({
      apiKey,
      baseUrl,
      fetch: async (url) => {
        throw new TypeError(`cannot fetch ${String(url)}`);
      },
    });
    const failure = await failureOf(quoting.search('x', 10));
    expect(failure.message).toContain('[redacted]');
  });
});

describe('EVENT_CATALOG', () => {
  it('is the local catalogue by default', () => {
    expect(loadConfig({}).eventCatalog).toEqual({ kind: 'local' });
  });

  it('uses Ticketmaster with a key, at its own address unless told another', () => {
    expect(loadConfig({ EVENT_CATALOG: 'ticketmaster', TICKETMASTER_API_KEY: apiKey }).eventCatalog).toEqual({
      kind: 'ticketmaster',
      apiKey,
      baseUrl: 'https://app.ticketmaster.com',
    });
    expect(
      loadConfig({
        EVENT_CATALOG: 'ticketmaster',
        TICKETMASTER_API_KEY: apiKey,
        TICKETMASTER_BASE_URL: 'http://127.0.0.1:9999',
      }).eventCatalog,
    ).toMatchObject({ baseUrl: 'http://127.0.0.1:9999' });
  });

  it('refuses to start with Ticketmaster and no key, naming the variable', () => {
    expect(() => loadConfig({ EVENT_CATALOG: 'ticketmaster' })).toThrow(ConfigError);
    expect(() => loadConfig({ EVENT_CATALOG: 'ticketmaster', TICKETMASTER_API_KEY: '  ' })).toThrow(
      /TICKETMASTER_API_KEY/,
    );
    expect(() => loadConfig({ EVENT_CATALOG: 'ticketmaster' })).toThrow(
      /TICKETMASTER_API_KEY: required when EVENT_CATALOG=ticketmaster/,
    );
  });

  it('refuses an unknown catalogue and a base address that is not http(s)', () => {
    expect(() => loadConfig({ EVENT_CATALOG: 'eventbrite' })).toThrow(/EVENT_CATALOG/);
    expect(() =>
      loadConfig({
        EVENT_CATALOG: 'ticketmaster',
        TICKETMASTER_API_KEY: apiKey,
        TICKETMASTER_BASE_URL: 'ftp://x',
      }),
    ).toThrow(/TICKETMASTER_BASE_URL/);
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '#shared/errors.ts';
import { eventSearchMessages, eventSearchResponseSchema } from '#shared/listings/event-search.schema.ts';
import { unstorableTextMessage } from '#shared/text.ts';
import { demoAccounts, seedDemoData } from '../../seed/demo-data.ts';
import { sessionCookieFrom } from '../../test/session-cookie.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let buyer = '';
let seller = '';
let admin = '';

const login = async (account: { email: string; password: string }) =>
  sessionCookieFrom(await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: account }));

beforeAll(async () => {
  // With the rate limits on, as in production.
  t = await createTestApp();
  await seedDemoData(t.app);
  buyer = await login(demoAccounts.buyer);
  seller = await login(demoAccounts.seller);
  admin = await login(demoAccounts.admin);
});
afterAll(() => t.close());

/** As the buyer unless told another cookie; `null`: a visitor. */
const search = (query: string, cookie: string | null = buyer) =>
  t.app.inject({ method: 'GET', url: `/api/events/search${query}`, headers: cookie ? { cookie } : {} });

const finnishMessages: string[] = [...Object.values(eventSearchMessages), unstorableTextMessage];

describe('GET /api/events/search', () => {
  it('is for signed-in users only', async () => {
    const response = await search('?q=kevatsoitto', null);
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toEqual({
      code: 'unauthenticated',
      message: errorMessages.unauthenticated,
    });
    expect(errorMessages.unauthenticated).toBe('Kirjaudu sisään jatkaaksesi');
  });

  it('finds a seeded event by an upper-case query without accents', async () => {
    const response = await search('?q=KEVATSOITTO');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    const body = eventSearchResponseSchema.parse(response.json());
    expect(body.events).toHaveLength(1);
    expect(body.events[0]).toMatchObject({
      id: 'demo-kevatsoitto',
      name: 'Kevätsoitto Areenakonsertti',
      dates: { start: { localTime: '19:00' } },
      venue: { name: 'Nokia Arena' },
      city: { name: 'Tampere' },
      images: [{ ratio: '16_9', width: 1200 }],
      eventType: 'konsertti',
    });
  });

  it('matches every word and leaves past events out', async () => {
    const derby = eventSearchResponseSchema.parse((await search('?q=jaakiekko%20tampere')).json());
    expect(derby.events.map((event) => event.name)).toEqual(['Jääkiekon paikallisderby']);
    // Syyskonsertti Sibeliustalossa was twelve days ago in the demo catalogue.
    expect((await search('?q=syyskonsertti')).json()).toEqual({ events: [] });
  });

  it('answers at most 10 events, soonest first', async () => {
    const body = eventSearchResponseSchema.parse((await search('?q=a', seller)).json());
    expect(body.events).toHaveLength(10);
    const starts = body.events.map((event) => event.dates.start.localDate);
    expect(starts).toEqual([...starts].sort());
  });

  it.each([
    ['a missing q', '', eventSearchMessages.required],
    ['an empty q', '?q=', eventSearchMessages.required],
    ['a blank q', '?q=%20%20%20', eventSearchMessages.required],
    ['101 characters', `?q=${'a'.repeat(101)}`, eventSearchMessages.tooLong],
    ['a NUL byte', '?q=kevat%00soitto', unstorableTextMessage],
    ['a control character', '?q=kevat%07', eventSearchMessages.invalidCharacters],
    ['an array q[]', '?q[]=kevatsoitto', eventSearchMessages.required],
    ['a repeated q', '?q=kevat&q=soitto', eventSearchMessages.notText],
  ])('refuses %s with 400 and a Finnish message', async (_name, query, message) => {
    const response = await search(query);
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toBe(message);
    expect(error.issues?.[0]?.path).toBe('q');
  });

  it.each([
    '?q=%',
    '?q=%ZZ',
    '?q=%ED%A0%80',
    '?q=%F0%9F%8E%B8',
    '?q=_%25\\',
    "?q='%3B%20drop%20table%20events%3B--",
    `?q=${'%C3%A4'.repeat(100)}`,
    `?q=${'a%20'.repeat(60)}`,
  ])('never fails with a 500 on hostile text: %s', async (query) => {
    const response = await search(query);
    expect([200, 400]).toContain(response.statusCode);
    if (response.statusCode === 200)
      expect(eventSearchResponseSchema.safeParse(response.json()).success).toBe(true);
    else expect(finnishMessages).toContain(response.json().error.message);
  });

  it('answers any bytes in q with 200 or a Finnish 400, never a 500 (property)', async () => {
    const anyBytes = fc
      .uint8Array({ minLength: 0, maxLength: 120 })
      .map((bytes) => Array.from(bytes, (byte) => `%${byte.toString(16).padStart(2, '0')}`).join(''));
    await fc.assert(
      fc.asyncProperty(anyBytes, async (q) => {
        const response = await search(`?q=${q}`, admin);
        expect([200, 400], response.body).toContain(response.statusCode);
        if (response.statusCode === 200)
          expect(eventSearchResponseSchema.safeParse(response.json()).success).toBe(true);
        else expect(finnishMessages).toContain(response.json().error.message);
      }),
      // Under the per-user limit of 60 a minute.
      { numRuns: 50 },
    );
  });

  it('is in the API reference with its errors', async () => {
    const document = (await t.app.inject({ url: '/api/docs/openapi.json' })).json();
    const operation = document.paths['/api/events/search']?.get;
    expect(operation?.tags).toEqual(['events']);
    expect(Object.keys(operation?.responses ?? {}).sort()).toEqual(['200', '400', '401', '429']);
    expect(operation?.parameters).toContainEqual(
      expect.objectContaining({ name: 'q', in: 'query', required: true }),
    );
  });

  it('holds one user to 60 searches a minute, without limiting the others', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await search('?q=tampere', seller)).statusCode);
    // The earlier tests searched as the seller too: the limit came somewhere in these.
    expect(statuses).toContain(429);
    const limited = await search('?q=tampere', seller);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({
      code: 'resource-exhausted',
      message: errorMessages['resource-exhausted'],
    });
    expect((await search('?q=tampere', buyer)).statusCode).toBe(200);
  });
});

describe('GET /api/events/search with Ticketmaster', () => {
  const apiKey = 'tm-route-test-key-77aa';
  const lines: string[] = [];
  let tm: TestApp;
  let server: Server;
  let answer: { status: number; body: string };
  let cookie = '';

  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    tm = await createTestApp(
      { rateLimits: false, eventCatalog: { kind: 'ticketmaster', apiKey, baseUrl } },
      { logDestination: { write: (line) => lines.push(line) } },
    );
    const registered = await tm.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        firstName: 'Tiina',
        lastName: 'Testaaja',
        email: 'tiina.tm@example.fi',
        username: 'TiinaTM',
        password: 'Salasana1',
        password2: 'Salasana1',
        isAdult: true,
      },
    });
    cookie = sessionCookieFrom(registered);
  });
  afterAll(async () => {
    await tm?.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const tmSearch = () =>
    tm.app.inject({ method: 'GET', url: '/api/events/search?q=nightwish', headers: { cookie } });

  it("answers Ticketmaster's events in the shared shape", async () => {
    answer = {
      status: 200,
      body: JSON.stringify({
        _embedded: {
          events: [
            {
              id: 'Z698xZG2Z17aY6_',
              name: 'Nightwish',
              dates: { start: { localDate: '2027-06-12', localTime: '19:00:00' } },
              images: [{ ratio: '16_9', url: 'https://s1.ticketm.net/a.jpg', width: 640, height: 360 }],
              classifications: [{ primary: true, segment: { name: 'Music' } }],
              _embedded: { venues: [{ name: 'Unknown', city: { name: 'Tampere' } }] },
            },
          ],
        },
        page: { size: 10, totalElements: 1, totalPages: 1, number: 0 },
      }),
    };
    const response = await tmSearch();
    expect(response.statusCode).toBe(200);
    expect(eventSearchResponseSchema.parse(response.json()).events).toEqual([
      {
        id: 'Z698xZG2Z17aY6_',
        name: 'Nightwish',
        dates: { start: { localDate: '2027-06-12', localTime: '19:00:00' } },
        venue: { name: 'Unknown' },
        city: { name: 'Tampere' },
        images: [{ url: 'https://s1.ticketm.net/a.jpg', ratio: '16_9', width: 640 }],
        eventType: 'konsertti',
      },
    ]);
  });

  it('answers an empty list when Ticketmaster fails, and logs why without the key', async () => {
    answer = { status: 500, body: '{"fault":{"faultstring":"boom"}}' };
    lines.length = 0;
    const response = await tmSearch();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ events: [] });
    const warning = lines.map((line) => JSON.parse(line)).find((record) => record.reason === 'http-status');
    expect(warning).toMatchObject({
      level: 40,
      catalogue: 'ticketmaster',
      status: 500,
      msg: 'event search: Ticketmaster answered HTTP 500',
    });

    answer = { status: 200, body: '<html>not json</html>' };
    expect((await tmSearch()).json()).toEqual({ events: [] });
    expect(lines.some((line) => line.includes('"reason":"malformed"'))).toBe(true);
    expect(lines.join('\n')).not.toContain(apiKey);
  });
});

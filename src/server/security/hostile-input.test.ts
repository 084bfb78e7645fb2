import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unstorableTextMessage } from '#shared/text.ts';
import { adminAccessCookie, signUp } from '../test/listing-fixtures.ts';
import { apiRoutesInTree } from '../test/route-tree.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let cookie: string;
let adminCookie: string;
const account = {
  firstName: 'Hilla',
  lastName: 'Hyökkääjä',
  email: 'hilla.hostile@example.fi',
  username: 'hilla_hostile',
  password: 'Oikea123',
  password2: 'Oikea123',
  isAdult: true,
};

async function signIn(): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: account.email, password: account.password },
  });
  expect(response.statusCode).toBe(200);
  return `lt_session=${response.cookies.find((c) => c.name === 'lt_session')?.value}`;
}

beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  const registered = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: account });
  expect(registered.statusCode).toBe(201);
  cookie = await signIn();
  adminCookie = adminAccessCookie(t.app, await signUp(t.app, 'hilla_admin', { admin: true }));
});
afterAll(() => t.close());

/** A valid body of each JSON route and its text fields: the hostile cases start from these. */
const validBodies: { url: string; body: Record<string, unknown>; fields: string[]; signedIn?: boolean }[] = [
  {
    url: '/api/auth/register',
    body: { ...account, email: 'uusi@example.fi', username: 'uusi_1' },
    fields: ['firstName', 'lastName', 'email', 'username', 'password'],
  },
  {
    url: '/api/auth/login',
    body: { email: account.email, password: account.password },
    fields: ['email', 'password'],
  },
  {
    url: '/api/auth/complete-profile',
    body: { firstName: 'A', lastName: 'B', username: 'ab_ab', isAdult: true },
    fields: ['firstName', 'lastName', 'username'],
    signedIn: true,
  },
  { url: '/api/auth/password-reset/request', body: { email: account.email }, fields: ['email'] },
  {
    url: '/api/auth/password-reset/confirm',
    body: { email: account.email, code: '123456', password: 'Uusi1234', password2: 'Uusi1234' },
    fields: ['email', 'code', 'password'],
  },
  {
    url: '/api/contact',
    body: { name: 'Hilla', email: 'h@example.fi', subject: 'Aihe', message: 'Viesti on tässä pitkä' },
    fields: ['name', 'email', 'subject', 'message'],
  },
  { url: '/api/newsletter', body: { email: 'uutiset@example.fi' }, fields: ['email'] },
  { url: '/api/newsletter/confirm', body: { token: 'a'.repeat(43) }, fields: ['token'] },
  { url: '/api/newsletter/unsubscribe', body: { token: 'a'.repeat(43) }, fields: ['token'] },
  {
    url: '/api/analytics',
    body: { category: 'navigation', action: 'page_view', label: '/' },
    fields: ['label'],
  },
  {
    url: '/api/client-log',
    body: { level: 'error', message: 'Sivu kaatui', component: 'RouteErrorPage' },
    fields: ['message', 'component'],
  },
  {
    url: '/api/account/reauthenticate',
    body: { password: account.password },
    fields: ['password'],
    signedIn: true,
  },
];

/** One unit of hostile text: NUL, lone surrogates, direction overrides, or any code point. */
const hostileUnit = fc.oneof(
  fc.constantFrom('\u0000', '\ud800', '\udfff', '\u202e', '\ufeff', '%00', "'", '"', '\\', '<'),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
);
const hostileJson = fc.jsonValue({ stringUnit: hostileUnit, maxDepth: 3 });
/** Field names the routes take, so that objects reach the field checks, not only the shape check. */
const fieldName = fc.constantFrom(
  'email',
  'password',
  'password2',
  'firstName',
  'lastName',
  'username',
  'isAdult',
  'iban',
  'code',
  'name',
  'subject',
  'message',
  'category',
  'action',
  'label',
  'value',
  'metadata',
  'consent',
  'key',
  'reason',
  'token',
);
const hostileText = fc.string({ unit: hostileUnit, maxLength: 20 });

/** Arbitrary JSON, objects of known field names, and the route's valid body with one field made hostile. */
function hostileBody(url: string) {
  const arbitrary: fc.Arbitrary<unknown>[] = [
    hostileJson,
    fc.dictionary(fieldName, hostileJson, { maxKeys: 8 }),
  ];
  const valid = validBodies.find((entry) => entry.url === url);
  if (valid)
    arbitrary.push(
      fc
        .record({
          field: fc.constantFrom(...Object.keys(valid.body)),
          value: fc.oneof(hostileText, hostileJson),
        })
        .map(({ field, value }) => ({ ...valid.body, [field]: value })),
    );
  return fc.oneof(...arbitrary);
}

/** Any bytes, percent-encoded: NUL, broken UTF-8, encoded surrogates, slashes. */
const hostileUrlPart = fc
  .uint8Array({ minLength: 0, maxLength: 12 })
  .map((bytes) => Array.from(bytes, (byte) => `%${byte.toString(16).padStart(2, '0')}`).join(''));
const hostileQuery = fc
  .dictionary(
    fc.constantFrom(
      'searchTerm',
      'page',
      'pageSize',
      'sortBy',
      'filterCategory',
      'returnTo',
      'intent',
      'code',
      'state',
      'download',
    ),
    hostileUrlPart,
    { maxKeys: 4 },
  )
  .map((query) =>
    Object.entries(query)
      .map(([key, value]) => `${key}=${value}`)
      .join('&'),
  );

const withParams = (url: string, values: string[]) => {
  let index = 0;
  return url.replace(/:\w+/g, () => values[index++] || 'x');
};

describe('hostile input never answers 500', () => {
  it('finds the API routes', () => {
    const routes = apiRoutesInTree(t.app);
    expect(routes).toContainEqual({ method: 'POST', url: '/api/auth/register' });
    expect(routes).toContainEqual({ method: 'GET', url: '/api/tickets/:ticketId/files/:fileId' });
    expect(routes.length).toBeGreaterThanOrEqual(20);
  });

  const callers = [
    { as: 'signed out', cookie: () => undefined, takes: () => true },
    // Signing out would end the session the other routes are tried with.
    { as: 'signed in', cookie: () => cookie, takes: (url: string) => url !== '/api/auth/logout' },
    // Everyone else meets the admin routes' 404 before their checks: an admin gets past it.
    {
      as: 'as an admin with the admin area unlocked, to the admin routes',
      cookie: () => adminCookie,
      takes: (url: string) => url.startsWith('/api/admin'),
    },
  ];
  for (const caller of callers) {
    const signedIn = caller.as !== 'signed out';
    it(`sends arbitrary JSON, paths and queries to every API route, ${caller.as} (property)`, async () => {
      const cookie = caller.cookie();
      const routes = apiRoutesInTree(t.app).filter((route) => caller.takes(route.url));
      for (const route of routes) {
        await fc.assert(
          fc.asyncProperty(
            hostileBody(route.url),
            fc.array(hostileUrlPart, { minLength: 2, maxLength: 2 }),
            hostileQuery,
            async (body, params, query) => {
              const response = await t.app.inject({
                method: route.method as 'GET',
                url: `${withParams(route.url, params)}${query ? `?${query}` : ''}`,
                ...(route.method === 'GET' || route.method === 'HEAD'
                  ? {}
                  : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
                ...(signedIn ? { headers: { cookie, 'content-type': 'application/json' } } : {}),
              });
              if (response.statusCode >= 500)
                throw new Error(
                  `${route.method} ${route.url} answered ${response.statusCode}: ${response.body}`,
                );
              if (response.statusCode >= 400 && response.headers['content-type']?.includes('json')) {
                const { code, message = '' } = response.json().error ?? {};
                // 'Invalid access key' is the spec's own English (the admin key dialog).
                if (code !== 'invalid-access-key')
                  expect(message, `${route.method} ${route.url}`).not.toMatch(/Invalid|expected|received/);
              }
            },
          ),
          { numRuns: 40 },
        );
      }
    });
  }
});

describe('text that cannot be stored is refused with a Finnish 400 on its field', () => {
  const bad = ['a\u0000b', 'a\ud800b', '\udc00'];
  for (const { url, body, fields, signedIn } of validBodies)
    it(`POST ${url}`, async () => {
      for (const field of fields)
        for (const value of bad) {
          const response = await t.app.inject({
            method: 'POST',
            url,
            payload: { ...body, [field]: value },
            ...(signedIn ? { headers: { cookie } } : {}),
          });
          expect(response.statusCode, `${field}=${JSON.stringify(value)}`).toBe(400);
          expect(response.json().error).toEqual({
            code: 'invalid-argument',
            message: unstorableTextMessage,
            issues: [{ path: field, message: unstorableTextMessage }],
          });
        }
    });

  it('PUT /api/account/iban and a metadata key of an analytics event', async () => {
    const iban = await t.app.inject({
      method: 'PUT',
      url: '/api/account/iban',
      payload: { iban: 'FI21\u00001234' },
      headers: { cookie },
    });
    expect(iban.json().error.issues).toEqual([{ path: 'iban', message: unstorableTextMessage }]);
    const metadata = await t.app.inject({
      method: 'POST',
      url: '/api/analytics',
      payload: { category: 'navigation', action: 'page_view', metadata: { 'a\u0000': 1 } },
    });
    expect(metadata.statusCode).toBe(400);
    expect(metadata.json().error.issues).toEqual([{ path: 'metadata.a', message: unstorableTextMessage }]);
  });

  it('drops them from a search term instead, so the list still opens', async () => {
    const plain = await t.app.inject({ url: '/api/tickets?searchTerm=a' });
    for (const term of ['a%00', '%00a', 'a%ED%A0%80']) {
      const response = await t.app.inject({ url: `/api/tickets?searchTerm=${term}` });
      expect(response.statusCode, term).toBe(200);
      expect(response.json().total).toBe(plain.json().total);
    }
  });

  it('refuses them in a path parameter', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/tickets/a%00b/views' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(unstorableTextMessage);
  });
});

describe('paths the router itself refuses', () => {
  it('answers a path parameter too long for the router, or broken percent-encoding, as not found', async () => {
    for (const url of [`/api/tickets/${'a'.repeat(5000)}`, '/api/tickets/%E0%A4%A']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({
        error: { code: 'not-found', message: 'Sivua tai tietoa ei löytynyt' },
      });
    }
  });
});

describe('generic validation messages are Finnish', () => {
  const bodies: { label: string; payload?: string; contentType?: string }[] = [
    { label: 'no body' },
    { label: 'null', payload: 'null', contentType: 'application/json' },
    { label: 'an array', payload: '[1,2]', contentType: 'application/json' },
    { label: 'a number', payload: '42', contentType: 'application/json' },
    { label: 'plain text', payload: 'hei', contentType: 'text/plain' },
    { label: 'broken JSON', payload: '{"email":', contentType: 'application/json' },
    { label: 'an empty JSON body', payload: '', contentType: 'application/json' },
  ];
  for (const url of ['/api/auth/login', '/api/contact', '/api/newsletter', '/api/analytics'])
    for (const { label, payload, contentType } of bodies)
      it(`POST ${url} with ${label}`, async () => {
        const response = await t.app.inject({
          method: 'POST',
          url,
          ...(payload === undefined ? {} : { payload }),
          ...(contentType ? { headers: { 'content-type': contentType } } : {}),
        });
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        const { message } = response.json().error;
        expect(message).toMatch(/[äöÄÖ]|Virhe|Pyynn|Tätä/);
        expect(message).not.toMatch(/Invalid|expected|received|Unsupported|Body/i);
      });

  it('says a wrong type of a field in Finnish', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/analytics',
      payload: { category: 'navigation', action: 'page_view', label: 5 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues[0]).toEqual({
      path: 'label',
      message: 'Virheellinen tyyppi: odotettiin string, oli number',
    });
  });
});

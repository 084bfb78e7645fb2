import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeReturnPath } from '#shared/return-path.ts';
import { oauthAccounts, users } from '../db/schema/index.ts';
import { type OidcMock, socialConfigFor, startOidcMock } from '../test/oidc-mock.ts';
import { sessionCookieFrom } from '../test/session-cookie.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// Known open-redirect payloads, as the server receives them once the query string is decoded.
const openRedirectPayloads = [
  '//evil.example',
  '//evil.example/%2F..',
  '///evil.example',
  '////evil.example',
  '/\\evil.example',
  '/\\/evil.example',
  '\\\\evil.example',
  '/\\\\evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r/evil.example',
  '/\r\nLocation: https://evil.example',
  '/\x0b/evil.example',
  '/\x00//evil.example',
  ' //evil.example',
  'https://evil.example',
  'http://evil.example',
  'HTTPS://evil.example',
  'https:evil.example',
  'http:/evil.example',
  '//evil.example@lipputori.example',
  '//lipputori.example@evil.example',
  '//evil.example\\@lipputori.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '/.//evil.example',
  '/..//evil.example',
  '/%2e%2e//evil.example',
  '/%2E//evil.example',
  '/。evil.example',
  '//evil。example',
  '/\u3000/evil.example',
  '/\u00a0//evil.example',
  '/\u2215\u2215evil.example',
  '/\ud800/evil.example',
  '%2F%2Fevil.example',
  '/%09/evil.example',
  '//%65vil.example',
  'evil.example',
  `/${'a'.repeat(3000)}`,
];

const origin = 'https://lipputori.example';
/** Where a browser on our site would go when told `Location: <location>`. */
const destination = (location: string) => new URL(location, origin);

describe('the return-path rule', () => {
  it.each(openRedirectPayloads)('keeps %j on the site, or refuses it', (payload) => {
    const path = safeReturnPath(payload);
    if (path === undefined) return;
    expect(path).toMatch(/^\/(?!\/)[\x21-\x7e]*$/);
    expect(destination(path).origin).toBe(origin);
  });

  it('keeps ordinary paths with their query and fragment', () => {
    expect(safeReturnPath('/liput/abc?tab=2#osto')).toBe('/liput/abc?tab=2#osto');
    expect(safeReturnPath('/profiili')).toBe('/profiili');
    expect(safeReturnPath('/haku?q=Kärpät')).toBe('/haku?q=K%C3%A4rp%C3%A4t');
  });

  it('refuses control characters and backslashes rather than guessing', () => {
    for (const payload of ['/\t/evil.example', '/a\\b', '/\x00', '/x\n'])
      expect(safeReturnPath(payload)).toBe(undefined);
  });
});

describe('social sign-in never sends the browser off the site', () => {
  let mock: OidcMock;
  let t: TestApp;
  let hint: string;
  beforeAll(async () => {
    mock = await startOidcMock();
    t = await createTestApp({ rateLimits: false, social: socialConfigFor(mock.url) });
    hint = `ohjaus.${Date.now().toString(36)}@example.fi`;
    await signIn({ returnTo: '/' });
    const [link] = await t.app.db.select().from(oauthAccounts).where(eq(oauthAccounts.email, hint));
    await t.app.db
      .update(users)
      .set({ username: `ohjaus_${Date.now().toString(36)}` })
      .where(eq(users.id, link?.userId ?? ''));
  });
  afterAll(async () => {
    await t.close();
    await mock.stop();
  });

  /** Our start → the provider → our callback; the callback's answer. */
  async function signIn(query: Record<string, string>, session?: string) {
    const params = new URLSearchParams({ login_hint: hint, ...query });
    const start = await t.app.inject({
      url: `/api/auth/google/start?${params}`,
      headers: session ? { cookie: session } : {},
    });
    // As a browser does: the Set-Cookie value goes back byte for byte (it is percent-encoded).
    const stateCookie = [start.headers['set-cookie']]
      .flat()
      .find((header) => header?.startsWith('lt_oauth='))
      ?.split(';')[0];
    if (!stateCookie) return start;
    const providerAnswer = await fetch(start.headers.location as string, { redirect: 'manual' });
    const back = new URL(providerAnswer.headers.get('location') ?? '');
    return t.app.inject({
      url: `${back.pathname}${back.search}`,
      headers: { cookie: [stateCookie, ...(session ? [session] : [])].join('; ') },
    });
  }

  const expectOnSite = (response: { statusCode: number; headers: Record<string, unknown> }) => {
    expect(response.statusCode).toBeLessThan(500);
    if (response.statusCode !== 302) return;
    const location = String(response.headers.location);
    expect(location).toMatch(/^\/(?!\/)[\x21-\x7e]*$/);
    expect(destination(location).origin).toBe(origin);
  };

  it('after signing in, whatever returnTo says', async () => {
    for (const returnTo of openRedirectPayloads) {
      const response = await signIn({ returnTo });
      expectOnSite(response);
      if (response.statusCode === 302) expect(sessionCookieFrom(response as never)).toMatch(/^lt_session=/);
    }
  });

  it('after re-authenticating, whatever returnTo says', async () => {
    const session = sessionCookieFrom((await signIn({ returnTo: '/' })) as never);
    for (const returnTo of openRedirectPayloads)
      expectOnSite(await signIn({ returnTo, intent: 'reauth' }, session));
  });

  it('answers the reported payloads with a same-site redirect, not a 500', async () => {
    for (const returnTo of ['/\t/evil.example', '/\n', '/\r', '/。']) {
      const response = await signIn({ returnTo });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(returnTo === '/。' ? '/%E3%80%82' : '/');
    }
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthAccounts, users } from '../../../db/schema/index.ts';
import { type OidcMock, socialConfigFor, startOidcMock } from '../../../test/oidc-mock.ts';
import { sessionCookieFrom } from '../../../test/session-cookie.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let mock: OidcMock;
let t: TestApp;
beforeAll(async () => {
  mock = await startOidcMock();
  t = await createTestApp({ rateLimits: false, social: socialConfigFor(mock.url) });
});
afterAll(async () => {
  await t.close();
  await mock.stop();
});

let counter = 0;
const uniqueHint = (name: string) => `${name}.${Date.now().toString(36)}${counter++}@example.fi`;

interface SignInResult {
  location: string;
  session?: string;
}

/** Runs the whole redirect dance: our start → the provider → our callback. */
async function signIn(
  provider: string,
  hint: string,
  options: { returnTo?: string; intent?: string; session?: string } = {},
): Promise<SignInResult> {
  const query = new URLSearchParams({
    login_hint: hint,
    returnTo: options.returnTo ?? '/',
    intent: options.intent ?? 'login',
  });
  const start = await t.app.inject({
    url: `/api/auth/${provider}/start?${query}`,
    headers: options.session ? { cookie: options.session } : {},
  });
  expect(start.statusCode).toBe(302);
  const stateCookie = start.cookies.find((c) => c.name === 'lt_oauth');
  if (!stateCookie) return { location: start.headers.location as string };
  expect(stateCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' });

  const authorize = new URL(start.headers.location as string);
  expect(authorize.origin).toBe(new URL(mock.url).origin);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  const providerAnswer = await fetch(authorize, { redirect: 'manual' });
  const back = new URL(providerAnswer.headers.get('location') ?? '');
  expect(`${back.origin}${back.pathname}`).toBe(`${t.config.publicUrl}/api/auth/${provider}/callback`);

  const cookies = [`lt_oauth=${stateCookie.value}`, ...(options.session ? [options.session] : [])].join('; ');
  const callback = await t.app.inject({
    url: `${back.pathname}${back.search}`,
    headers: { cookie: cookies },
  });
  expect(callback.statusCode).toBe(302);
  const session = callback.cookies.find((c) => c.name === 'lt_session');
  return {
    location: callback.headers.location as string,
    ...(session ? { session: sessionCookieFrom(callback) } : {}),
  };
}

describe('GET /api/auth/providers', () => {
  it('lists the configured providers', async () => {
    expect((await t.app.inject({ url: '/api/auth/providers' })).json()).toEqual({
      google: true,
      facebook: true,
    });
  });

  it('hides and refuses providers that are not configured', async () => {
    const bare = await createTestApp({ social: {} });
    try {
      expect((await bare.app.inject({ url: '/api/auth/providers' })).json()).toEqual({
        google: false,
        facebook: false,
      });
      const start = await bare.app.inject({ url: '/api/auth/google/start' });
      expect(start.headers.location).toBe('/kirjaudu?socialError=operation-not-allowed');
    } finally {
      await bare.close();
    }
  });

  it('answers an unknown provider with its own error', async () => {
    const start = await t.app.inject({ url: '/api/auth/myspace/start' });
    expect(start.headers.location).toBe('/kirjaudu?socialError=unknown-provider');
  });
});

describe.each(['google', 'facebook'])('%s sign-in', (provider) => {
  it('creates a new user who must finish the profile, with the name split into first and last', async () => {
    const hint = uniqueHint(`teemu.testaaja.virtanen.${provider}`);
    const first = await signIn(provider, hint, { returnTo: '/ukk' });
    expect(first.location).toBe('/viimeistele-profiili');
    const me = await t.app.inject({ url: '/api/me', headers: { cookie: first.session ?? '' } });
    // The mock's display name comes from the hint: 'Teemu Testaaja Virtanen <Provider> <Id>'.
    // The provider vouched for the address: it counts as verified (docs/decisions/037).
    expect(me.json()).toMatchObject({
      email: hint,
      needsProfile: true,
      username: null,
      firstName: 'teemu',
      emailVerified: true,
    });
    expect(me.json().lastName).toMatch(new RegExp(`^testaaja virtanen ${provider} `));
    const account = await t.app.inject({ url: '/api/account', headers: { cookie: first.session ?? '' } });
    expect(account.json()).toMatchObject({ hasPassword: false, providers: [provider] });

    const username = `Teemu_${provider}_${counter++}`;
    const completed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/complete-profile',
      payload: { username, firstName: 'Teemu', lastName: 'Virtanen', isAdult: true },
      headers: { cookie: first.session ?? '' },
    });
    expect(completed.statusCode).toBe(200);

    const second = await signIn(provider, hint, { returnTo: '/ukk' });
    expect(second.location).toBe('/ukk');
    const again = await t.app.inject({ url: '/api/me', headers: { cookie: second.session ?? '' } });
    expect(again.json()).toMatchObject({
      uid: me.json().uid,
      username: username.toLowerCase(),
      needsProfile: false,
    });
  });

  it('refuses an e-mail that already has a password account', async () => {
    const email = uniqueHint(`salasana.${provider}`);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        firstName: 'P',
        lastName: 'K',
        email,
        username: `pk_${counter++}`,
        password: 'Salasana1',
        password2: 'Salasana1',
        isAdult: true,
      },
    });
    const result = await signIn(provider, email);
    expect(result.location).toBe('/kirjaudu?socialError=account-exists-with-different-credential');
    expect(result.session).toBeUndefined();
  });

  it('reports a cancelled sign-in and a provider that gives no e-mail', async () => {
    expect((await signIn(provider, 'cancel@example.fi')).location).toBe('/kirjaudu?socialError=cancelled');
    expect((await signIn(provider, 'noemail@example.fi')).location).toBe('/kirjaudu?socialError=failed');
  });

  it('refuses a disabled account', async () => {
    const hint = uniqueHint(`suljettu.${provider}`);
    const first = await signIn(provider, hint);
    const [link] = await t.app.db.select().from(oauthAccounts).where(eq(oauthAccounts.email, hint));
    await t.app.db
      .update(users)
      .set({ disabledAt: new Date() })
      .where(eq(users.id, link?.userId ?? ''));
    expect(
      (await t.app.inject({ url: '/api/me', headers: { cookie: first.session ?? '' } })).statusCode,
    ).toBe(204);
    expect((await signIn(provider, hint)).location).toBe('/kirjaudu?socialError=user-disabled');
  });

  it('re-authenticates the signed-in user before deleting the account', async () => {
    const hint = uniqueHint(`poistuja.${provider}`);
    const { session } = await signIn(provider, hint);
    const cookie = session ?? '';
    const early = await t.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie } });
    expect(early.json().error.code).toBe('requires-recent-login');

    const someoneElse = await signIn(provider, uniqueHint('joku.muu'), {
      intent: 'reauth',
      returnTo: '/profiili?tab=2',
      session: cookie,
    });
    expect(someoneElse.location).toBe('/profiili?tab=2&socialError=account-exists-with-different-credential');

    const reauth = await signIn(provider, hint, {
      intent: 'reauth',
      returnTo: '/profiili?tab=2',
      session: cookie,
    });
    expect(reauth.location).toBe('/profiili?tab=2&reauth=ok');
    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie } });
    expect(deleted.statusCode).toBe(204);
    // The identity is free again: signing in makes a brand-new account.
    const fresh = await signIn(provider, hint);
    expect(fresh.location).toBe('/viimeistele-profiili');
  });
});

describe('callback safety', () => {
  it('rejects a callback whose state does not match the browser cookie', async () => {
    const start = await t.app.inject({ url: '/api/auth/google/start?login_hint=a@example.fi' });
    const stateCookie = start.cookies.find((c) => c.name === 'lt_oauth')?.value ?? '';
    const forged = await t.app.inject({
      url: '/api/auth/google/callback?code=abc&state=forged',
      headers: { cookie: `lt_oauth=${stateCookie}` },
    });
    expect(forged.headers.location).toBe('/kirjaudu?socialError=failed');
    const noCookie = await t.app.inject({ url: '/api/auth/google/callback?code=abc&state=x' });
    expect(noCookie.headers.location).toBe('/kirjaudu?socialError=failed');
    const tampered = await t.app.inject({
      url: '/api/auth/google/callback?code=abc&state=x',
      headers: {
        cookie: `lt_oauth=${encodeURIComponent(JSON.stringify({ provider: 'google', state: 'x' }))}`,
      },
    });
    expect(tampered.headers.location).toBe('/kirjaudu?socialError=failed');
  });

  it('never redirects off the site after sign-in', async () => {
    const hint = uniqueHint('uudelleenohjaus');
    await signIn('google', hint);
    const [link] = await t.app.db.select().from(oauthAccounts).where(eq(oauthAccounts.email, hint));
    await t.app.db
      .update(users)
      .set({ username: `ohjaus_${counter++}` })
      .where(eq(users.id, link?.userId ?? ''));
    for (const returnTo of ['//evil.example/x', 'https://evil.example', '/\\evil.example']) {
      expect((await signIn('google', hint, { returnTo })).location).toBe('/');
    }
  });

  it('needs a session to start a re-authentication', async () => {
    const start = await t.app.inject({ url: '/api/auth/google/start?intent=reauth&returnTo=/profiili' });
    expect(start.headers.location).toBe('/kirjaudu?socialError=failed');
  });
});

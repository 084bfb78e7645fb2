import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/accounts/accounts.schema.ts';
import { deletedUsers, listingRemovals, listings, outbox, sessions, users } from '../../db/schema/index.ts';
import { demoAccounts, seedDemoData } from '../../seed/demo-data.ts';
import { sessionCookieFrom } from '../../test/session-cookie.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  await seedDemoData(t.app);
});
afterAll(() => t.close());

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

function newUser(overrides: Record<string, unknown> = {}) {
  const id = unique();
  return {
    firstName: 'Tiina',
    lastName: 'Testaaja',
    email: `tiina.${id}@example.fi`,
    username: `Tiina_${id}`,
    password: 'Salasana1',
    password2: 'Salasana1',
    isAdult: true,
    ...overrides,
  };
}

const post = (url: string, payload: unknown, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
  });

async function registerUser(overrides: Record<string, unknown> = {}) {
  const input = newUser(overrides);
  const response = await post('/api/auth/register', input);
  expect(response.statusCode).toBe(201);
  return { input, cookie: sessionCookieFrom(response), user: response.json() };
}

describe('POST /api/auth/register', () => {
  it('creates the account, signs it in and stores names and username in lower case', async () => {
    const input = newUser({
      firstName: 'Tiina',
      lastName: 'Testaaja',
      email: `  Iso.${unique()}@Example.FI `,
    });
    const response = await post('/api/auth/register', input);
    expect(response.statusCode).toBe(201);
    const cookie = response.cookies.find((c) => c.name === 'lt_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(response.json()).toMatchObject({
      email: input.email.trim().toLowerCase(),
      username: input.username.toLowerCase(),
      displayName: input.username,
      firstName: 'tiina',
      lastName: 'testaaja',
      needsProfile: false,
      isAdmin: false,
    });
    const me = await t.app.inject({ url: '/api/me', headers: { cookie: sessionCookieFrom(response) } });
    expect(me.json().uid).toBe(response.json().uid);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, response.json().uid));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it.each([
    ['firstName', 'Etunimi on pakollinen'],
    ['lastName', 'Sukunimi on pakollinen'],
    ['email', 'Sähköpostiosoite on pakollinen'],
    ['username', 'Käyttäjänimi on pakollinen'],
    ['password', 'Salasana on pakollinen'],
    ['password2', 'Vahvista salasana'],
  ])('requires %s', async (field, message) => {
    const response = await post('/api/auth/register', newUser({ [field]: '  ' === message ? '' : '' }));
    const missing = await post('/api/auth/register', { ...newUser(), [field]: undefined });
    for (const res of [missing]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.issues).toContainEqual({ path: field, message });
    }
    expect(response.statusCode).toBe(400);
  });

  it('checks in order: required fields first, then age, then password rules, then the match', async () => {
    const everythingWrong = await post(
      '/api/auth/register',
      newUser({ firstName: '', isAdult: false, password: 'abc', password2: 'x' }),
    );
    expect(everythingWrong.json().error.issues).toEqual([
      { path: 'firstName', message: 'Etunimi on pakollinen' },
    ]);

    const notAdult = await post(
      '/api/auth/register',
      newUser({ isAdult: false, password: 'abc', password2: 'x' }),
    );
    expect(notAdult.json().error.issues).toEqual([{ path: 'isAdult', message: messages.adultRequired }]);

    const weak = await post('/api/auth/register', newUser({ password: 'abc', password2: 'x' }));
    expect(weak.json().error.issues).toEqual([
      { path: 'password', message: 'Salasanan tulee olla vähintään 6 merkkiä pitkä' },
      { path: 'password', message: 'Salasanan tulee sisältää vähintään yksi numero' },
      { path: 'password', message: 'Salasanan tulee sisältää vähintään yksi iso kirjain' },
    ]);

    const mismatch = await post('/api/auth/register', newUser({ password2: 'Salasana2' }));
    expect(mismatch.json().error.issues).toEqual([{ path: 'password2', message: 'Salasanat eivät täsmää' }]);
  });

  it('rejects a malformed e-mail and a username with spaces', async () => {
    const email = await post('/api/auth/register', newUser({ email: 'tiina@example' }));
    expect(email.json().error.issues).toContainEqual({
      path: 'email',
      message: 'Virheellinen sähköpostiosoite',
    });
    const username = await post('/api/auth/register', newUser({ username: 'tiina t' }));
    expect(username.json().error.issues).toContainEqual({
      path: 'username',
      message: messages.usernameChars,
    });
  });

  it('refuses an e-mail or a username already in use, whatever the case', async () => {
    const { input } = await registerUser();
    const sameEmail = await post('/api/auth/register', newUser({ email: input.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().error).toMatchObject({
      code: 'email-in-use',
      message: 'Sähköposti on jo käytössä',
    });
    expect(sameEmail.json().error.issues).toEqual([{ path: 'email', message: 'Sähköposti on jo käytössä' }]);

    const sameUsername = await post(
      '/api/auth/register',
      newUser({ username: input.username.toUpperCase() }),
    );
    expect(sameUsername.statusCode).toBe(409);
    expect(sameUsername.json().error).toMatchObject({
      code: 'username-taken',
      message: 'Käyttäjänimi on jo käytössä, kokeile toista',
    });
  });

  it('lets only one of two simultaneous registrations of a username win', async () => {
    const username = `Kilpa_${unique()}`;
    const responses = await Promise.all([
      post('/api/auth/register', newUser({ username })),
      post('/api/auth/register', newUser({ username: username.toLowerCase() })),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('login, sessions and logout', () => {
  it('logs in with the right password and answers unknown e-mail and wrong password alike', async () => {
    const { input } = await registerUser();
    const ok = await post('/api/auth/login', { email: input.email.toUpperCase(), password: input.password });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe(input.email);

    const wrong = await post('/api/auth/login', { email: input.email, password: 'Vaarin123' });
    const unknown = await post('/api/auth/login', {
      email: `ei.ole.${unique()}@example.fi`,
      password: 'Vaarin123',
    });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toEqual({
        code: 'invalid-credential',
        message: 'Väärä sähköpostiosoite tai salasana',
      });
    }
  });

  it('requires e-mail and password', async () => {
    const response = await post('/api/auth/login', { email: '', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toEqual([
      { path: 'email', message: 'Sähköpostiosoite on pakollinen' },
      { path: 'password', message: 'Salasana on pakollinen' },
    ]);
  });

  it('gives a new session on every login and ends only that one on logout', async () => {
    const { input, cookie: first } = await registerUser();
    const second = sessionCookieFrom(
      await post('/api/auth/login', { email: input.email, password: input.password }),
    );
    expect(second).not.toBe(first);
    const logout = await post('/api/auth/logout', {}, second);
    expect(logout.statusCode).toBe(204);
    expect(logout.cookies.find((c) => c.name === 'lt_session')?.value).toBe('');
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: second } })).statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: first } })).statusCode).toBe(200);
  });

  it('answers /api/me with 204 (nobody signed in) for visitors, unknown tokens and expired sessions', async () => {
    expect((await t.app.inject({ url: '/api/me' })).statusCode).toBe(204);
    expect(
      (await t.app.inject({ url: '/api/me', headers: { cookie: 'lt_session=keksitty' } })).statusCode,
    ).toBe(204);
    const { cookie, user } = await registerUser();
    await t.app.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, user.uid));
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(204);
  });

  it('slides the expiry forward when a session is used after an hour', async () => {
    const { cookie, user } = await registerUser();
    await t.app.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '2 hours'`, expiresAt: sql`now() + interval '1 day'` })
      .where(eq(sessions.userId, user.uid));
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.cookies.find((c) => c.name === 'lt_session')?.maxAge).toBe(30 * 24 * 3600);
    const [session] = await t.app.db.select().from(sessions).where(eq(sessions.userId, user.uid));
    expect(session?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
  });

  it('refuses a write with the session cookie from another site', async () => {
    const { cookie } = await registerUser();
    const forged = await post('/api/account/reauthenticate', { password: 'x' }, cookie, {
      origin: 'https://evil.example',
    });
    expect(forged.statusCode).toBe(403);
    const crossSite = await post('/api/auth/logout', {}, cookie, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
    const sameSite = await post('/api/auth/logout', {}, cookie, { origin: t.config.publicUrl });
    expect(sameSite.statusCode).toBe(204);
  });

  it('tells a disabled account apart only after the right password', async () => {
    const { input, user } = await registerUser();
    await t.app.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.uid));
    const wrong = await post('/api/auth/login', { email: input.email, password: 'Vaarin123' });
    expect(wrong.json().error.code).toBe('invalid-credential');
    const right = await post('/api/auth/login', { email: input.email, password: input.password });
    expect(right.statusCode).toBe(403);
    expect(right.json().error).toEqual({ code: 'user-disabled', message: 'Tili on poistettu käytöstä' });
  });

  it('limits failed logins per e-mail, even for the right password afterwards', async () => {
    const { input } = await registerUser();
    for (let i = 0; i < 5; i++) {
      expect(
        (await post('/api/auth/login', { email: input.email, password: `Vaarin${i}A` })).statusCode,
      ).toBe(401);
    }
    const blocked = await post('/api/auth/login', { email: input.email, password: input.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toEqual({
      code: 'resource-exhausted',
      message: 'Liian monta kirjautumisyritystä. Yritä myöhemmin uudelleen',
    });
  });

  it('limits failed logins per IP address across e-mails', async () => {
    const ip = { 'x-forwarded-for': '203.0.113.9' };
    const from = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload,
        remoteAddress: '203.0.113.9',
        headers: ip,
      });
    for (let i = 0; i < 20; i++)
      await from({ email: `arvaus${i}.${unique()}@example.fi`, password: 'Vaarin123' });
    const { input } = await registerUser();
    expect((await from({ email: input.email, password: input.password })).statusCode).toBe(429);
    expect((await post('/api/auth/login', { email: input.email, password: input.password })).statusCode).toBe(
      200,
    );
  });
});

describe('POST /api/auth/complete-profile', () => {
  async function userWithoutProfile() {
    const email = `some.${unique()}@example.fi`;
    const [user] = await t.app.db
      .insert(users)
      .values({ email, firstName: 'some', lastName: 'user' })
      .returning();
    const { createSession } = await import('./sessions.ts');
    return { id: user?.id ?? '', cookie: `lt_session=${await createSession(t.app.db, user?.id ?? '')}` };
  }

  it('needs a signed-in user', async () => {
    const response = await post('/api/auth/complete-profile', {
      username: 'x',
      firstName: 'a',
      lastName: 'b',
      isAdult: true,
    });
    expect(response.statusCode).toBe(401);
  });

  it('reports the missing values with the spec messages', async () => {
    const { cookie } = await userWithoutProfile();
    const response = await post(
      '/api/auth/complete-profile',
      { username: ' ', firstName: '', lastName: ' ', isAdult: false },
      cookie,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toEqual([
      { path: 'username', message: 'Käyttäjänimi on pakollinen' },
      { path: 'firstName', message: 'Etu- ja sukunimi ovat pakollisia' },
      { path: 'lastName', message: 'Etu- ja sukunimi ovat pakollisia' },
      { path: 'isAdult', message: 'Sinun tulee olla vähintään 18-vuotias käyttääksesi palvelua' },
    ]);
  });

  it('saves trimmed values, lower-cased except the display name, once', async () => {
    const { cookie } = await userWithoutProfile();
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.json().needsProfile).toBe(true);
    const username = `Uusi_${unique()}`;
    const response = await post(
      '/api/auth/complete-profile',
      { username: `  ${username} `, firstName: ' Sanna ', lastName: ' Sosiaalinen ', isAdult: true },
      cookie,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      username: username.toLowerCase(),
      displayName: username,
      firstName: 'sanna',
      lastName: 'sosiaalinen',
      needsProfile: false,
    });
    const again = await post(
      '/api/auth/complete-profile',
      { username: `Toinen_${unique()}`, firstName: 'a', lastName: 'b', isAdult: true },
      cookie,
    );
    expect(again.statusCode).toBe(409);
  });

  it('refuses a username someone has, in any case', async () => {
    const { cookie } = await userWithoutProfile();
    const response = await post(
      '/api/auth/complete-profile',
      { username: demoAccounts.seller.username.toUpperCase(), firstName: 'a', lastName: 'b', isAdult: true },
      cookie,
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().error.issues).toEqual([
      { path: 'username', message: 'Käyttäjänimi on jo käytössä, kokeile toista' },
    ]);
  });
});

describe('password reset', () => {
  async function resetLinkFor(email: string): Promise<string> {
    // The reset mail is queued after the answer is sent.
    await t.app.afterReply.settled();
    const [mail] = await t.app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, email), eq(outbox.subject, 'Salasanan vaihto – Lipputori')))
      .orderBy(sql`${outbox.id} desc`)
      .limit(1);
    const match = mail?.textBody.match(/\/salasanan-vaihto\?oobCode=([\w-]+)/);
    if (!match?.[1]) throw new Error(`no reset link mailed to ${email}`);
    expect(mail?.textBody).toContain(`${t.config.publicUrl}/salasanan-vaihto?oobCode=`);
    return match[1];
  }

  it('answers the same for unknown addresses and sends nothing', async () => {
    const email = `tuntematon.${unique()}@example.fi`;
    const response = await post('/api/auth/password-reset/request', { email });
    expect(response.statusCode).toBe(200);
    await t.app.afterReply.settled();
    expect(await t.app.db.select().from(outbox).where(eq(outbox.toAddress, email))).toEqual([]);
  });

  it('needs an e-mail first', async () => {
    const response = await post('/api/auth/password-reset/request', { email: '' });
    expect(response.json().error.issues).toEqual([
      { path: 'email', message: 'Syötä sähköpostiosoite ensin' },
    ]);
  });

  it('sets a new password with the mailed single-use code and ends every session', async () => {
    const { input, cookie } = await registerUser();
    await post('/api/auth/password-reset/request', { email: input.email });
    const code = await resetLinkFor(input.email);

    const weak = await post('/api/auth/password-reset/confirm', {
      oobCode: code,
      password: 'Uusi1234',
      password2: 'Uusi1234',
    });
    expect(weak.json().error.issues).toEqual([
      { path: 'password', message: 'Salasanan tulee sisältää vähintään yksi erikoismerkki' },
    ]);
    const mismatch = await post('/api/auth/password-reset/confirm', {
      oobCode: code,
      password: 'Uusi123!',
      password2: 'Uusi124!',
    });
    expect(mismatch.json().error.issues).toEqual([{ path: 'password2', message: 'Salasanat eivät täsmää' }]);

    const done = await post('/api/auth/password-reset/confirm', {
      oobCode: code,
      password: 'Uusi123!',
      password2: 'Uusi123!',
    });
    expect(done.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(204);
    expect((await post('/api/auth/login', { email: input.email, password: input.password })).statusCode).toBe(
      401,
    );
    expect((await post('/api/auth/login', { email: input.email, password: 'Uusi123!' })).statusCode).toBe(
      200,
    );

    const reused = await post('/api/auth/password-reset/confirm', {
      oobCode: code,
      password: 'Toinen1!',
      password2: 'Toinen1!',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('invalid-action-code');
  });

  it('refuses an expired code, an unknown code and a missing code', async () => {
    const { input } = await registerUser();
    await post('/api/auth/password-reset/request', { email: input.email });
    const code = await resetLinkFor(input.email);
    await t.app.db.execute(sql`update password_reset_codes set expires_at = now() - interval '1 second'`);
    const expired = await post('/api/auth/password-reset/confirm', {
      oobCode: code,
      password: 'Uusi123!',
      password2: 'Uusi123!',
    });
    expect(expired.json().error).toEqual({ code: 'expired-action-code', message: messages.resetCodeExpired });
    const unknown = await post('/api/auth/password-reset/confirm', {
      oobCode: 'keksitty',
      password: 'Uusi123!',
      password2: 'Uusi123!',
    });
    expect(unknown.json().error.code).toBe('invalid-action-code');
    const missing = await post('/api/auth/password-reset/confirm', {
      password: 'Uusi123!',
      password2: 'Uusi123!',
    });
    expect(missing.json().error.issues).toContainEqual({
      path: 'oobCode',
      message: 'Virheellinen salasanan palautuslinkki',
    });
  });

  it("sends the link to the signed-in user's own address from the profile", async () => {
    const { input, cookie } = await registerUser();
    expect((await post('/api/account/password-reset', {})).statusCode).toBe(401);
    expect((await post('/api/account/password-reset', {}, cookie)).statusCode).toBe(200);
    expect(await resetLinkFor(input.email)).toBeTruthy();
  });
});

describe('account details and IBAN', () => {
  const put = (payload: unknown, cookie?: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/account/iban',
      payload: payload as object,
      headers: cookie ? { cookie } : {},
    });

  it('shows the user their details', async () => {
    const { input, cookie } = await registerUser();
    const response = await t.app.inject({ url: '/api/account', headers: { cookie } });
    expect(response.json()).toMatchObject({
      email: input.email,
      iban: null,
      hasPassword: true,
      providers: [],
    });
    expect((await t.app.inject({ url: '/api/account' })).statusCode).toBe(401);
  });

  it('stores a valid Finnish IBAN without spaces, in capitals', async () => {
    const { cookie } = await registerUser();
    const response = await put({ iban: 'fi21 1234 5600 0007 85' }, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ iban: 'FI2112345600000785' });
    expect((await t.app.inject({ url: '/api/account', headers: { cookie } })).json().iban).toBe(
      'FI2112345600000785',
    );
  });

  it.each([
    [{ iban: '' }, 'Tilinumero on pakollinen'],
    [{}, 'Tilinumero on pakollinen'],
    [{ iban: 'FI2112345600000786' }, 'Syötä kelvollinen suomalainen IBAN-muotoinen tilinumero'],
    [{ iban: 'SE4550000000058398257466' }, 'Syötä kelvollinen suomalainen IBAN-muotoinen tilinumero'],
    [{ iban: 'FI21 1234 5600 0007 85 1234' }, 'Syötä kelvollinen suomalainen IBAN-muotoinen tilinumero'],
  ])('rejects %o', async (payload, message) => {
    const { cookie } = await registerUser();
    const response = await put(payload, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
  });

  it('needs a signed-in user', async () => {
    expect((await put({ iban: 'FI2112345600000785' })).statusCode).toBe(401);
  });
});

describe('account deletion', () => {
  it('requires a fresh re-authentication, with the right password', async () => {
    const { cookie } = await registerUser();
    const early = await t.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie } });
    expect(early.statusCode).toBe(401);
    expect(early.json().error.code).toBe('requires-recent-login');
    const wrong = await post('/api/account/reauthenticate', { password: 'Vaarin123' }, cookie);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toMatchObject({ code: 'wrong-password', message: messages.wrongPassword });

    await post('/api/account/reauthenticate', { password: 'Salasana1' }, cookie);
    await t.app.db.execute(sql`update sessions set reauthenticated_at = now() - interval '6 minutes'`);
    const stale = await t.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie } });
    expect(stale.json().error.code).toBe('requires-recent-login');
  });

  it('removes pending and listed listings, archives the user, keeps sales, and frees the e-mail', async () => {
    const login = await post('/api/auth/login', {
      email: demoAccounts.seller.email,
      password: demoAccounts.seller.password,
    });
    const cookie = sessionCookieFrom(login);
    const sellerId = login.json().uid;
    const before = await t.app.db.select().from(listings).where(eq(listings.sellerId, sellerId));
    const onSale = before.filter((row) => row.status === 'pending' || row.status === 'listed');
    const sold = before.filter((row) => row.status === 'sold');
    expect(onSale.length).toBeGreaterThan(0);
    expect(sold.length).toBeGreaterThan(0);

    expect(
      (await post('/api/account/reauthenticate', { password: demoAccounts.seller.password }, cookie))
        .statusCode,
    ).toBe(204);
    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie } });
    expect(deleted.statusCode).toBe(204);

    const after = await t.app.db.select().from(listings).where(eq(listings.sellerId, sellerId));
    for (const row of after) {
      const earlier = before.find((b) => b.id === row.id);
      expect(row.status).toBe(
        earlier?.status === 'pending' || earlier?.status === 'listed' ? 'removed' : earlier?.status,
      );
    }
    const removals = await t.app.db.select().from(listingRemovals);
    expect(removals.filter((r) => onSale.some((l) => l.id === r.listingId))).toHaveLength(onSale.length);
    const [archived] = await t.app.db.select().from(deletedUsers).where(eq(deletedUsers.userId, sellerId));
    expect(archived?.ticketsRemoved).toBe(onSale.length);
    expect(archived?.userData).toMatchObject({
      email: demoAccounts.seller.email,
      iban: 'FI2112345600000785',
    });
    expect(archived?.userData).not.toHaveProperty('passwordHash');

    const [row] = await t.app.db.select().from(users).where(eq(users.id, sellerId));
    expect(row).toMatchObject({ username: null, passwordHash: null, iban: null, firstName: null });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(204);
    const relogin = await post('/api/auth/login', {
      email: demoAccounts.seller.email,
      password: demoAccounts.seller.password,
    });
    expect(relogin.json().error.code).toBe('invalid-credential');

    const again = await post(
      '/api/auth/register',
      newUser({ email: demoAccounts.seller.email, username: demoAccounts.seller.username }),
    );
    expect(again.statusCode).toBe(201);
  });
});

import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonalDataExport } from '#shared/accounts/personal-data.schema.ts';
import { errorMessages } from '#shared/errors.ts';
import {
  analyticsEvents,
  contactMessages,
  emailVerifications,
  newsletterSubscribers,
  outbox,
  users,
} from '../../db/schema/index.ts';
import { insertListing, signUp } from '../../test/listing-fixtures.ts';
import { buyWithTestCard } from '../../test/purchase-fixtures.ts';
import { sessionCookieFrom } from '../../test/session-cookie.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { verificationMailsPerDay } from './email-verification.ts';

// Issue 32, findings 1 and 2: nothing is matched to an account by an address its owner has not
// proved, and a deleted account's data does not come back to whoever registers the address next.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
});
afterAll(() => t.close());

let counter = 0;
const address = (name: string) => `${name}.${counter++}@example.fi`;

const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });

async function register(email: string): Promise<{ cookie: string; id: string }> {
  const response = await post('/api/auth/register', {
    firstName: 'Veera',
    lastName: 'Vieras',
    email,
    username: `veera_${counter++}`,
    password: 'Salasana1',
    password2: 'Salasana1',
    isAdult: true,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { cookie: sessionCookieFrom(response), id: response.json().uid };
}

/** The token of the newest verification link mailed to the address, read from the mail as its reader would. */
async function linkTokenMailedTo(email: string): Promise<string> {
  const [mail] = await t.app.db
    .select({ text: outbox.textBody })
    .from(outbox)
    .where(and(eq(outbox.toAddress, email), sql`${outbox.subject} like 'Vahvista sähköpostiosoitteesi%'`))
    .orderBy(desc(outbox.id))
    .limit(1);
  const token = mail?.text.match(/\/vahvista-sahkoposti\?token=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no verification link mailed to ${email}`);
  return token;
}

async function exportOf(cookie: string): Promise<PersonalDataExport> {
  const response = await t.app.inject({ method: 'GET', url: '/api/account/data', headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** What a visitor leaves behind with an address: a contact message and a newsletter sign-up. */
async function visitorUses(email: string): Promise<void> {
  expect(
    (
      await post('/api/contact', {
        name: 'Oikea Omistaja',
        email,
        subject: 'Yksityinen asia',
        message: 'Tämä viesti kuuluu vain minulle.',
      })
    ).statusCode,
  ).toBe(201);
  expect((await post('/api/newsletter', { email })).statusCode).toBe(200);
}

const verify = (token: unknown) => post('/api/auth/verify-email', { token });

async function deleteAccount(cookie: string): Promise<void> {
  expect((await post('/api/account/reauthenticate', { password: 'Salasana1' }, cookie)).statusCode).toBe(204);
  const deleted = await t.app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie } });
  expect(deleted.statusCode, deleted.body).toBe(204);
}

describe('an address nobody has proved', () => {
  it("gives the export nothing of the address's earlier owner until the link mailed to it is used", async () => {
    const email = address('vieras');
    await visitorUses(email);
    const { cookie } = await register(email);

    const before = await exportOf(cookie);
    expect(before.account.emailVerifiedAt).toBeNull();
    expect(before.contactMessages).toEqual([]);
    expect(before.newsletter).toBeNull();
    // Only the account's own mail: not the newsletter confirmation the visitor asked for.
    expect(before.mails.map((mail) => mail.subject)).toEqual(['Vahvista sähköpostiosoitteesi – Lipputori']);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ emailVerified: false });

    // The link works without signing in: it is often opened on another device.
    const verified = await verify(await linkTokenMailedTo(email));
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ status: 'verified' });

    const after = await exportOf(cookie);
    expect(after.account.emailVerifiedAt).toEqual(expect.any(String));
    expect(after.contactMessages).toEqual([expect.objectContaining({ subject: 'Yksityinen asia' })]);
    expect(after.newsletter).toMatchObject({ email, status: 'pending' });
    expect(after.mails.map((mail) => mail.subject).sort()).toEqual(
      ['Vahvista sähköpostiosoitteesi – Lipputori', 'Vahvista uutiskirjeen tilaus'].sort(),
    );
    const account = await t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } });
    expect(account.json()).toMatchObject({ emailVerified: true });
  });

  it('keeps what the account did itself in its export: a contact message sent while signed in', async () => {
    const email = address('itse');
    const { cookie } = await register(email);
    const sent = await post(
      '/api/contact',
      {
        name: 'Itse Lähettäjä',
        email: address('toinen'),
        subject: 'Oma viesti',
        message: 'Kirjoitin tämän itse.',
      },
      cookie,
    );
    expect(sent.statusCode).toBe(201);
    expect((await exportOf(cookie)).contactMessages).toEqual([
      expect.objectContaining({ subject: 'Oma viesti' }),
    ]);
  });

  it('deleting an unverified account removes nothing that another person left with the address', async () => {
    const email = address('uhri');
    await visitorUses(email);
    const { cookie } = await register(email);
    await deleteAccount(cookie);
    expect(
      await t.app.db.select().from(contactMessages).where(eq(contactMessages.email, email)),
    ).toHaveLength(1);
    expect(
      await t.app.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)),
    ).toHaveLength(1);
  });
});

describe('a deleted account', () => {
  it('leaves nothing to the next account of the same address: no receipt, message, consent or mail', async () => {
    const email = address('lahtija');
    const { cookie, id } = await register(email);
    await verify(await linkTokenMailedTo(email));
    const seller = await signUp(t.app);
    const listing = await insertListing(t.app, { sellerId: seller.id });
    await buyWithTestCard(t.app, { email, cookie }, listing);
    expect(
      (
        await post(
          '/api/contact',
          { name: 'Lähtijä', email, subject: 'Kysymys', message: 'Ennen lähtöä kysyn.' },
          cookie,
        )
      ).statusCode,
    ).toBe(201);
    expect((await post('/api/newsletter', { email })).statusCode).toBe(200);
    await t.app.db.insert(analyticsEvents).values({ category: 'view', action: 'ticket', userId: id });
    const exported = await exportOf(cookie);
    expect(exported.mails.map((mail) => mail.subject)).toContainEqual(expect.stringMatching(/^Kuitti: /));
    expect(exported.contactMessages).toHaveLength(1);

    await deleteAccount(cookie);
    // Gone from the tables, not only from the file: by the account's id and its verified address.
    const lowerAddress = sql`lower(${outbox.toAddress}) = ${email}`;
    expect(await t.app.db.select().from(outbox).where(lowerAddress)).toEqual([]);
    expect(await t.app.db.select().from(outbox).where(eq(outbox.replyTo, email))).toEqual([]);
    expect(await t.app.db.select().from(outbox).where(eq(outbox.toUserId, id))).toEqual([]);
    expect(await t.app.db.select().from(contactMessages).where(eq(contactMessages.email, email))).toEqual([]);
    expect(
      await t.app.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)),
    ).toEqual([]);
    expect(await t.app.db.select().from(analyticsEvents).where(eq(analyticsEvents.userId, id))).toEqual([]);
    expect(
      await t.app.db.select().from(analyticsEvents).where(eq(analyticsEvents.action, 'ticket')),
    ).toHaveLength(1);
    expect(await t.app.db.select().from(emailVerifications).where(eq(emailVerifications.userId, id))).toEqual(
      [],
    );

    const again = await register(email);
    await verify(await linkTokenMailedTo(email));
    const fresh = await exportOf(again.cookie);
    expect(fresh.purchases).toEqual([]);
    expect(fresh.contactMessages).toEqual([]);
    expect(fresh.newsletter).toBeNull();
    expect(fresh.mails.map((mail) => mail.subject)).toEqual(['Vahvista sähköpostiosoitteesi – Lipputori']);
  });
});

describe('POST /api/auth/verify-email', () => {
  it('answers a used link with "already verified", and refuses an unknown, malformed or hostile one in Finnish', async () => {
    const email = address('linkki');
    await register(email);
    const token = await linkTokenMailedTo(email);
    expect((await verify(token)).json()).toEqual({ status: 'verified' });
    expect((await verify(token)).json()).toEqual({ status: 'already-verified' });

    const unknown = await verify('A'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({
      code: 'email-link-invalid',
      message: errorMessages['email-link-invalid'],
    });
    for (const hostile of [
      `${token.slice(0, 20)}\u0000${token.slice(21)}`,
      'x'.repeat(100_000),
      42,
      null,
      ['a'],
      '',
    ]) {
      const response = await verify(hostile);
      expect(response.statusCode, String(hostile).slice(0, 30)).toBe(400);
      expect(response.json().error.message).toMatch(/[äö]|linkki/i);
    }
  });

  it('refuses an expired link, and a link sent to an address the account no longer has', async () => {
    const email = address('vanha');
    const { id } = await register(email);
    const token = await linkTokenMailedTo(email);
    await t.app.db
      .update(emailVerifications)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(emailVerifications.userId, id));
    const expired = await verify(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('email-link-expired');

    await t.app.db
      .update(emailVerifications)
      .set({ expiresAt: sql`now() + interval '1 day'` })
      .where(eq(emailVerifications.userId, id));
    await t.app.db
      .update(users)
      .set({ email: address('uusi') })
      .where(eq(users.id, id));
    const moved = await verify(token);
    expect(moved.statusCode).toBe(404);
    const [user] = await t.app.db.select().from(users).where(eq(users.id, id));
    expect(user?.emailVerifiedAt).toBeNull();
  });

  it('verifies once when the same link is opened many times at once', async () => {
    const email = address('monta');
    const { id } = await register(email);
    const token = await linkTokenMailedTo(email);
    const answers = await Promise.all(Array.from({ length: 6 }, () => verify(token)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
    expect(answers.filter((answer) => answer.json().status === 'verified')).toHaveLength(1);
    const [user] = await t.app.db.select().from(users).where(eq(users.id, id));
    expect(user?.emailVerifiedAt).not.toBeNull();
  });
});

describe('POST /api/account/email-verification', () => {
  it('mails a new link, at most five a day even when asked at once, and refuses a visitor and a verified address', async () => {
    const email = address('uudelleen');
    const { cookie, id } = await register(email);
    // Registration sent the first; eight asks at once may send only the rest of the day's five.
    const asks = await Promise.all(
      Array.from({ length: 8 }, () => post('/api/account/email-verification', {}, cookie)),
    );
    expect(asks.filter((ask) => ask.statusCode === 204)).toHaveLength(verificationMailsPerDay - 1);
    const refused = asks.filter((ask) => ask.statusCode === 429);
    expect(refused).toHaveLength(9 - verificationMailsPerDay);
    expect(refused[0]?.json().error.message).toContain('viisi kertaa vuorokauden aikana');
    expect(
      await t.app.db.select().from(emailVerifications).where(eq(emailVerifications.userId, id)),
    ).toHaveLength(verificationMailsPerDay);

    // Any of the links mailed verifies; the newest is as good as the first.
    expect((await verify(await linkTokenMailedTo(email))).json()).toEqual({ status: 'verified' });
    const again = await post('/api/account/email-verification', {}, cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(errorMessages['email-already-verified']);

    const visitor = await post('/api/account/email-verification', {});
    expect(visitor.statusCode).toBe(401);
  });

  it('a used password reset link proves the address too: it came to it', async () => {
    const { id, cookie } = await register(address('unohtaja'));
    const [user] = await t.app.db.select().from(users).where(eq(users.id, id));
    const asked = await post('/api/account/password-reset', {}, cookie);
    expect(asked.statusCode).toBe(200);
    // The reset request is sent after the answer.
    await t.app.afterReply.settled();
    const [resetMail] = await t.app.db
      .select({ text: outbox.textBody })
      .from(outbox)
      .where(and(eq(outbox.toUserId, id), eq(outbox.subject, 'Salasanan vaihto – Lipputori')));
    const code = resetMail?.text.match(/oobCode=([A-Za-z0-9_-]+)/)?.[1];
    const reset = await post('/api/auth/password-reset/confirm', {
      oobCode: code,
      password: 'Uusi-salasana1',
      password2: 'Uusi-salasana1',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const [after] = await t.app.db.select().from(users).where(eq(users.id, id));
    expect(user?.emailVerifiedAt).toBeNull();
    expect(after?.emailVerifiedAt).not.toBeNull();
  });
});

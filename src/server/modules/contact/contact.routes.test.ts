import { asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '#shared/errors.ts';
import {
  contactMessages,
  newsletterConsentEvents,
  newsletterSubscribers,
  outbox,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
});
afterAll(() => t.close());

const validMessage = {
  name: 'Maija Meikäläinen',
  email: 'maija@example.fi',
  subject: 'Lipun toimitus',
  message: 'Hei! Milloin saan ostamani lipun ladattua profiilistani?',
};

describe('POST /api/contact', () => {
  it('stores the message and queues a mail to support with the sender as reply-to', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/contact', payload: validMessage });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ ok: true });

    const [stored] = await t.app.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'maija@example.fi'));
    expect(stored).toMatchObject(validMessage);
    const [mail] = await t.app.db.select().from(outbox).where(eq(outbox.replyTo, 'maija@example.fi'));
    expect(mail?.toAddress).toBe(t.config.site.supportEmail);
    expect(mail?.subject).toContain('Lipun toimitus');
    expect(mail?.textBody).toContain('Milloin saan ostamani lipun');
  });

  it('trims the values before storing them', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...validMessage, name: '  Trimmattu Nimi  ', email: ' trim@example.fi ' },
    });
    expect(response.statusCode).toBe(201);
    const [stored] = await t.app.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'trim@example.fi'));
    expect(stored?.name).toBe('Trimmattu Nimi');
  });

  const invalidCases: [string, Record<string, unknown>, string, string][] = [
    ['missing name', { name: undefined }, 'name', 'Nimi on pakollinen'],
    ['blank name', { name: '   ' }, 'name', 'Nimi on pakollinen'],
    ['one-letter name', { name: 'M' }, 'name', 'Nimen tulee olla vähintään 2 merkkiä'],
    ['missing e-mail', { email: undefined }, 'email', 'Sähköposti on pakollinen'],
    ['empty e-mail', { email: '' }, 'email', 'Sähköposti on pakollinen'],
    ['malformed e-mail', { email: 'maija@example' }, 'email', 'Virheellinen sähköpostiosoite'],
    ['missing subject', { subject: undefined }, 'subject', 'Aihe on pakollinen'],
    ['one-letter subject', { subject: 'x' }, 'subject', 'Aiheen tulee olla vähintään 2 merkkiä'],
    ['missing message', { message: undefined }, 'message', 'Viesti on pakollinen'],
    ['short message', { message: 'Lyhyt' }, 'message', 'Viestin tulee olla vähintään 10 merkkiä'],
    ['non-string message', { message: 42 }, 'message', 'Viesti on pakollinen'],
  ];

  it.each(invalidCases)('rejects %s with the Finnish message', async (_case, change, path, message) => {
    const before = await t.app.db.select().from(contactMessages);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...validMessage, ...change },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe('invalid-argument');
    expect(body.error.issues).toContainEqual({ path, message });
    expect(await t.app.db.select().from(contactMessages)).toHaveLength(before.length);
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid-argument');
  });
});

/** The newest mail to `to`, and the links in its text. */
async function lastMailTo(to: string) {
  const [mail] = await t.app.db
    .select()
    .from(outbox)
    .where(eq(outbox.toAddress, to))
    .orderBy(desc(outbox.id))
    .limit(1);
  if (!mail) throw new Error(`no mail to ${to}`);
  const token = (path: string) => {
    const match = mail.textBody.match(new RegExp(`${path}\\?token=([A-Za-z0-9_%-]+)`));
    return match?.[1] ? decodeURIComponent(match[1]) : undefined;
  };
  return { mail, confirmToken: token('/uutiskirje/vahvista'), unsubscribeToken: token('/uutiskirje/peru') };
}

const subscribe = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email } });
const confirm = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token } });
const unsubscribe = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/newsletter/unsubscribe', payload: { token } });
const subscriber = async (email: string) => {
  const [row] = await t.app.db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email));
  return row;
};
const consentLog = async (email: string) => {
  const row = await subscriber(email);
  const events = await t.app.db
    .select()
    .from(newsletterConsentEvents)
    .where(eq(newsletterConsentEvents.subscriberId, row?.id ?? ''))
    .orderBy(asc(newsletterConsentEvents.id));
  return events.map((event) => event.event);
};

describe('POST /api/newsletter', () => {
  it('stores a pending request with its consent time and mails a confirmation link with a way out', async () => {
    const response = await subscribe('Uutiset@Example.fi');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const row = await subscriber('uutiset@example.fi');
    expect(row).toMatchObject({ status: 'pending', confirmedAt: null, unsubscribedAt: null });
    expect(row?.subscribedAt).toBeInstanceOf(Date);

    const { mail, confirmToken, unsubscribeToken } = await lastMailTo('uutiset@example.fi');
    expect(mail.subject).toBe('Vahvista uutiskirjeen tilaus');
    expect(confirmToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only a hash of the confirmation token is kept.
    expect(row?.confirmTokenHash).not.toBe(confirmToken);
    expect(JSON.stringify(row)).not.toContain(confirmToken);
    expect(unsubscribeToken).toBe(row?.unsubscribeToken);
    expect(mail.htmlBody).toContain('Peru tilaus');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${t.config.publicUrl}/uutiskirje/peru?token=${unsubscribeToken}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(await consentLog('uutiset@example.fi')).toEqual(['requested']);
  });

  it('keeps one row per address, however it is written', async () => {
    for (const email of ['toisto@example.fi', 'TOISTO@example.fi', ' toisto@example.fi ']) {
      expect((await subscribe(email)).statusCode).toBe(200);
    }
    const rows = await t.app.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'toisto@example.fi'));
    expect(rows).toHaveLength(1);
  });

  it('mails one address at most three confirmations a day, answering every sign-up the same', async () => {
    const email = 'pommi@example.fi';
    for (let i = 0; i < 6; i++) {
      const response = await subscribe(email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
    }
    const mails = await t.app.db.select().from(outbox).where(eq(outbox.toAddress, email));
    expect(mails).toHaveLength(3);
    // The last mailed link is the one that works.
    const { confirmToken } = await lastMailTo(email);
    expect((await confirm(confirmToken ?? '')).json()).toEqual({ status: 'confirmed' });
  });

  it('does not tell whether a confirmed address is subscribed, nor mail it again', async () => {
    const email = 'vahvistettu@example.fi';
    await subscribe(email);
    const { confirmToken } = await lastMailTo(email);
    await confirm(confirmToken ?? '');
    const before = await t.app.db.select().from(outbox).where(eq(outbox.toAddress, email));

    const again = await subscribe(email);
    const stranger = await subscribe('tuntematon@example.fi');
    expect(again.statusCode).toBe(stranger.statusCode);
    expect(again.body).toBe(stranger.body);
    expect(await t.app.db.select().from(outbox).where(eq(outbox.toAddress, email))).toHaveLength(
      before.length,
    );
    expect(await subscriber(email)).toMatchObject({ status: 'confirmed' });
  });

  it.each([
    ['missing', {}, 'Syötä sähköpostiosoite'],
    ['empty', { email: '' }, 'Syötä sähköpostiosoite'],
    ['malformed', { email: 'ei-osoite' }, 'Syötä voimassa oleva sähköpostiosoite'],
    ['with a space', { email: 'maija @example.fi' }, 'Syötä voimassa oleva sähköpostiosoite'],
    ['huge', { email: `${'a'.repeat(100_000)}@example.fi` }, 'Syötä voimassa oleva sähköpostiosoite'],
    ['not a string', { email: 42 }, 'Syötä sähköpostiosoite'],
  ])('rejects a %s address', async (_case, payload, message) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/newsletter', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'invalid-argument', message });
  });
});

describe('POST /api/newsletter/confirm', () => {
  it('confirms once, keeps the time, and answers the same link again as already confirmed', async () => {
    const email = 'vahvista@example.fi';
    await subscribe(email);
    const { confirmToken } = await lastMailTo(email);
    const first = await confirm(confirmToken ?? '');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'confirmed' });
    const row = await subscriber(email);
    expect(row?.status).toBe('confirmed');
    expect(row?.confirmedAt?.getTime()).toBeGreaterThanOrEqual(row?.subscribedAt.getTime() ?? Infinity);

    const again = await confirm(confirmToken ?? '');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'already-confirmed' });
    expect((await subscriber(email))?.confirmedAt).toEqual(row?.confirmedAt);
    expect(await consentLog(email)).toEqual(['requested', 'confirmed']);
  });

  it('refuses a forged link, a replaced link and an expired link with a Finnish message', async () => {
    const forged = await confirm('a'.repeat(43));
    expect(forged.statusCode).toBe(404);
    expect(forged.json().error).toEqual({
      code: 'newsletter-link-invalid',
      message: errorMessages['newsletter-link-invalid'],
    });

    const email = 'vanha@example.fi';
    await subscribe(email);
    const { confirmToken: replaced } = await lastMailTo(email);
    await subscribe(email);
    expect((await confirm(replaced ?? '')).json().error.code).toBe('newsletter-link-invalid');

    const { confirmToken: latest } = await lastMailTo(email);
    await t.app.db
      .update(newsletterSubscribers)
      .set({ confirmTokenExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(newsletterSubscribers.email, email));
    const expired = await confirm(latest ?? '');
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toEqual({
      code: 'newsletter-link-expired',
      message: errorMessages['newsletter-link-expired'],
    });
    expect((await subscriber(email))?.status).toBe('pending');
  });

  it.each([
    ['missing', {}],
    ['too short', { token: 'abc' }],
    ['NUL bytes', { token: `${'a'.repeat(40)}\u0000\u0000\u0000` }],
    ['huge', { token: 'a'.repeat(100_000) }],
    ['a number', { token: 42 }],
    ['an object', { token: { $ne: '' } }],
  ])('rejects a %s token with 400 and a Finnish message', async (_case, payload) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid-argument');
    expect(response.json().error.message).toMatch(/[äö]|Linkki|Virheelliset|Lähetetty/);
  });
});

describe('unsubscribing', () => {
  it('needs no sign-in, keeps the row with its time, voids the confirmation link and is idempotent', async () => {
    const email = 'peru@example.fi';
    await subscribe(email);
    const { confirmToken, unsubscribeToken } = await lastMailTo(email);
    await confirm(confirmToken ?? '');

    const response = await unsubscribe(unsubscribeToken ?? '');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const row = await subscriber(email);
    expect(row?.status).toBe('unsubscribed');
    expect(row?.unsubscribedAt).toBeInstanceOf(Date);
    expect(row?.confirmedAt).toBeInstanceOf(Date);
    expect((await unsubscribe(unsubscribeToken ?? '')).statusCode).toBe(200);
    expect((await confirm(confirmToken ?? '')).json().error.code).toBe('newsletter-link-invalid');

    // Signing up again is a new request to confirm; the history keeps every step.
    await subscribe(email);
    expect((await subscriber(email))?.status).toBe('pending');
    expect(await consentLog(email)).toEqual(['requested', 'confirmed', 'unsubscribed', 'requested']);
  });

  it('refuses an unknown link with a Finnish message', async () => {
    const response = await unsubscribe('b'.repeat(64));
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toEqual({
      code: 'unsubscribe-link-invalid',
      message: errorMessages['unsubscribe-link-invalid'],
    });
  });

  it('takes the one-click POST of a mail program (RFC 8058) at the link of the header', async () => {
    const email = 'yksiklikkaus@example.fi';
    await subscribe(email);
    const { unsubscribeToken } = await lastMailTo(email);
    const url = `/uutiskirje/peru?token=${encodeURIComponent(unsubscribeToken ?? '')}`;

    // A GET (a mail scanner opening the link) changes nothing.
    const get = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(get.statusCode).toBeLessThan(500);
    expect((await subscriber(email))?.status).toBe('pending');

    const post = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    expect((await subscriber(email))?.status).toBe('unsubscribed');

    const forged = await t.app.inject({
      method: 'POST',
      url: `/uutiskirje/peru?token=${'c'.repeat(43)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(404);
    const hostile = await t.app.inject({
      method: 'POST',
      url: '/uutiskirje/peru?token=%00%00',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(hostile.statusCode).toBe(400);
    const noBody = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'x=1',
    });
    expect(noBody.statusCode).toBe(400);
  });
});

describe('rate limits', () => {
  it('limits contact messages and newsletter sign-ups per address', async () => {
    const limited = await createTestApp();
    try {
      const contactCodes: number[] = [];
      for (let i = 0; i < 6; i++) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/contact',
          payload: validMessage,
        });
        contactCodes.push(response.statusCode);
      }
      expect(contactCodes).toEqual([201, 201, 201, 201, 201, 429]);

      const newsletterCodes: number[] = [];
      for (let i = 0; i < 11; i++) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/newsletter',
          payload: { email: `n${i}@example.fi` },
        });
        newsletterCodes.push(response.statusCode);
      }
      expect(newsletterCodes.filter((code) => code === 200)).toHaveLength(10);
      const last = await limited.app.inject({
        method: 'POST',
        url: '/api/newsletter',
        payload: { email: 'x@example.fi' },
      });
      expect(last.statusCode).toBe(429);
      expect(last.json().error).toEqual({
        code: 'resource-exhausted',
        message: 'Liian monta pyyntöä. Yritä myöhemmin uudelleen.',
      });
    } finally {
      await limited.close();
    }
  });
});

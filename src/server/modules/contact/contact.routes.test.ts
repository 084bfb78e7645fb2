import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, newsletterSubscribers, outbox } from '../../db/schema/index.ts';
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

describe('POST /api/newsletter', () => {
  it('stores the address in lower case with the subscription time', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: { email: 'Uutiset@Example.fi' },
    });
    expect(response.statusCode).toBe(200);
    const rows = await t.app.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'uutiset@example.fi'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.subscribedAt).toBeInstanceOf(Date);
  });

  it('accepts a repeated address without creating a duplicate', async () => {
    for (const email of ['toisto@example.fi', 'TOISTO@example.fi', ' toisto@example.fi ']) {
      const response = await t.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email } });
      expect(response.statusCode).toBe(200);
    }
    const rows = await t.app.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'toisto@example.fi'));
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['missing', {}, 'Syötä sähköpostiosoite'],
    ['empty', { email: '' }, 'Syötä sähköpostiosoite'],
    ['malformed', { email: 'ei-osoite' }, 'Syötä voimassa oleva sähköpostiosoite'],
    ['with a space', { email: 'maija @example.fi' }, 'Syötä voimassa oleva sähköpostiosoite'],
  ])('rejects a %s address', async (_case, payload, message) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/newsletter', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'invalid-argument', message });
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

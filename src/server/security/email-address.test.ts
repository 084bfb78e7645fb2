import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, newsletterSubscribers, outbox, users } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// An address a mail library reads as a list (`x,y@evil.example`) once sent a contact form's
// Reply-To to the attacker. Every route that takes an address refuses anything but one plain one.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
});
afterAll(() => t.close());

const hostileAddresses = ['x,y@evil.example', 'maija@example.fi, y@evil.example', 'Maija <y@evil.example>'];

const routes = [
  {
    url: '/api/contact',
    body: { name: 'Maija', subject: 'Kysymys', message: 'Hei, tämä on kysymys lipuista.' },
    message: 'Virheellinen sähköpostiosoite',
  },
  { url: '/api/newsletter', body: {}, message: 'Syötä voimassa oleva sähköpostiosoite' },
  {
    url: '/api/auth/register',
    body: {
      firstName: 'Maija',
      lastName: 'M',
      username: 'maija_m',
      password: 'Oikea123',
      password2: 'Oikea123',
      isAdult: true,
    },
    message: 'Virheellinen sähköpostiosoite',
  },
  { url: '/api/auth/password-reset/request', body: {}, message: 'Virheellinen sähköpostiosoite' },
];

describe('one plain e-mail address', () => {
  for (const { url, body, message } of routes)
    it(`POST ${url} refuses a list of addresses and writes nothing`, async () => {
      for (const email of hostileAddresses) {
        const response = await t.app.inject({ method: 'POST', url, payload: { ...body, email } });
        expect(response.statusCode, email).toBe(400);
        expect(response.json().error.issues).toContainEqual({ path: 'email', message });
      }
      expect(await t.app.db.select().from(outbox)).toEqual([]);
      expect(await t.app.db.select().from(contactMessages)).toEqual([]);
      expect(await t.app.db.select().from(newsletterSubscribers)).toEqual([]);
      expect(await t.app.db.select().from(users)).toEqual([]);
    });
});

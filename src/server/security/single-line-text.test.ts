import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { singleLineTextMessage, unstorableTextMessage } from '#shared/text.ts';
import { listingFiles, users } from '../db/schema/index.ts';
import { signUp, testTicketPdf } from '../test/listing-fixtures.ts';
import { multipartBody } from '../test/multipart.ts';
import { sellFormInput } from '../test/sell-form-input.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// A one-line field (event name, venue, city, ticket type, seat, names, a mail's subject) holds
// one plain line: line breaks, ESC, BEL and the right-to-left override are refused with a Finnish
// message. An uploaded file's name is not typed, so it is cleaned instead; a NUL byte in it, which
// no disk allows, is refused like a NUL anywhere else: a 4xx, never a 500.

let t: TestApp;
let seller = '';
beforeAll(async () => {
  t = await createTestApp({ rateLimits: false, sellingLimits: { maxPending: 1000, maxPerDay: 1000 } });
  const user = await signUp(t.app, 'yksirivinen');
  await t.app.db.update(users).set({ iban: 'FI2112345600000785' }).where(eq(users.id, user.id));
  seller = user.cookie;
});
afterAll(() => t.close());

// The wizard's fields, with hostile values in place of some.
const listing = (overrides: Record<string, unknown> = {}) => ({ ...sellFormInput(), ...overrides });

async function submit(fields: Record<string, unknown>, filename = 'lippu.pdf') {
  const body = multipartBody([
    { name: 'listing', value: JSON.stringify(listing(fields)) },
    { name: 'files', filename, contentType: 'application/pdf', data: await testTicketPdf() },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/listings',
    payload: body.payload,
    headers: { ...body.headers, cookie: seller },
  });
}

const hostile = {
  'a line break': 'Konsertti\nToinen rivi',
  'a carriage return': 'Konsertti\rToinen',
  'a tab': 'Konsertti\tAreena',
  ESC: 'Konsertti \u001b[31mpunainen',
  BEL: 'Konsertti\u0007',
  'the right-to-left override': 'Konsertti \u202Efdp.exe',
  'a bidi isolate': 'Konsertti \u2066x\u2069',
  'the line separator': 'Konsertti\u2028Toinen',
};

describe('one-line text in a listing', () => {
  for (const field of ['eventName', 'eventVenue', 'location', 'ticketType'] as const) {
    for (const [name, text] of Object.entries(hostile)) {
      it(`refuses ${name} in ${field}`, async () => {
        const answer = await submit({ [field]: text });
        expect(answer.statusCode).toBe(400);
        expect(answer.json().error.issues).toContainEqual({ path: field, message: singleLineTextMessage });
      });
    }
  }

  it('refuses a line break in a seat', async () => {
    const answer = await submit({
      hasAssignedSeat: 'kylla',
      seatInfo: [{ sector: 'A\nB', row: '1', seat: '2' }],
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.issues).toContainEqual({
      path: 'seatInfo.0.sector',
      message: singleLineTextMessage,
    });
  });

  it('still takes a name with spaces, accents, emoji and line breaks only around it', async () => {
    const answer = await submit({
      eventName: '\n  Ääniä & valoja — “Live” 🎸 \n',
      eventVenue: 'Savoy-teatteri',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().listing.eventName).toBe('Ääniä & valoja — “Live” 🎸');
  });
});

describe('an uploaded file’s name', () => {
  it('answers a NUL byte with a Finnish 400, never a 500', async () => {
    const answer = await submit({}, 'lippu\u0000.pdf');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toEqual({
      code: 'invalid-argument',
      message: unstorableTextMessage,
      issues: [{ path: 'files', message: unstorableTextMessage }],
    });
  });

  it('keeps the name without its control and bidi characters', async () => {
    const answer = await submit({}, 'lippu\u202Efdp.exe\u001b\u0007 1.pdf');
    expect(answer.statusCode, answer.body).toBe(201);
    const [file] = await t.app.db
      .select({ originalFileName: listingFiles.originalFileName })
      .from(listingFiles)
      .where(eq(listingFiles.listingId, answer.json().listing.id));
    expect(file?.originalFileName).toBe('lippufdp.exe 1.pdf');
  });
});

describe('other one-line fields', () => {
  it('refuses a line break in a contact message’s subject and name', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        name: 'Matti\nMeikäläinen',
        email: 'matti@example.fi',
        subject: 'Kysymys\r\nBcc: kaikki@example.fi',
        message: 'Hei, minulla on kysymys lipuista.',
      },
    });
    expect(answer.statusCode).toBe(400);
    const paths = answer.json().error.issues.map((issue: { path: string }) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'subject']));
  });

  it('refuses the right-to-left override in a new account’s names', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        firstName: 'Matti\u202E',
        lastName: 'Meikäläinen\u001b',
        email: 'rlo@example.fi',
        username: 'rlo_kayttaja',
        password: 'Salasana1!',
        password2: 'Salasana1!',
        isAdult: true,
      },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.issues).toEqual(
      expect.arrayContaining([
        { path: 'firstName', message: singleLineTextMessage },
        { path: 'lastName', message: singleLineTextMessage },
      ]),
    );
  });
});

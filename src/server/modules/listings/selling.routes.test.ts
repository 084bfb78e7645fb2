import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingFormInput } from '#shared/listings/listing.schema.ts';
import { sellerListingResponseSchema } from '#shared/listings/seller-listing.schema.ts';
import { sellingMessages } from '#shared/listings/selling-messages.ts';
import { calculatePrices } from '#shared/pricing.ts';
import {
  listingBarcodes,
  listingDuplicateAttempts,
  listingFiles,
  listingRemovals,
  listings,
  outbox,
  users,
} from '../../db/schema/index.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { testTicketPdf } from '../../test/listing-fixtures.ts';
import { multipartBody } from '../../test/multipart.ts';
import { sellFormInput } from '../../test/sell-form-input.ts';
import { sessionCookieFrom } from '../../test/session-cookie.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
const cookies = { seller: '', other: '', noIban: '' };
let sellerId = '';
/** Set to make the file store fail from its n-th put on (the store "dies" halfway). */
let failPutsFrom: number | undefined;

const iban = 'FI2112345600000785';

async function signUp(username: string, withIban: boolean): Promise<string> {
  const email = `${username}@example.fi`;
  const password = 'Salasana1!';
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      email,
      password,
      password2: password,
      username,
      firstName: 'Testi',
      lastName: 'Myyjä',
      isAdult: true,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  if (withIban) await t.app.db.update(users).set({ iban }).where(eq(users.email, email));
  return sessionCookieFrom(response);
}

beforeAll(async () => {
  t = await createTestApp(
    { rateLimits: false, sellingLimits: { maxPending: 1000, maxPerDay: 1000 } },
    {
      wrapFiles: (store: FileStore): FileStore => {
        let puts = 0;
        return {
          ...store,
          async put(key, data, contentType) {
            puts++;
            if (failPutsFrom !== undefined && puts >= failPutsFrom) throw new Error('file store is down');
            return store.put(key, data, contentType);
          },
        };
      },
    },
  );
  cookies.seller = await signUp('myyja', true);
  cookies.other = await signUp('toinen', true);
  cookies.noIban = await signUp('ilmaniban', false);
  const [seller] = await t.app.db.select().from(users).where(eq(users.username, 'myyja'));
  sellerId = seller?.id ?? '';
});
afterAll(() => t.close());

const form = (overrides: Partial<ListingFormInput> = {}) => sellFormInput({ iban, ...overrides });

type FilePart = { filename: string; data: Uint8Array; contentType?: string };

function submit(
  cookie: string | undefined,
  listing: unknown,
  files: FilePart[],
  headers: Record<string, string> = {},
) {
  const body = multipartBody([
    { name: 'listing', value: typeof listing === 'string' ? listing : JSON.stringify(listing) },
    ...files.map((file) => ({
      name: 'files',
      filename: file.filename,
      contentType: file.contentType ?? 'application/pdf',
      data: file.data,
    })),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/listings',
    payload: body.payload,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}), ...headers },
  });
}

const listingsOf = (submissionId: string) =>
  t.app.db.select().from(listings).where(eq(listings.submissionId, submissionId));

async function storedFiles(): Promise<string[]> {
  const root = path.join(t.config.filesDir, 'tickets');
  try {
    const dirs = await readdir(root);
    const nested = await Promise.all(
      dirs.map(async (dir) => (await readdir(path.join(root, dir))).map((f) => `${dir}/${f}`)),
    );
    return nested.flat();
  } catch {
    return [];
  }
}

describe('POST /api/prices', () => {
  const quote = (payload: unknown, cookie: string | null = cookies.seller) =>
    t.app.inject({
      method: 'POST',
      url: '/api/prices',
      payload: payload as object,
      headers: cookie ? { cookie } : {},
    });

  it('answers the prices of the shared rule', async () => {
    const response = await quote({ sellingPrice: '100', additionalFees: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(calculatePrices(10_000, 0));
    expect((await quote({ sellingPrice: '12,5', additionalFees: '4.50' })).json()).toEqual(
      calculatePrices(1250, 450),
    );
  });

  it('refuses visitors and prices that are no prices, in Finnish', async () => {
    expect((await quote({ sellingPrice: '10' }, null)).statusCode).toBe(401);
    const cases: [unknown, string][] = [
      [{ sellingPrice: '-5' }, sellingMessages.pricesNegative],
      [{ sellingPrice: '1,2.3' }, sellingMessages.priceFormat],
      [{ sellingPrice: 'abc' }, sellingMessages.priceFormat],
      [{ sellingPrice: '0', additionalFees: '0' }, sellingMessages.pricesZero],
      [{ sellingPrice: '9'.repeat(5000) }, sellingMessages.priceFormat],
    ];
    for (const [payload, message] of cases) {
      const response = await quote(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    expect((await quote({ sellingPrice: 12 })).statusCode).toBe(400);
    expect((await quote([1, 2])).statusCode).toBe(400);
  });
});

describe('POST /api/listings', () => {
  it('puts a real ticket PDF up for review, with prices, files, codes and a notice to the team', async () => {
    const listing = form({
      ticketCount: 2,
      hasAssignedSeat: 'kylla',
      seatInfo: [
        { sector: 'A', row: '3', seat: '7' },
        { sector: 'A', row: '3', seat: '8' },
      ],
    });
    const response = await submit(cookies.seller, listing, [
      { filename: 'Kevät lippu 1.pdf', data: await testTicketPdf() },
      { filename: 'lippu2.pdf', data: await testTicketPdf() },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const body = sellerListingResponseSchema.parse(response.json());
    expect(body.listing).toMatchObject({
      status: 'pending',
      eventName: 'Testikonsertti Areenalla',
      ticketCount: 2,
      sellingPriceCents: 4500,
      originalPriceCents: 5000,
      serviceFeeCents: 135,
      listingPriceCents: 4635,
      sellerReceivableCents: 4365,
    });
    expect(body.listing.files.map((file) => file.fileName)).toEqual([
      'Lippu_1_Kev_t_lippu_1.pdf',
      'Lippu_2_lippu2.pdf',
    ]);
    expect(await storedFiles()).toEqual(
      expect.arrayContaining([
        `${body.listing.id}/Lippu_1_Kev_t_lippu_1.pdf`,
        `${body.listing.id}/Lippu_2_lippu2.pdf`,
      ]),
    );
    const codes = await t.app.db
      .select()
      .from(listingBarcodes)
      .where(eq(listingBarcodes.listingId, body.listing.id));
    expect(codes.map((code) => code.format)).toEqual(['QRCode', 'QRCode']);
    const files = await t.app.db
      .select()
      .from(listingFiles)
      .where(eq(listingFiles.listingId, body.listing.id));
    expect(files.every((file) => file.pageCount === 1 && /^[0-9a-f]{64}$/.test(file.sha256))).toBe(true);
    const mails = await t.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, t.config.site.supportEmail));
    expect(mails.some((mail) => mail.subject.includes('Testikonsertti Areenalla'))).toBe(true);
  });

  it('takes a ticket whose code is printed on two of its pages as one ticket', async () => {
    const pdf = await PDFDocument.load(await testTicketPdf());
    const [copy] = await pdf.copyPages(pdf, [0]);
    if (copy) pdf.addPage(copy);
    const response = await submit(cookies.seller, form(), [
      { filename: 'kaksi-sivua.pdf', data: await pdf.save() },
    ]);
    expect(response.statusCode, response.body).toBe(201);
  });

  it('creates nothing when the same submission arrives again', async () => {
    const listing = form();
    expect(
      (await submit(cookies.seller, listing, [{ filename: 'a.pdf', data: await testTicketPdf() }]))
        .statusCode,
    ).toBe(201);
    const again = await submit(cookies.seller, listing, [{ filename: 'a.pdf', data: await testTicketPdf() }]);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'already-submitted',
      message: 'Lippu on jo asetettu myyntiin',
    });
    expect(await listingsOf(listing.submissionId)).toHaveLength(1);
  });

  it('refuses a ticket whose QR code another listing holds, and records the attempt', async () => {
    const code = `DUP-${randomUUID()}`;
    const first = await submit(cookies.seller, form(), [
      { filename: 'a.pdf', data: await testTicketPdf(code) },
    ]);
    expect(first.statusCode).toBe(201);
    // Another PDF file (other text, same code), by someone else.
    const copy = form();
    const second = await submit(cookies.other, copy, [
      { filename: 'kopio.pdf', data: await testTicketPdf(code, 'Toinen nimi') },
    ]);
    expect(second.statusCode).toBe(409);
    // The original only waits for review: said so, with the file and whom to contact.
    const message = `Tiedoston kopio.pdf lippua ei voi asettaa myyntiin: sen viivakoodi tai QR-koodi on jo toisessa ilmoituksessa, joka odottaa tarkistusta. Jos lippu on sinun, ota yhteyttä asiakaspalveluun: ${t.config.site.supportEmail}.`;
    expect(second.json().error).toEqual({
      code: 'ticket-already-on-sale',
      message,
      issues: [{ path: 'files.0', message }],
    });
    expect(await listingsOf(copy.submissionId)).toHaveLength(0);
    const attempts = await t.app.db
      .select()
      .from(listingDuplicateAttempts)
      .where(eq(listingDuplicateAttempts.existingListingId, first.json().listing.id));
    expect(attempts).toMatchObject([{ matchedBy: 'barcode', originalFileName: 'kopio.pdf' }]);
  });

  it('says which file matched, by what, and where the holding listing stands, never whose it is', async () => {
    const code = `WHICH-${randomUUID()}`;
    const original = await testTicketPdf(code);
    // A ticket with no code to read: only the file itself can match.
    const plain = await PDFDocument.create();
    plain.addPage().drawText(`Lippu ${randomUUID()}`);
    const noCode = await plain.save();
    const listed = await submit(cookies.seller, form(), [
      { filename: 'alkuperainen.pdf', data: original },
      { filename: 'ilman-koodia.pdf', data: noCode },
    ]);
    expect(listed.statusCode, listed.body).toBe(201);
    const id = listed.json().listing.id;
    const refusal = async (cookie: string, files: FilePart[]) => {
      const response = await submit(cookie, form(), files);
      expect(response.statusCode).toBe(409);
      return response.json().error as { message: string; issues: { path: string; message: string }[] };
    };
    const contact = `Jos lippu on sinun, ota yhteyttä asiakaspalveluun: ${t.config.site.supportEmail}.`;

    await t.app.db.update(listings).set({ status: 'listed' }).where(eq(listings.id, id));
    // The second of two files is the same file: named, matched by the file, on sale.
    const other = await refusal(cookies.other, [
      { filename: 'uusi.pdf', data: await testTicketPdf() },
      { filename: 'sama.pdf', data: noCode },
    ]);
    expect(other.issues).toEqual([{ path: 'files.1', message: other.message }]);
    expect(other.message).toBe(
      `Tiedoston sama.pdf lippua ei voi asettaa myyntiin: sama tiedosto on jo toisessa ilmoituksessa, joka on myynnissä. ${contact}`,
    );

    // The seller's own listing on sale: told where to find it, not to call anyone.
    const own = await refusal(cookies.seller, [
      { filename: 'taas.pdf', data: await testTicketPdf(code, 'Toinen nimi') },
    ]);
    expect(own.message).toBe(
      'Tiedoston taas.pdf lippua ei voi asettaa myyntiin: sen viivakoodi tai QR-koodi on jo omassa ilmoituksessasi, joka on myynnissä. Löydät ilmoituksen profiilistasi kohdasta Myynnissä olevat.',
    );

    await t.app.db.update(listings).set({ status: 'sold' }).where(eq(listings.id, id));
    const sold = await refusal(cookies.seller, [{ filename: 'myyty.pdf', data: original }]);
    expect(sold.message).toBe(
      `Tiedoston myyty.pdf lippua ei voi asettaa myyntiin: sen viivakoodi tai QR-koodi on jo omassa ilmoituksessasi, jonka lippu on jo myyty. ${contact}`,
    );
  });

  it('lets the code be listed again once its listing is removed', async () => {
    const code = `AGAIN-${randomUUID()}`;
    const first = await submit(cookies.seller, form(), [
      { filename: 'a.pdf', data: await testTicketPdf(code) },
    ]);
    const id = first.json().listing.id;
    const removal = await t.app.inject({
      method: 'POST',
      url: `/api/listings/${id}/removal`,
      payload: { reason: 'using_myself' },
      headers: { cookie: cookies.seller },
    });
    expect(removal.statusCode).toBe(204);
    expect(
      (await submit(cookies.seller, form(), [{ filename: 'a.pdf', data: await testTicketPdf(code) }]))
        .statusCode,
    ).toBe(201);
  });

  it('gives one of two sellers racing with the same ticket the listing, the other the refusal', async () => {
    const pdf = await testTicketPdf(`RACE-${randomUUID()}`);
    const answers = await Promise.all([
      submit(cookies.seller, form(), [{ filename: 'a.pdf', data: pdf }]),
      submit(cookies.other, form(), [{ filename: 'b.pdf', data: pdf }]),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
  });

  it('refuses files that are not PDFs by what they are, not by their names, and stores nothing', async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#cf975c' } })
      .png()
      .toBuffer();
    const real = await testTicketPdf();
    const cases: [FilePart, number, string][] = [
      [{ filename: 'lippu.pdf', data: png }, 400, 'Vain PDF-tiedostot ovat sallittuja'],
      [
        { filename: 'lippu.pdf', data: Buffer.from('<!doctype html><html><body>lippu</body></html>') },
        400,
        'Vain PDF-tiedostot ovat sallittuja',
      ],
      [
        { filename: 'lippu.pdf', data: real.slice(0, Math.floor(real.length / 2)) },
        400,
        sellingMessages.pdfUnreadable,
      ],
      [
        { filename: 'lippu.pdf', data: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 7)]) },
        400,
        sellingMessages.pdfUnreadable,
      ],
      [
        { filename: 'iso.pdf', data: Buffer.concat([real, Buffer.alloc(10 * 1024 * 1024)]) },
        413,
        'Tiedosto on liian suuri. Suurin sallittu koko on 10 Mt.',
      ],
    ];
    const before = await storedFiles();
    for (const [file, status, message] of cases) {
      const listing = form();
      const response = await submit(cookies.seller, listing, [
        { filename: 'ok.pdf', data: await testTicketPdf() },
        file,
      ]);
      expect(response.statusCode, message).toBe(status);
      expect(response.json().error.message).toContain(message);
      expect(await listingsOf(listing.submissionId)).toHaveLength(0);
    }
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a package without files, with more than six, or with the same ticket twice', async () => {
    const none = await submit(cookies.seller, form(), []);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe('Vähintään yksi lipputiedosto vaaditaan');
    const seven = await Promise.all(Array.from({ length: 7 }, () => testTicketPdf()));
    const tooMany = await submit(
      cookies.seller,
      form(),
      seven.map((data, i) => ({ filename: `${i}.pdf`, data })),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe('Enintään 6 lippua voidaan myydä yhtenä pakettina');
    const pdf = await testTicketPdf();
    const twice = await submit(cookies.seller, form({ ticketCount: 2 }), [
      { filename: 'a.pdf', data: pdf },
      { filename: 'b.pdf', data: pdf },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.message).toBe(sellingMessages.sameTicketTwice);
  });

  it("checks the form's rules on the server, with the field named", async () => {
    const pdf = await testTicketPdf();
    const cases: [Partial<ListingFormInput>, string, string][] = [
      [{ eventName: 'ab' }, 'eventName', 'Tapahtuman nimen tulee olla vähintään 3 merkkiä'],
      [{ eventDate: '2020-01-01' }, 'eventDate', 'Tapahtuman täytyy olla tulevaisuudessa'],
      [{ eventTime: '25:00' }, 'eventTime', 'Syötä kelvollinen kellonaika muodossa HH:MM'],
      [{ sellingPrice: '60' }, 'sellingPrice', 'Myyntihinta ei voi olla korkeampi kuin alkuperäinen hinta'],
      [{ sellingPrice: '4' }, 'sellingPrice', 'Hinnan tulee olla vähintään 5 €'],
      [
        { hasAdditionalFee: 'kylla', additionalFees: '8' },
        'additionalFees',
        'Voit lisätä palvelumaksuja maksimissaan 15% alkuperäisestä hinnasta',
      ],
      [{ ticketType: 'Muu, mikä?' }, 'ticketType', 'Kirjoita lippusi tyyppi'],
      [{ ticketCount: 7 }, 'ticketCount', 'Voit myydä enintään 6 lippua kerralla'],
      [{ termsAccepted: false as true }, 'termsAccepted', 'Käyttöehdot tulee hyväksyä'],
      [{ eventImage: 'javascript:alert(1)' }, 'eventImage', 'Tapahtuman kuva ei kelpaa'],
      [{ eventName: 'Konsertti\u0000' }, 'eventName', 'Tekstissä on merkkejä, joita ei voi käyttää'],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await submit(cookies.seller, form(overrides), [{ filename: 'a.pdf', data: pdf }]);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().error.issues).toContainEqual({ path: field, message });
    }
    for (const hostile of ['not json', '[]', 'null', JSON.stringify({ ...form(), ticketCount: '2' })]) {
      const response = await submit(cookies.seller, hostile, [{ filename: 'a.pdf', data: pdf }]);
      expect(response.statusCode, hostile.slice(0, 20)).toBe(400);
      expect(response.json().error.message).toMatch(/^[A-ZÄÖ]/);
    }
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/listings',
      payload: form(),
      headers: { cookie: cookies.seller },
    });
    expect(json.statusCode).toBe(400);
  });

  it('needs a signed-in seller, the same site and an IBAN', async () => {
    const pdf = await testTicketPdf();
    const visitor = await submit(undefined, form(), [{ filename: 'a.pdf', data: pdf }]);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.message).toBe('Sinun täytyy olla kirjautunut sisään myydäksesi lippuja!');
    const forged = await submit(cookies.seller, form(), [{ filename: 'a.pdf', data: pdf }], {
      origin: 'https://evil.example',
    });
    expect(forged.statusCode).toBe(403);
    const { iban: _none, ...withoutIban } = form();
    const noIban = await submit(cookies.noIban, withoutIban, [{ filename: 'a.pdf', data: pdf }]);
    expect(noIban.statusCode).toBe(400);
    expect(noIban.json().error.message).toBe('IBAN-numero on pakollinen myyntiä varten');
    const withIban = await submit(cookies.noIban, form(), [{ filename: 'a.pdf', data: pdf }]);
    expect(withIban.statusCode).toBe(201);
    const [user] = await t.app.db.select().from(users).where(eq(users.username, 'ilmaniban'));
    expect(user?.iban).toBe(iban);
  });

  it('rolls everything back when the file store dies halfway', async () => {
    const before = await storedFiles();
    failPutsFrom = 2;
    try {
      const listing = form({ ticketCount: 3 });
      const response = await submit(cookies.other, listing, [
        { filename: 'a.pdf', data: await testTicketPdf() },
        { filename: 'b.pdf', data: await testTicketPdf() },
        { filename: 'c.pdf', data: await testTicketPdf() },
      ]);
      expect(response.statusCode).toBe(503);
      expect(response.json().error.message).toBe('Tiedostojen lataus epäonnistui');
      expect(await listingsOf(listing.submissionId)).toHaveLength(0);
      expect(await storedFiles()).toEqual(before);
    } finally {
      failPutsFrom = undefined;
    }
  });

  it('holds the quota of listings under review even when they arrive at once', async () => {
    const quotaSeller = await signUp('kiireinen', true);
    const pdfs = await Promise.all(Array.from({ length: 7 }, () => testTicketPdf()));
    t.config.sellingLimits.maxPending = 4;
    const answers = await Promise.all(
      pdfs.map((data, i) => submit(quotaSeller, form(), [{ filename: `${i}.pdf`, data }])),
    ).finally(() => {
      t.config.sellingLimits.maxPending = 1000;
    });
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(4);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    expect(answers.find((answer) => answer.statusCode === 429)?.json().error.message).toBe(
      'Myyntirajasi on täyttynyt. Yritä myöhemmin uudelleen.',
    );
  });
});

describe("the seller's own listings", () => {
  async function create(cookie = cookies.seller, overrides: Partial<ListingFormInput> = {}) {
    const response = await submit(cookie, form(overrides), [
      { filename: 'a.pdf', data: await testTicketPdf() },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().listing as {
      id: string;
      listingPriceCents: number;
      sellerReceivableCents: number;
    };
  }
  const setStatus = (id: string, status: 'listed' | 'sold') =>
    t.app.db.update(listings).set({ status }).where(eq(listings.id, id));
  const call = (
    method: 'GET' | 'PATCH' | 'DELETE' | 'POST',
    url: string,
    cookie?: string,
    payload?: object,
  ) => t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

  it('lists only their own, on sale first, then under review, sold and ended', async () => {
    const listed = await create();
    await setStatus(listed.id, 'listed');
    const response = await call('GET', '/api/listings/mine', cookies.seller);
    expect(response.statusCode).toBe(200);
    const own = response.json().listings as { id: string; status: string }[];
    expect(own[0]?.status).toBe('listed');
    const order = { listed: 0, reserved: 0, pending: 1, sold: 2 } as Record<string, number>;
    const ranks = own.map((listing) => order[listing.status] ?? 3);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    const [row] = await t.app.db.select().from(listings).where(eq(listings.sellerId, sellerId));
    expect(own.some((listing) => listing.id === row?.id)).toBe(true);
    const others = (await call('GET', '/api/listings/mine', cookies.other)).json().listings as {
      id: string;
    }[];
    expect(others.some((listing) => listing.id === listed.id)).toBe(false);
    expect((await call('GET', '/api/listings/mine')).statusCode).toBe(401);
  });

  it('shows a listing to its seller only', async () => {
    const own = await create();
    expect((await call('GET', `/api/listings/${own.id}`, cookies.seller)).statusCode).toBe(200);
    const other = await call('GET', `/api/listings/${own.id}`, cookies.other);
    expect(other.statusCode).toBe(403);
    expect(other.json().error.message).toBe('Ei käyttöoikeutta tähän lippuun');
    const missing = await call('GET', `/api/listings/${randomUUID()}`, cookies.seller);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Lippua ei löytynyt');
    expect((await call('GET', '/api/listings/not-an-id', cookies.seller)).statusCode).toBe(404);
    const nul = await call('GET', '/api/listings/%00', cookies.seller);
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.message).toMatch(/^[A-ZÄÖ]/);
  });

  it('edits the price when the client computed the same prices, and the public list shows it', async () => {
    const own = await create();
    await setStatus(own.id, 'listed');
    t.app.publicListCache.clear();
    const prices = calculatePrices(4000, 0);
    const edited = await call('PATCH', `/api/listings/${own.id}`, cookies.seller, {
      sellingPrice: '40,00',
      additionalInfo: 'Rivi 3, hyvä näkyvyys',
      listingPriceCents: prices.listingPriceCents,
      sellerReceivableCents: prices.sellerReceivableCents,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().listing).toMatchObject({
      sellingPriceCents: 4000,
      additionalInfo: 'Rivi 3, hyvä näkyvyys',
    });
    const card = (await call('GET', `/api/tickets/${own.id}`)).json();
    expect(card.listingPriceCents).toBe(prices.listingPriceCents);

    const mismatch = await call('PATCH', `/api/listings/${own.id}`, cookies.seller, {
      sellingPrice: '39,00',
      additionalInfo: '',
      listingPriceCents: prices.listingPriceCents,
      sellerReceivableCents: prices.sellerReceivableCents,
    });
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json().error.message).toBe('Hintalaskelmissa havaittiin virhe. Yritä uudelleen.');
  });

  it('refuses edits above the original price, by others, and after the sale', async () => {
    const own = await create();
    const body = (sellingPrice: string) => {
      const cents = Math.round(Number(sellingPrice.replace(',', '.')) * 100);
      return { sellingPrice, additionalInfo: '', ...calculatePrices(cents, 0) };
    };
    const above = await call('PATCH', `/api/listings/${own.id}`, cookies.seller, body('60'));
    expect(above.statusCode).toBe(400);
    expect(above.json().error.message).toBe('Myyntihinta ei voi olla korkeampi kuin alkuperäinen hinta');
    const empty = await call('PATCH', `/api/listings/${own.id}`, cookies.seller, body(''));
    expect(empty.json().error.message).toBe('Myyntihinta ei voi olla tyhjä');
    const other = await call('PATCH', `/api/listings/${own.id}`, cookies.other, body('40'));
    expect(other.statusCode).toBe(403);
    await setStatus(own.id, 'sold');
    const sold = await call('PATCH', `/api/listings/${own.id}`, cookies.seller, body('40'));
    expect(sold.statusCode).toBe(409);
    expect(sold.json().error.message).toBe('Myytyä lippua ei voi enää muokata');
  });

  it('deletes a pending listing with its files, and nothing else', async () => {
    const own = await create();
    expect((await call('DELETE', `/api/listings/${own.id}`, cookies.other)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/listings/${own.id}`, cookies.seller)).statusCode).toBe(204);
    expect(await t.app.db.select().from(listings).where(eq(listings.id, own.id))).toHaveLength(0);
    expect((await storedFiles()).some((file) => file.startsWith(own.id))).toBe(false);
    const listed = await create();
    await setStatus(listed.id, 'listed');
    const refused = await call('DELETE', `/api/listings/${listed.id}`, cookies.seller);
    expect(refused.statusCode).toBe(409);
  });

  it('removes a listing from sale with the reason, keeping its row', async () => {
    const own = await create();
    await setStatus(own.id, 'listed');
    const noText = await call('POST', `/api/listings/${own.id}/removal`, cookies.seller, { reason: 'other' });
    expect(noText.statusCode).toBe(400);
    expect(noText.json().error.message).toBe('Kerro syy');
    const byOther = await call('POST', `/api/listings/${own.id}/removal`, cookies.other, {
      reason: 'wont_sell',
    });
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().error.message).toBe('Ei oikeutta muokata lippua');
    const hostile = await call('POST', `/api/listings/${own.id}/removal`, cookies.seller, {
      reason: 'x'.repeat(10_000),
    });
    expect(hostile.statusCode).toBe(400);
    const removed = await call('POST', `/api/listings/${own.id}/removal`, cookies.seller, {
      reason: 'other',
      customReason: 'Tapahtuma siirtyi',
    });
    expect(removed.statusCode).toBe(204);
    const [row] = await t.app.db.select().from(listings).where(eq(listings.id, own.id));
    expect(row?.status).toBe('removed');
    const [record] = await t.app.db
      .select()
      .from(listingRemovals)
      .where(eq(listingRemovals.listingId, own.id));
    expect(record).toMatchObject({
      originalStatus: 'listed',
      removalReason: 'other',
      customRemovalReason: 'Tapahtuma siirtyi',
      removedBy: sellerId,
    });
    const again = await call('POST', `/api/listings/${own.id}/removal`, cookies.seller, {
      reason: 'wont_sell',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Lippu ei ole myynnissä');
  });
});

describe('POST /api/account/tutorial', () => {
  it('records the tutorial once, for the signed-in user only', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/account/tutorial' })).statusCode).toBe(401);
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/account/tutorial',
      headers: { cookie: cookies.other },
    });
    expect(done.statusCode).toBe(204);
    const details = await t.app.inject({ url: '/api/account', headers: { cookie: cookies.other } });
    expect(details.json().tutorialCompleted).toBe(true);
    const [user] = await t.app.db
      .select()
      .from(users)
      .where(and(eq(users.username, 'toinen')));
    expect(user?.tutorialCompletedAt).toBeInstanceOf(Date);
  });
});

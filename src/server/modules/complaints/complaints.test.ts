import { existsSync } from 'node:fs';
import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type ComplaintView,
  complaintMessages,
  evidenceMessages,
  maxEvidencePdfPages,
} from '#shared/complaints/complaints.schema.ts';
import { errorMessages } from '#shared/errors.ts';
import { unstorableTextMessage } from '#shared/text.ts';
import {
  adminAuditLog,
  complaintEvidence,
  complaints,
  localPaymentEvents,
  outbox,
  payoutTracking,
  saleRefunds,
  sales,
} from '../../db/schema/index.ts';
import { reconcileStoredFiles } from '../../jobs.ts';
import { storedFileGraceMs } from '../../platform/files/reconcile-files.ts';
import { convertToWebp } from '../../platform/images/webp-converter.ts';
import { LocalPaymentProvider } from '../../platform/payments/local-payment-provider.ts';
import type { PaymentProvider } from '../../platform/payments/payment-provider.ts';
import {
  manyPages,
  withDocumentJavaScript,
  withEmbeddedFile,
  withLaunchLink,
  withOpenActionJavaScript,
  withOpenActionSubmitForm,
} from '../../test/hostile-pdfs.ts';
import { adminAccessCookie, insertListing, insertSoldListing, signUp } from '../../test/listing-fixtures.ts';
import { type MultipartPart, multipartBody } from '../../test/multipart.ts';
import { buyWithTestCard } from '../../test/purchase-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { applyPayoutRule } from '../payouts/payouts.service.ts';
import { SaleRefunds } from '../purchases/sale-refunds.ts';
import { resolveComplaint } from './complaint-resolution.ts';

// Complaints (issue 24 item 1): filed in time with evidence they hold the seller's payout, a late
// one is refused; the seller answers once; an admin refunds the buyer through the provider (once,
// however often asked) or rejects with a reason and releases the payout; both sides are mailed.

// Every picture decoded goes through the converter: watched, so a test can tell that a hostile
// upload was refused without decoding anything (the real converter still does the work).
vi.mock('../../platform/images/webp-converter.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../platform/images/webp-converter.ts')>();
  return { ...real, convertToWebp: vi.fn(real.convertToWebp) };
});
const decodes = vi.mocked(convertToWebp);

type Person = Awaited<ReturnType<typeof signUp>>;
let t: TestApp;
let local: LocalPaymentProvider;
let seller: Person;
let adminCookie: string;
/** A one-page PDF that opens, with nothing in it that runs. */
let pdf: Buffer;
const hour = 3_600_000;

beforeAll(async () => {
  pdf = Buffer.from(await manyPages(1));
  t = await createTestApp({ rateLimits: false });
  if (!(t.app.payments instanceof LocalPaymentProvider)) throw new Error('tests expect the local provider');
  local = t.app.payments;
  seller = await signUp(t.app, 'reklamoitu_myyja');
  const admin = await signUp(t.app, 'reklamaatiot', { admin: true });
  adminCookie = adminAccessCookie(t.app, admin);
});
afterAll(() => t.close());

/** A ticket bought with a test card for an event in ten days: refundable through the provider. */
async function paidSale() {
  const buyer = await signUp(t.app);
  const listing = await insertListing(t.app, {
    sellerId: seller.id,
    eventDate: new Date(Date.now() + 10 * 24 * hour),
  });
  return { sale: await buyWithTestCard(t.app, buyer, listing), buyer, listing };
}

/** A ticket sold for an event that started `hoursAgo` hours ago. */
async function pastSale(hoursAgo: number) {
  const buyer = await signUp(t.app);
  const listing = await insertSoldListing(t.app, {
    sellerId: seller.id,
    buyerId: buyer.id,
    eventDate: new Date(Date.now() - hoursAgo * hour),
    purchaseDate: new Date(Date.now() - 10 * 24 * hour),
  });
  return { buyer, listing };
}

const photo = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#884422' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Puhelin', Copyright: 'Ostaja' } })
    .toBuffer();
const tiff = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#224488' } })
    .tiff()
    .toBuffer();
/** Starts as a PDF, but has no pages to open. */
const brokenPdf = Buffer.from(
  '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

const file = (
  filename: string,
  data: Uint8Array,
  contentType = 'application/octet-stream',
): MultipartPart => ({
  name: 'evidence',
  filename,
  contentType,
  data,
});
const json = (name: string, value: unknown): MultipartPart => ({ name, value: JSON.stringify(value) });
const validComplaint = {
  reason: 'not_admitted',
  description: 'Portilla kerrottiin, että lippu oli jo käytetty.',
};

function post(url: string, cookie: string | undefined, parts: MultipartPart[]) {
  const body = multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...body.headers, ...(cookie && { cookie }) },
    payload: body.payload,
  });
}
const fileComplaint = (ticketId: string, cookie: string | undefined, parts: MultipartPart[]) =>
  post(`/api/complaints/${ticketId}`, cookie, parts);
const answer = (ticketId: string, cookie: string, parts: MultipartPart[]) =>
  post(`/api/complaints/${ticketId}/response`, cookie, parts);
const view = async (ticketId: string, cookie: string) =>
  (await t.app.inject({ url: `/api/complaints/${ticketId}`, headers: { cookie } })).json() as ComplaintView;
const resolve = (complaintId: string, payload: unknown, cookie = adminCookie) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/complaints/${complaintId}/resolution`,
    headers: { cookie },
    payload: payload as object,
  });
const payoutOf = async (saleId: string) =>
  (await t.app.db.select().from(payoutTracking).where(eq(payoutTracking.saleId, saleId)))[0];
const mailsTo = (email: string) => t.app.db.select().from(outbox).where(eq(outbox.toAddress, email));
async function evidenceFilesOnDisk(): Promise<string[]> {
  const keys: string[] = [];
  for await (const stored of t.app.files.list())
    if (stored.key.startsWith('complaints/')) keys.push(stored.key);
  return keys;
}

describe('filing a complaint', () => {
  it("holds the seller's payout at once, keeps the evidence without metadata and mails both sides", async () => {
    const { sale, buyer, listing } = await paidSale();
    const response = await fileComplaint(listing.id, buyer.cookie, [
      json('complaint', validComplaint),
      file('portilla.jpg', await photo(), 'image/jpeg'),
      file('kuitti.pdf', pdf, 'application/pdf'),
    ]);
    expect(response.statusCode).toBe(201);
    const filed = response.json() as ComplaintView;
    expect(filed).toMatchObject({ role: 'buyer', canFile: false, canRespond: false });
    expect(filed.complaint).toMatchObject({
      status: 'open',
      reason: 'not_admitted',
      otherEvidenceCount: 0,
      sellerResponse: null,
      resolution: null,
    });
    expect(filed.complaint?.ownEvidence.map((own) => [own.fileName, own.contentType])).toEqual([
      ['portilla.jpg', 'image/webp'],
      ['kuitti.pdf', 'application/pdf'],
    ]);

    expect(await payoutOf(sale.id)).toMatchObject({ status: 'reclamation_hold', hasReclamation: true });
    expect((await payoutOf(sale.id))?.reclamationDetails).toContain(validComplaint.description);

    // The payout export says so: status 'Reklamaatio', hasReclamation 'kyllä' (before the payment issue).
    const csv = await t.app.inject({ url: '/api/admin/sales.csv', headers: { cookie: adminCookie } });
    const row = csv.body.split('\r\n').find((line) => line.includes(listing.id));
    expect(row?.split(';').slice(-6, -1)).toEqual(['Reklamaatio', '', '', expect.any(String), 'kyllä']);

    const picture = filed.complaint?.ownEvidence[0];
    const download = await t.app.inject({
      url: `/api/complaints/${listing.id}/evidence/${picture?.id}`,
      headers: { cookie: buyer.cookie },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/webp');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="portilla.webp"/);
    expect(download.headers['cache-control']).toBe('private, no-store');
    const meta = await sharp(download.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 640, height: 480 });
    expect(meta.exif).toBeUndefined();

    expect((await mailsTo(buyer.email)).map((mail) => mail.subject)).toContain(
      `Reklamaatiosi on vastaanotettu: ${listing.eventName}`,
    );
    const sellerMail = (await mailsTo(seller.email)).find(
      (mail) => mail.subject === `Ostaja teki reklamaation: ${listing.eventName}`,
    );
    expect(sellerMail?.textBody).toContain(validComplaint.description);
    expect(sellerMail?.textBody).toContain(`/liput/${listing.id}/reklamaatio`);

    // The seller sees the text and how many files, not the buyer's files themselves.
    const sellerView = await view(listing.id, seller.cookie);
    expect(sellerView).toMatchObject({ role: 'seller', canFile: false, canRespond: true });
    expect(sellerView.complaint).toMatchObject({
      description: validComplaint.description,
      otherEvidenceCount: 2,
    });
    expect(sellerView.complaint?.ownEvidence).toEqual([]);
    const notHis = await t.app.inject({
      url: `/api/complaints/${listing.id}/evidence/${picture?.id}`,
      headers: { cookie: seller.cookie },
    });
    expect(notHis.statusCode).toBe(404);

    const mine = await t.app.inject({ url: '/api/complaints', headers: { cookie: seller.cookie } });
    expect(mine.json().complaints).toContainEqual(
      expect.objectContaining({ ticketId: listing.id, role: 'seller', status: 'open', awaitsResponse: true }),
    );
  });

  it('holds a payout that was ready for payment, and the payout rule never pays a held sale', async () => {
    const { buyer, listing } = await pastSale(47);
    await applyPayoutRule(t.app.db);
    const sale = await saleOfListing(listing.id);
    await t.app.db
      .update(payoutTracking)
      .set({ status: 'ready_for_payment' })
      .where(eq(payoutTracking.saleId, sale));
    expect((await view(listing.id, buyer.cookie)).canFile).toBe(true);
    const filed = await fileComplaint(listing.id, buyer.cookie, [json('complaint', validComplaint)]);
    expect(filed.statusCode).toBe(201);
    await t.app.db
      .update(payoutTracking)
      .set({ reclamationDeadline: new Date(Date.now() - hour) })
      .where(eq(payoutTracking.saleId, sale));
    await applyPayoutRule(t.app.db);
    expect(await payoutOf(sale)).toMatchObject({ status: 'reclamation_hold', hasReclamation: true });
  });

  it("refuses a complaint made more than 48 hours after the event's start", async () => {
    const { buyer, listing } = await pastSale(49);
    expect(await view(listing.id, buyer.cookie)).toMatchObject({ canFile: false, complaint: null });
    const late = await fileComplaint(listing.id, buyer.cookie, [
      json('complaint', validComplaint),
      file('kuva.jpg', await photo(), 'image/jpeg'),
    ]);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatchObject({
      code: 'complaint-window-closed',
      message: complaintMessages.windowClosed,
    });
    expect(await t.app.db.select().from(complaints).where(eq(complaints.buyerId, buyer.id))).toEqual([]);
  });

  it('makes one complaint of two sent at once, and deletes the files of the one refused', async () => {
    const { buyer, listing } = await paidSale();
    const filesBefore = (await evidenceFilesOnDisk()).length;
    const both = await Promise.all(
      [1, 2].map(async () =>
        fileComplaint(listing.id, buyer.cookie, [
          json('complaint', validComplaint),
          file('kuva.jpg', await photo(), 'image/jpeg'),
        ]),
      ),
    );
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(both.find((response) => response.statusCode === 409)?.json().error.code).toBe('complaint-exists');
    expect((await evidenceFilesOnDisk()).length).toBe(filesBefore + 1);
    const again = await fileComplaint(listing.id, buyer.cookie, [json('complaint', validComplaint)]);
    expect(again.json().error).toEqual({
      code: 'complaint-exists',
      message: errorMessages['complaint-exists'],
    });
  });

  it('takes no complaint on a sale whose money already went back', async () => {
    const { sale, buyer, listing } = await paidSale();
    await t.app.purchases.refunds.request(t.app.db, {
      saleId: sale.id,
      reason: 'event_cancelled',
      requestedBy: null,
    });
    expect((await view(listing.id, buyer.cookie)).canFile).toBe(false);
    const refused = await fileComplaint(listing.id, buyer.cookie, [json('complaint', validComplaint)]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('sale-refunded');
    expect(await t.app.db.select().from(complaints).where(eq(complaints.saleId, sale.id))).toEqual([]);
  });

  it('lets only the buyer file, and shows the complaint only to its buyer and seller', async () => {
    const { buyer, listing } = await paidSale();
    const stranger = await signUp(t.app);
    expect((await fileComplaint(listing.id, undefined, [json('complaint', validComplaint)])).statusCode).toBe(
      401,
    );
    for (const cookie of [stranger.cookie, seller.cookie]) {
      const refused = await fileComplaint(listing.id, cookie, [json('complaint', validComplaint)]);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error.message).toBe(errorMessages['not-found']);
    }
    expect(
      (await t.app.inject({ url: `/api/complaints/${listing.id}`, headers: { cookie: stranger.cookie } }))
        .statusCode,
    ).toBe(404);
    const unsold = await insertListing(t.app, { sellerId: seller.id });
    expect(
      (await fileComplaint(unsold.id, buyer.cookie, [json('complaint', validComplaint)])).statusCode,
    ).toBe(404);
    expect(
      (await answer(listing.id, buyer.cookie, [json('response', { text: 'Minä vastaan itselleni.' })]))
        .statusCode,
    ).toBe(404);
  });

  it('answers hostile and broken requests with a Finnish 4xx, never a 500', async () => {
    const { buyer, listing } = await paidSale();
    const cases: [string, MultipartPart[], number, string][] = [
      [
        'a NUL byte',
        [json('complaint', { ...validComplaint, description: 'Portilla\u0000 hylättiin' })],
        400,
        unstorableTextMessage,
      ],
      [
        'a huge text',
        [json('complaint', { ...validComplaint, description: 'a'.repeat(5000) })],
        400,
        complaintMessages.descriptionTooLong,
      ],
      [
        'a short text',
        [json('complaint', { ...validComplaint, description: 'ei' })],
        400,
        complaintMessages.descriptionTooShort,
      ],
      [
        'a wrong type',
        [json('complaint', { reason: 5, description: ['x'] })],
        400,
        complaintMessages.reasonRequired,
      ],
      [
        'an unknown reason',
        [json('complaint', { ...validComplaint, reason: 'refund_me' })],
        400,
        complaintMessages.reasonRequired,
      ],
      [
        'no JSON',
        [{ name: 'complaint', value: '{not json' }],
        400,
        'Pyynnön sisältö puuttuu tai on väärän muotoinen',
      ],
      [
        'no complaint part',
        [file('kuva.jpg', await photo(), 'image/jpeg')],
        400,
        'Pyynnön sisältö puuttuu tai on väärän muotoinen',
      ],
      [
        'an unknown part',
        [json('complaint', validComplaint), json('extra', 1)],
        400,
        'Pyynnön sisältö puuttuu tai on väärän muotoinen',
      ],
      [
        'text named .jpg',
        [json('complaint', validComplaint), file('kuva.jpg', Buffer.from('tämä ei ole kuva'), 'image/jpeg')],
        400,
        `kuva.jpg: ${errorMessages['invalid-evidence']}`,
      ],
      [
        'an SVG',
        [
          json('complaint', validComplaint),
          file(
            'kuva.svg',
            Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
            'image/svg+xml',
          ),
        ],
        400,
        `kuva.svg: ${errorMessages['invalid-evidence']}`,
      ],
      [
        'a NUL byte in a file name',
        [json('complaint', validComplaint), file('kuva\u0000.jpg', await photo(), 'image/jpeg')],
        400,
        unstorableTextMessage,
      ],
      [
        'a TIFF',
        [json('complaint', validComplaint), file('kuva.tif', await tiff(), 'image/tiff')],
        400,
        `kuva.tif: ${errorMessages['invalid-evidence']}`,
      ],
      [
        'a PDF that does not open',
        [json('complaint', validComplaint), file('kuitti.pdf', brokenPdf, 'application/pdf')],
        400,
        `kuitti.pdf: ${evidenceMessages.pdfUnreadable}`,
      ],
      [
        'six files',
        [
          json('complaint', validComplaint),
          ...Array.from({ length: 6 }, (_, n) => file(`k${n}.pdf`, pdf, 'application/pdf')),
        ],
        400,
        complaintMessages.tooManyFiles,
      ],
      [
        'a file over 10 MB',
        [
          json('complaint', validComplaint),
          file('iso.pdf', Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]), 'application/pdf'),
        ],
        413,
        errorMessages['file-too-large'],
      ],
    ];
    for (const [what, parts, status, message] of cases) {
      const response = await fileComplaint(listing.id, buyer.cookie, parts);
      expect({ what, status: response.statusCode, message: response.json().error?.message }).toEqual({
        what,
        status,
        message,
      });
    }
    const asJson = await t.app.inject({
      method: 'POST',
      url: `/api/complaints/${listing.id}`,
      headers: { cookie: buyer.cookie },
      payload: { complaint: validComplaint },
    });
    expect(asJson.statusCode).toBe(400);
    // A malformed id is a ticket that does not exist.
    expect(
      (await fileComplaint('ei-uuid', buyer.cookie, [json('complaint', validComplaint)])).statusCode,
    ).toBe(404);
    // Nothing of the refused requests was kept.
    expect(await t.app.db.select().from(complaints).where(eq(complaints.buyerId, buyer.id))).toEqual([]);
    expect((await view(listing.id, buyer.cookie)).canFile).toBe(true);
  });
});

describe('checking evidence before it costs anything (issue 32, findings 4 and 5)', () => {
  /** What the buyer of a fresh paid sale is answered for these files. */
  async function filed(files: MultipartPart[], sale?: { buyer: Person; listing: { id: string } }) {
    const { buyer, listing } = sale ?? (await paidSale());
    return fileComplaint(listing.id, buyer.cookie, [json('complaint', validComplaint), ...files]);
  }
  const refusedWith = (message: string) => ({ error: { code: 'invalid-evidence', message } });

  /** 7000 x 7000 pixels of 16-bit RGBA (about 600 KB): 392 MB decoded. */
  const huge16BitPng = () =>
    sharp({ create: { width: 7000, height: 7000, channels: 4, background: '#101820' } })
      .toColourspace('rgb16')
      .png({ compressionLevel: 9 })
      .toBuffer();

  it('refuses a PDF that runs JavaScript, sends itself away or carries other files, as a ticket would be', async () => {
    const hostile: [string, Uint8Array][] = [
      ['skripti.pdf', await withDocumentJavaScript(pdf)],
      ['avautuessa.pdf', await withOpenActionJavaScript(pdf)],
      ['lomake.pdf', await withOpenActionSubmitForm(pdf)],
      ['ohjelma.pdf', await withLaunchLink(pdf)],
      ['liitteita.pdf', await withEmbeddedFile(pdf)],
    ];
    for (const [name, bytes] of hostile) {
      const response = await filed([file(name, bytes, 'application/pdf')]);
      expect({ name, status: response.statusCode, body: response.json() }).toEqual({
        name,
        status: 400,
        body: {
          error: {
            code: 'invalid-evidence',
            message: `${name}: ${evidenceMessages.pdfActiveContent}`,
            issues: [{ path: 'evidence', message: evidenceMessages.pdfActiveContent }],
          },
        },
      });
    }
  });

  it(`refuses a PDF of more than ${maxEvidencePdfPages} pages, and takes one of as many`, async () => {
    const tooMany = await filed([file('viestit.pdf', Buffer.from(await manyPages(maxEvidencePdfPages + 1)))]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject(refusedWith(`viestit.pdf: ${evidenceMessages.pdfTooManyPages}`));
    expect(evidenceMessages.pdfTooManyPages).toContain(`enintään ${maxEvidencePdfPages} sivua`);

    const taken = await filed([file('viestit.pdf', Buffer.from(await manyPages(maxEvidencePdfPages)))]);
    expect(taken.statusCode).toBe(201);
    expect((taken.json() as ComplaintView).complaint?.ownEvidence).toMatchObject([
      { fileName: 'viestit.pdf', contentType: 'application/pdf' },
    ]);
  });

  it('refuses four 49-megapixel 16-bit pictures and a TIFF without decoding any of them', async () => {
    const png = await huge16BitPng();
    expect(png.byteLength).toBeLessThan(1024 * 1024);
    decodes.mockClear();
    const response = await filed([
      ...[1, 2, 3, 4].map((n) => file(`kuva${n}.png`, png, 'image/png')),
      file('kuva5.tif', await tiff(), 'image/tiff'),
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject(refusedWith(`kuva1.png: ${evidenceMessages.pictureTooLarge}`));
    expect(decodes).not.toHaveBeenCalled();
  });

  it('refuses a TIFF after four honest photos before decoding the photos', async () => {
    decodes.mockClear();
    const response = await filed([
      ...(await Promise.all(
        [1, 2, 3, 4].map(async (n) => file(`kuva${n}.jpg`, await photo(), 'image/jpeg')),
      )),
      file('kuva5.tif', await tiff(), 'image/tiff'),
    ]);
    expect(response.json()).toMatchObject(refusedWith(`kuva5.tif: ${errorMessages['invalid-evidence']}`));
    expect(decodes).not.toHaveBeenCalled();
  });

  it('refuses a decompression bomb (64 megapixels in 62 KB) by its header', async () => {
    const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#000' } })
      .toColourspace('b-w')
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.byteLength).toBeLessThan(100 * 1024);
    decodes.mockClear();
    const response = await filed([file('pommi.png', bomb, 'image/png')]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject(refusedWith(`pommi.png: ${evidenceMessages.pictureTooLarge}`));
    expect(decodes).not.toHaveBeenCalled();
  });

  it("decodes one account's pictures one at a time: two uploads sent at once are both taken", async () => {
    const buyer = await signUp(t.app);
    const bought = async () => {
      const listing = await insertListing(t.app, {
        sellerId: seller.id,
        eventDate: new Date(Date.now() + 10 * 24 * hour),
      });
      await buyWithTestCard(t.app, buyer, listing);
      return { buyer, listing };
    };
    const sales = [await bought(), await bought()];
    const large = () =>
      sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#336699' } })
        .jpeg()
        .toBuffer();
    const pictures = await Promise.all(
      [1, 2, 3, 4].map(async (n) => file(`kuva${n}.jpg`, await large(), 'image/jpeg')),
    );

    const real = decodes.getMockImplementation();
    if (!real) throw new Error('the converter is watched');
    let decoding = 0;
    let mostAtOnce = 0;
    decodes.mockClear();
    decodes.mockImplementation(async (...args) => {
      mostAtOnce = Math.max(mostAtOnce, ++decoding);
      try {
        return await real(...args);
      } finally {
        decoding--;
      }
    });
    try {
      const answers = await Promise.all([
        filed(pictures.slice(0, 2), sales[0]),
        filed(pictures.slice(2), sales[1]),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
      for (const answer of answers)
        expect((answer.json() as ComplaintView).complaint?.ownEvidence.map((own) => own.contentType)).toEqual(
          ['image/webp', 'image/webp'],
        );
    } finally {
      decodes.mockImplementation(real);
    }
    expect(decodes).toHaveBeenCalledTimes(4);
    expect(mostAtOnce).toBe(1);
  });
});

async function saleOfListing(listingId: string): Promise<string> {
  const [row] = await t.app.db.select({ id: sales.id }).from(sales).where(eq(sales.listingId, listingId));
  if (!row) throw new Error('no sale');
  return row.id;
}

/** How many `charge.refunded` events the local provider sent for the payment: the money went back that often. */
async function refundEventsOf(paymentIntentId: string): Promise<number> {
  const events = await t.app.db
    .select()
    .from(localPaymentEvents)
    .where(eq(localPaymentEvents.paymentIntentId, paymentIntentId));
  return events.filter((event) => event.body.includes('"charge.refunded"')).length;
}

async function filedComplaint() {
  const paid = await paidSale();
  const filed = await fileComplaint(paid.listing.id, paid.buyer.cookie, [
    json('complaint', validComplaint),
    file('portti.jpg', await photo(), 'image/jpeg'),
  ]);
  expect(filed.statusCode).toBe(201);
  const complaintId = (filed.json() as ComplaintView).complaint?.id ?? '';
  return { ...paid, complaintId };
}

describe("the seller's answer", () => {
  it('is taken once, with evidence, and the buyer is told', async () => {
    const { buyer, listing } = await filedComplaint();
    const [first, second] = await Promise.all([
      answer(listing.id, seller.cookie, [
        json('response', { text: 'Lippu oli käyttämätön, kun myin sen. Liitteenä ostokuitti.' }),
        file('kuitti.pdf', pdf, 'application/pdf'),
      ]),
      answer(listing.id, seller.cookie, [json('response', { text: 'Toinen vastaus samaan aikaan.' })]),
    ]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 409]);
    const answered = await view(listing.id, seller.cookie);
    expect(answered.canRespond).toBe(false);
    expect(answered.complaint?.sellerResponse).not.toBeNull();
    const again = await answer(listing.id, seller.cookie, [
      json('response', { text: 'Vielä kolmas vastaus.' }),
    ]);
    expect(again.json().error.code).toBe('complaint-answered');
    expect((await mailsTo(buyer.email)).map((mail) => mail.subject)).toContain(
      `Myyjä vastasi reklamaatioosi: ${listing.eventName}`,
    );
    const hostile = await answer(listing.id, seller.cookie, [
      json('response', { text: '\u0000'.repeat(20) }),
    ]);
    expect(hostile.statusCode).toBe(400);
  });
});

describe("the admin's decision", () => {
  it('refunds the buyer through the provider once, cancels the payout, mails both and logs it', async () => {
    const { sale, buyer, complaintId } = await filedComplaint();
    const [first, second] = await Promise.all([
      resolve(complaintId, { decision: 'refund' }),
      resolve(complaintId, { decision: 'refund' }),
    ]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 409]);
    const decided = [first, second].find((response) => response?.statusCode === 200)?.json();
    expect(decided).toMatchObject({
      status: 'refunded',
      payoutStatus: 'cancelled',
      resolution: { decision: 'refund' },
    });
    expect((await resolve(complaintId, { decision: 'reject', reason: 'Myöhässä' })).json().error.code).toBe(
      'complaint-resolved',
    );

    expect(
      (await t.app.db.select().from(saleRefunds).where(eq(saleRefunds.saleId, sale.id)))[0],
    ).toMatchObject({
      reason: 'complaint',
      amountCents: sale.pricePaidCents,
    });
    expect(await refundEventsOf(sale.paymentIntentId)).toBe(1);
    expect(await payoutOf(sale.id)).toMatchObject({ status: 'cancelled', hasReclamation: false });
    expect((await mailsTo(buyer.email)).map((mail) => mail.subject)).toContain(
      `Reklamaatiosi hyväksyttiin – maksusi palautus on käynnissä: ${sale.eventName}`,
    );
    expect((await mailsTo(seller.email)).map((mail) => mail.subject)).toContain(
      `Reklamaatio hyväksyttiin: ${sale.eventName}`,
    );
    const [audit] = await t.app.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.entityId, sale.id), eq(adminAuditLog.action, 'complaint.refund')));
    expect(audit).toMatchObject({
      entityType: 'sale',
      before: { complaint: 'open', payout: 'reclamation_hold' },
      after: { complaint: 'refunded', payout: 'cancelled' },
    });
    expect((await view(sale.listingId, buyer.cookie)).complaint?.resolution?.decision).toBe('refund');
  });

  it('refunds once when the answer of the provider is lost, through the refund job', async () => {
    const { sale, complaintId } = await filedComplaint();
    const calls: string[] = [];
    const provider: PaymentProvider = Object.create(local);
    provider.refund = async (paymentIntentId, key) => {
      calls.push(key);
      await local.refund(paymentIntentId);
      if (calls.filter((called) => called === key).length === 1)
        throw new Error('the connection dropped before the answer');
    };
    const refunds = new SaleRefunds({ db: t.app.db, payments: provider, log: t.app.log });
    const admin = await signUp(t.app, undefined, { admin: true });
    await resolveComplaint(
      {
        db: t.app.db,
        files: t.app.files,
        publicUrl: 'http://localhost',
        mailQueued: () => {},
        log: t.app.log,
        refunds,
      },
      admin.id,
      complaintId,
      { decision: 'refund' },
    );
    await refunds.sendUnsent();
    // The failed try waits a minute before the next; that minute has passed.
    await t.app.db
      .update(saleRefunds)
      .set({ claimedUntil: new Date(Date.now() - 1000) })
      .where(eq(saleRefunds.saleId, sale.id));
    await refunds.sendUnsent();
    // Asked twice under one key (the job may send other sales' refunds too): the money went back once.
    expect(calls.filter((key) => key === `sale-refund-${sale.id}`)).toHaveLength(2);
    expect(await refundEventsOf(sale.paymentIntentId)).toBe(1);
  });

  it('rejects with a reason: the payout is released and both are told why', async () => {
    const { buyer, listing } = await pastSale(30);
    const filed = await fileComplaint(listing.id, buyer.cookie, [json('complaint', validComplaint)]);
    const complaintId = (filed.json() as ComplaintView).complaint?.id ?? '';
    const sale = await saleOfListing(listing.id);
    expect((await resolve(complaintId, { decision: 'reject' })).json().error.message).toBe(
      complaintMessages.rejectionReasonRequired,
    );
    expect((await resolve(complaintId, { decision: 'reject', reason: '   ' })).statusCode).toBe(400);
    expect((await resolve(complaintId, { decision: 'maybe' })).statusCode).toBe(400);
    expect((await resolve(complaintId, { decision: 'reject', reason: 'x'.repeat(1001) })).statusCode).toBe(
      400,
    );

    const reason = 'Järjestäjän mukaan lipulla ei yritetty kulkea portista.';
    const rejected = await resolve(complaintId, { decision: 'reject', reason });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', resolution: { decision: 'reject', reason } });
    // The deadline (the start of the third day after the event) is still ahead: pending for the rule.
    const payout = await payoutOf(sale);
    expect(payout).toMatchObject({ status: 'pending', hasReclamation: false });
    expect(payout?.reclamationDetails).toContain(`Hylätty`);
    expect(payout?.reclamationDetails).toContain(reason);
    const rejectionMail = (await mailsTo(buyer.email)).find((mail) =>
      mail.subject.startsWith('Reklamaatiosi hylättiin'),
    );
    expect(rejectionMail?.textBody).toContain(reason);
    expect((await mailsTo(seller.email)).map((mail) => mail.subject)).toContain(
      `Reklamaatio hylättiin – tilitys jatkuu: ${listing.eventName}`,
    );
    expect(await t.app.db.select().from(saleRefunds).where(eq(saleRefunds.saleId, sale))).toEqual([]);
  });

  it('releases a rejected payout whose deadline has passed as ready for payment', async () => {
    const { buyer, listing } = await pastSale(40);
    const filed = await fileComplaint(listing.id, buyer.cookie, [json('complaint', validComplaint)]);
    const sale = await saleOfListing(listing.id);
    await t.app.db
      .update(payoutTracking)
      .set({ reclamationDeadline: new Date(Date.now() - hour) })
      .where(eq(payoutTracking.saleId, sale));
    await resolve((filed.json() as ComplaintView).complaint?.id ?? '', {
      decision: 'reject',
      reason: 'Ei näyttöä.',
    });
    expect(await payoutOf(sale)).toMatchObject({ status: 'ready_for_payment', hasReclamation: false });
  });

  it('marks a complaint on a payout already paid as a support case', async () => {
    const { buyer, listing } = await pastSale(20);
    await applyPayoutRule(t.app.db);
    const sale = await saleOfListing(listing.id);
    await t.app.db
      .update(payoutTracking)
      .set({ status: 'paid', paymentDate: new Date() })
      .where(eq(payoutTracking.saleId, sale));
    const filed = await fileComplaint(listing.id, buyer.cookie, [json('complaint', validComplaint)]);
    expect(filed.statusCode).toBe(201);
    expect(await payoutOf(sale)).toMatchObject({ status: 'paid', hasReclamation: true });
    const list = await t.app.inject({
      url: '/api/admin/complaints?status=open',
      headers: { cookie: adminCookie },
    });
    const listed = list
      .json()
      .complaints.find((complaint: { ticketId: string }) => complaint.ticketId === listing.id);
    expect(listed).toMatchObject({ payoutPaidBeforeComplaint: true, payoutStatus: 'paid', status: 'open' });
  });

  it('is the admin area: everyone else meets a 404, and hostile input a 400', async () => {
    const { complaintId, buyer } = await filedComplaint();
    for (const cookie of [buyer.cookie, seller.cookie, undefined]) {
      const headers = cookie ? { cookie } : {};
      expect((await t.app.inject({ url: '/api/admin/complaints', headers })).statusCode).toBe(404);
      const decided = await t.app.inject({
        method: 'POST',
        url: `/api/admin/complaints/${complaintId}/resolution`,
        headers,
        payload: { decision: 'refund' },
      });
      expect(decided.statusCode).toBe(404);
    }
    expect((await resolve(complaintId, { decision: 'reject', reason: 'a\u0000b' })).statusCode).toBe(400);
    expect((await resolve('00000000-0000-4000-8000-000000000000', { decision: 'refund' })).statusCode).toBe(
      404,
    );
    expect((await resolve('ei-uuid', { decision: 'refund' })).statusCode).toBe(404);
    const badFilter = await t.app.inject({
      url: '/api/admin/complaints?status=kaikki',
      headers: { cookie: adminCookie },
    });
    expect(badFilter.statusCode).toBe(400);

    const list = await t.app.inject({ url: '/api/admin/complaints', headers: { cookie: adminCookie } });
    const listed = list.json().complaints.find((complaint: { id: string }) => complaint.id === complaintId);
    expect(listed.buyerEvidence).toHaveLength(1);
    const download = await t.app.inject({
      url: `/api/admin/complaints/${complaintId}/evidence/${listed.buyerEvidence[0].id}`,
      headers: { cookie: adminCookie },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    const statuses: string[] = list
      .json()
      .complaints.map((complaint: { status: string }) => complaint.status);
    expect(statuses.indexOf('open')).toBe(0);
    expect(statuses.lastIndexOf('open')).toBeLessThan(statuses.findIndex((status) => status !== 'open'));
  });
});

describe('evidence in the file store', () => {
  it('is kept by the hourly reconcile, which removes files no complaint owns', async () => {
    const { complaintId } = await filedComplaint();
    const [kept] = await t.app.db
      .select()
      .from(complaintEvidence)
      .where(eq(complaintEvidence.complaintId, complaintId));
    const orphan = `complaints/${complaintId}/00000000-0000-4000-8000-000000000000.webp`;
    await t.app.files.put(orphan, pdf, 'image/webp');
    const longAgo = new Date(Date.now() - storedFileGraceMs - 60_000);
    for (const key of [orphan, kept?.fileKey ?? ''])
      await utimes(path.join(t.config.filesDir, key), longAgo, longAgo);
    const removed = await reconcileStoredFiles(t.app);
    expect(removed).toContain(orphan);
    expect(existsSync(path.join(t.config.filesDir, kept?.fileKey ?? ''))).toBe(true);
  });
});

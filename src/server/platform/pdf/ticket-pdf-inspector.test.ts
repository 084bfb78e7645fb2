import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { degrees, PDFDict, PDFDocument, PDFName, PDFNumber, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, type WriteInputBarcodeFormat, writeBarcode } from 'zxing-wasm/writer';
import { renderTicketPdf } from '../../seed/ticket-pdf.ts';
import {
  decompressionBomb,
  imageBomb,
  manyPages,
  withDocumentJavaScript,
  withEmbeddedFile,
  withLaunchLink,
  withOpenActionJavaScript,
  withOpenActionSubmitForm,
} from '../../test/hostile-pdfs.ts';
import { maxPagesPerFile } from './pdf-limits.ts';
import { PdfWorkerPool } from './pdf-worker-pool.ts';
import {
  createTicketPdfInspector,
  maxTicketPdfBytes,
  PdfPageNotFoundError,
  PdfRejectedError,
  type PdfRejection,
} from './ticket-pdf-inspector.ts';

/** The account the files are checked for. */
const seller = 'myyja';

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));

const demoTicket = (code: string) =>
  renderTicketPdf({
    eventName: 'Testikonsertti',
    dateText: 'la 6.6.2026 klo 19.00',
    venue: 'Testiareena',
    city: 'Helsinki',
    ticketType: 'Seisomapaikka',
    seatText: 'Vapaa seisomapaikka',
    ticketNumber: 1,
    totalTickets: 1,
    code,
  });

/** A barcode image drawn at one pixel a module, as zxing's own writer makes it. */
async function barcodePng(
  format: WriteInputBarcodeFormat,
  content: string | Uint8Array,
): Promise<Uint8Array> {
  const { image, error } = await writeBarcode(content, { format, scale: 1 });
  if (!image) throw new Error(`writeBarcode ${format}: ${error}`);
  return new Uint8Array(await image.arrayBuffer());
}

interface PlacedCode {
  format: WriteInputBarcodeFormat;
  content: string | Uint8Array;
  /** Points (1/72 in) a module: printed tickets use about 1 pt for bars and 2–3 pt for 2D codes. */
  modulePt: number;
  /** Points; the height of a linear code, which has no module height. */
  height?: number;
  /** Printed turned by 90°, as on a ticket's stub. */
  sideways?: boolean;
}

/** An A4 PDF, one page for each list of codes (an empty list makes a page with only text). */
async function pdfWithCodes(pages: PlacedCode[][]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const [index, codes] of pages.entries()) {
    const page = pdf.addPage([595.28, 841.89]);
    page.drawText(`Sivu ${index + 1}: lipun ehdot ja tiedot`, { x: 60, y: 790, size: 14, font });
    let y = 760;
    for (const code of codes) {
      const image = await pdf.embedPng(await barcodePng(code.format, code.content));
      const width = image.width * code.modulePt;
      const height = code.height ?? image.height * code.modulePt;
      if (code.sideways) {
        page.drawImage(image, { x: 500, y: 100, width, height, rotate: degrees(90) });
        continue;
      }
      y -= height + 40;
      page.drawImage(image, { x: 60, y, width, height });
    }
  }
  return pdf.save();
}

async function rejectionOf(promise: Promise<unknown>): Promise<PdfRejection> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PdfRejectedError);
  return (error as PdfRejectedError).reason;
}

const require = createRequire(import.meta.url);

beforeAll(async () => {
  // The writer's wasm from node_modules: zxing-wasm would fetch it from a CDN.
  const wasm = readFileSync(require.resolve('zxing-wasm/writer/zxing_writer.wasm'));
  await prepareZXingModule({ overrides: { wasmBinary: new Uint8Array(wasm).buffer }, fireImmediately: true });
});

describe('ticket PDF inspector', () => {
  const inspector = createTicketPdfInspector();
  afterAll(() => inspector.close());

  it('accepts a demo ticket and fingerprints its QR code by the code it holds', async () => {
    const bytes = await demoTicket('LT-TEST-000001');
    const inspected = await inspector.inspect(bytes, seller);
    expect(inspected).toEqual({
      sha256: sha256(bytes),
      sizeBytes: bytes.byteLength,
      pageCount: 1,
      barcodes: [{ format: 'QRCode', fingerprint: sha256('LT-TEST-000001'), page: 1 }],
      activeContent: [],
    });
    // The caller's bytes are still there (the worker got a copy).
    expect(sha256(bytes)).toBe(inspected.sha256);
  });

  it('gives the same ticket code the same fingerprint, and another code another', async () => {
    const [first, again, other] = await Promise.all(
      ['LT-TEST-000002', 'LT-TEST-000002', 'LT-TEST-000003'].map(async (code) =>
        inspector.inspect(await demoTicket(code), seller),
      ),
    );
    expect(first?.barcodes[0]?.fingerprint).toBe(again?.barcodes[0]?.fingerprint);
    expect(first?.barcodes[0]?.fingerprint).not.toBe(other?.barcodes[0]?.fingerprint);
  });

  it('finds every kind of code on every page, with its format and page', async () => {
    const bytes = await pdfWithCodes([
      [
        { format: 'Code128', content: 'LT-2026-000123', modulePt: 1, height: 40 },
        { format: 'DataMatrix', content: 'DM-LIPPU-42', modulePt: 3 },
      ],
      [{ format: 'QRCode', content: 'QR-LIPPU-SIVU-2', modulePt: 3 }],
      [
        { format: 'PDF417', content: 'PDF417-LIPPU-987654321', modulePt: 1.2 },
        { format: 'Aztec', content: 'AZTEC-LIPPU-555', modulePt: 3 },
      ],
    ]);
    const inspected = await inspector.inspect(bytes, seller);
    expect(inspected.pageCount).toBe(3);
    expect(inspected.barcodes).toHaveLength(5);
    expect(inspected.barcodes).toEqual(
      expect.arrayContaining([
        { format: 'Code128', fingerprint: sha256('LT-2026-000123'), page: 1 },
        { format: 'DataMatrix', fingerprint: sha256('DM-LIPPU-42'), page: 1 },
        { format: 'QRCode', fingerprint: sha256('QR-LIPPU-SIVU-2'), page: 2 },
        { format: 'PDF417', fingerprint: sha256('PDF417-LIPPU-987654321'), page: 3 },
        { format: 'Aztec', fingerprint: sha256('AZTEC-LIPPU-555'), page: 3 },
      ]),
    );
  });

  it('reads the thinnest bars a ticket prints, also printed sideways', async () => {
    // 0.7 pt is a 0.25 mm module, two dots of a 203 dpi thermal ticket printer.
    const inspected = await inspector.inspect(
      await pdfWithCodes([
        [
          { format: 'Code128', content: 'LT-THIN-0000001', modulePt: 0.7, height: 30 },
          { format: 'Code128', content: 'LT-STUB-0000002', modulePt: 0.9, height: 30, sideways: true },
        ],
      ]),
      seller,
    );
    expect(inspected.barcodes).toEqual(
      expect.arrayContaining([
        { format: 'Code128', fingerprint: sha256('LT-THIN-0000001'), page: 1 },
        { format: 'Code128', fingerprint: sha256('LT-STUB-0000002'), page: 1 },
      ]),
    );
    expect(inspected.barcodes).toHaveLength(2);
  });

  it('fingerprints a binary payload by its raw bytes', async () => {
    const payload = Uint8Array.from({ length: 48 }, (_, index) => (index * 97 + 200) % 256);
    const inspected = await inspector.inspect(
      await pdfWithCodes([[{ format: 'QRCode', content: payload, modulePt: 3 }]]),
      seller,
    );
    expect(inspected.barcodes).toEqual([{ format: 'QRCode', fingerprint: sha256(payload), page: 1 }]);
  });

  it('lists a code printed twice on a page once, and once for each page it is on', async () => {
    const twice: PlacedCode = { format: 'QRCode', content: 'LT-TWICE', modulePt: 3 };
    const inspected = await inspector.inspect(await pdfWithCodes([[twice, twice], [twice]]), seller);
    expect(inspected.barcodes).toEqual([
      { format: 'QRCode', fingerprint: sha256('LT-TWICE'), page: 1 },
      { format: 'QRCode', fingerprint: sha256('LT-TWICE'), page: 2 },
    ]);
  });

  it('accepts a PDF without a barcode, with no barcodes', async () => {
    const inspected = await inspector.inspect(await pdfWithCodes([[]]), seller);
    expect(inspected.pageCount).toBe(1);
    expect(inspected.barcodes).toEqual([]);
  });

  it('accepts a PDF with only an owner password (it opens without one)', async () => {
    const inspected = await inspector.inspect(fixture('owner-password-only.pdf'), seller);
    expect(inspected.barcodes).toEqual([
      { format: 'QRCode', fingerprint: sha256('LT-FIXTURE-OWNER-ONLY'), page: 1 },
    ]);
  });

  it('refuses a PDF that needs a password to open', async () => {
    expect(await rejectionOf(inspector.inspect(fixture('password-protected.pdf'), seller))).toBe(
      'password_protected',
    );
  });

  it('refuses what is not a PDF by its content, whatever its name', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#cf975c' } })
      .png()
      .toBuffer();
    const html = new TextEncoder().encode('<!doctype html><html><body><h1>E-LIPPU</h1></body></html>');
    expect(await rejectionOf(inspector.inspect(png, seller))).toBe('not_pdf');
    expect(await rejectionOf(inspector.inspect(html, seller))).toBe('not_pdf');
    expect(await rejectionOf(inspector.inspect(new Uint8Array(0), seller))).toBe('not_pdf');
  });

  it('refuses a PDF that cannot be read: truncated, or garbage after the header', async () => {
    const whole = await demoTicket('LT-TEST-000004');
    const garbage = new Uint8Array(4096).map((_, index) => (index * 131 + 7) % 256);
    garbage.set(new TextEncoder().encode('%PDF-1.7\n'));
    expect(await rejectionOf(inspector.inspect(whole.slice(0, whole.byteLength / 2), seller))).toBe(
      'unreadable',
    );
    expect(await rejectionOf(inspector.inspect(garbage, seller))).toBe('unreadable');
  });

  it('refuses a PDF with a page PDFium cannot load', async () => {
    // The page tree says two pages and holds one.
    const pdf = await PDFDocument.create();
    pdf.addPage();
    pdf.catalog.lookup(PDFName.of('Pages'), PDFDict).set(PDFName.of('Count'), PDFNumber.of(2));
    const error = await inspector
      .inspect(await pdf.save({ useObjectStreams: false }), seller)
      .catch((caught) => caught);
    expect(error).toMatchObject({ reason: 'unreadable', message: 'page 2 could not be loaded' });
  });

  it('refuses a PDF without pages', async () => {
    const empty = await (await PDFDocument.create()).save({ addDefaultPage: false });
    expect(await rejectionOf(inspector.inspect(empty, seller))).toBe('no_pages');
  });

  it('refuses a file over 10 MB by its size alone, before looking at its content', async () => {
    // PNG bytes: read, this file would be 'not_pdf'.
    const huge = new Uint8Array(maxTicketPdfBytes + 1);
    huge.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(await rejectionOf(inspector.inspect(huge, seller))).toBe('too_large');
    // A file of exactly the limit is looked at.
    expect(await rejectionOf(inspector.inspect(huge.subarray(0, maxTicketPdfBytes), seller))).toBe('not_pdf');
  });

  it('answers six files sent at once, each with its own codes', async () => {
    const codes = ['LT-PKG-1', 'LT-PKG-2', 'LT-PKG-3', 'LT-PKG-4', 'LT-PKG-5', 'LT-PKG-6'];
    const files = await Promise.all(codes.map(demoTicket));
    const inspected = await Promise.all(files.map((file) => inspector.inspect(file, seller)));
    expect(inspected.map((result) => result.barcodes.map((barcode) => barcode.fingerprint))).toEqual(
      codes.map((code) => [sha256(code)]),
    );
  });
});

describe('drawing a page for the screen', () => {
  const inspector = createTicketPdfInspector();
  afterAll(() => inspector.close());

  it('draws an A4 page as a WebP 1200 pixels wide, in its proportions, with the ticket on it', async () => {
    const rendered = await inspector.renderPage(await demoTicket('LT-PAGE-000001'), 1, seller);
    expect(rendered).toMatchObject({ width: 1200, height: 1697, pageCount: 1 });
    const image = sharp(rendered.webp);
    expect(await image.metadata()).toMatchObject({ format: 'webp', width: 1200, height: 1697 });
    // Not a blank page: the ticket's coloured header band is drawn.
    const { channels } = await image.stats();
    expect(channels[2]?.min).toBeLessThan(128);
  });

  it('draws the page asked for and says how many there are', async () => {
    const bytes = await pdfWithCodes([[], [], [{ format: 'QRCode', content: 'LT-PAGE-3', modulePt: 3 }]]);
    const [first, third] = await Promise.all([
      inspector.renderPage(bytes, 1, seller),
      inspector.renderPage(bytes, 3, seller),
    ]);
    expect(first.pageCount).toBe(3);
    expect(third.pageCount).toBe(3);
    expect(third.webp.equals(first.webp)).toBe(false);
  });

  it('refuses a page past the last one, or before the first', async () => {
    const bytes = await pdfWithCodes([[], []]);
    for (const page of [3, 1000, 0, -1, 1.5]) {
      const error = await inspector.renderPage(bytes, page, seller).catch((caught: unknown) => caught);
      expect(error, String(page)).toBeInstanceOf(PdfPageNotFoundError);
      expect((error as PdfPageNotFoundError).pageCount).toBe(2);
    }
  });

  it('refuses a file that cannot be read, or opened without a password', async () => {
    const whole = await demoTicket('LT-PAGE-000002');
    expect(await rejectionOf(inspector.renderPage(whole.slice(0, whole.byteLength / 2), 1, seller))).toBe(
      'unreadable',
    );
    expect(
      await rejectionOf(inspector.renderPage(new TextEncoder().encode('%PDF-1.7\nroskaa'), 1, seller)),
    ).toBe('unreadable');
    expect(await rejectionOf(inspector.renderPage(fixture('password-protected.pdf'), 1, seller))).toBe(
      'password_protected',
    );
  });

  it('shares the worker with uploads: both kinds of job sent at once are answered', async () => {
    const ticket = await demoTicket('LT-PAGE-000003');
    const [inspected, rendered] = await Promise.all([
      inspector.inspect(ticket, seller),
      inspector.renderPage(ticket, 1, seller),
    ]);
    expect(inspected.barcodes).toEqual([
      { format: 'QRCode', fingerprint: sha256('LT-PAGE-000003'), page: 1 },
    ]);
    expect(rendered.width).toBe(1200);
  });
});

describe('closing the inspector', () => {
  it('refuses the files still waiting; a new inspector, and the same one later, work', async () => {
    const first = createTicketPdfInspector();
    const file = await demoTicket('LT-CLOSE-1');
    const waiting = [first.inspect(file, seller), first.inspect(file, seller)].map((promise) =>
      promise.then(
        () => 'inspected',
        (error: Error) => error.message,
      ),
    );
    // The type check before the queue takes only microtasks: after one macrotask both files are
    // in the worker or waiting for it, and a page takes far longer than this.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await first.close();
    expect(await Promise.all(waiting)).toEqual([
      'the ticket PDF inspector was closed',
      'the ticket PDF inspector was closed',
    ]);

    const second = createTicketPdfInspector();
    try {
      expect((await second.inspect(file, seller)).barcodes).toHaveLength(1);
    } finally {
      await second.close();
    }
    try {
      expect((await first.inspect(file, seller)).barcodes).toHaveLength(1);
    } finally {
      await first.close();
    }
  });
});

describe('hostile files', () => {
  // A pool of its own, of one worker: whether a file replaced it shows in `workersStarted`.
  const pool = new PdfWorkerPool(1);
  const inspector = createTicketPdfInspector(pool);
  afterAll(() => inspector.close());

  it(`refuses a file of more than ${maxPagesPerFile} pages before drawing any`, async () => {
    expect(await rejectionOf(inspector.inspect(await manyPages(1000), seller))).toBe('too_many_pages');
    expect(await rejectionOf(inspector.inspect(await manyPages(maxPagesPerFile + 1), seller))).toBe(
      'too_many_pages',
    );
    // A page view of a stored file is one page's work: no cap there.
    expect((await inspector.renderPage(await manyPages(maxPagesPerFile + 1), 13, seller)).pageCount).toBe(13);
  });

  it('refuses an image of more pixels than allowed by its declared size, before decoding it', async () => {
    // 64 megapixels of black, 64 KB compressed.
    const bomb = await imageBomb(8000, 8000);
    const error = await inspector.inspect(bomb, seller).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ reason: 'too_complex', message: 'an image of 8000 x 8000 pixels' });
    expect(await rejectionOf(inspector.renderPage(bomb, 1, seller))).toBe('too_complex');
  });

  it('refuses a decompression bomb at PDFium’s memory ceiling, and replaces the worker', async () => {
    const started = pool.workersStarted;
    // 512 MB of page content in about half a megabyte: PDFium would inflate it all.
    const bomb = await decompressionBomb(512 * 1024 * 1024);
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    expect(await rejectionOf(inspector.inspect(bomb, seller))).toBe('too_complex');
    // The next file gets a fresh worker, and is read as ever.
    const inspected = await inspector.inspect(await demoTicket('LT-AFTER-BOMB'), seller);
    expect(inspected.barcodes).toEqual([{ format: 'QRCode', fingerprint: sha256('LT-AFTER-BOMB'), page: 1 }]);
    expect(pool.workersStarted).toBe(started + 1);
    // Making the bomb and inflating it to the ceiling is CPU work: a busy machine takes its time.
  }, 120_000);

  it('finds JavaScript, a Launch action and embedded files', async () => {
    const ticket = await demoTicket('LT-ACTIVE-1');
    const found = async (bytes: Uint8Array) => (await inspector.inspect(bytes, seller)).activeContent;
    expect(await found(ticket)).toEqual([]);
    expect(await found(await withOpenActionJavaScript(ticket))).toEqual(['javascript']);
    expect(await found(await withLaunchLink(ticket))).toEqual(['launch']);
    expect(await found(await withEmbeddedFile(ticket))).toEqual(['embedded_files']);
    expect(await found(await withDocumentJavaScript(ticket))).toEqual(['javascript']);
    expect(await found(await withOpenActionSubmitForm(ticket))).toEqual(['submit_form']);
  });

  it('checks another kind of PDF with its own page limit, reading no barcodes', async () => {
    const evidence = { maxPages: 20, readBarcodes: false };
    const ticket = await inspector.inspect(await demoTicket('LT-EVIDENCE-1'), seller, evidence);
    expect(ticket).toMatchObject({ pageCount: 1, barcodes: [], activeContent: [] });
    expect((await inspector.inspect(await manyPages(20), seller, evidence)).pageCount).toBe(20);
    expect(await rejectionOf(inspector.inspect(await manyPages(21), seller, evidence))).toBe(
      'too_many_pages',
    );
    expect(await rejectionOf(inspector.inspect(await imageBomb(8000, 8000), seller, evidence))).toBe(
      'too_complex',
    );
  });
});

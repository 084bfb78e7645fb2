// Codes a viewer or a printer shows but a plain render of the page does not read: a code in a form
// field's appearance, a Code128 printed at a tilt, a QR code printed only on paper over a decoy
// that the screen shows. Each must be found, so the same ticket cannot be listed twice this way.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  concatTransformationMatrix,
  degrees,
  PDFDocument,
  type PDFImage,
  PDFName,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  StandardFonts,
} from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, type WriteInputBarcodeFormat, writeBarcode } from 'zxing-wasm/writer';
import { maxImagePixelsPerFile } from './page-barcodes.ts';
import { createTicketPdfInspector } from './ticket-pdf-inspector.ts';

const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');
const require = createRequire(import.meta.url);

beforeAll(async () => {
  // The writer's wasm from node_modules: zxing-wasm would fetch it from a CDN.
  const wasm = readFileSync(require.resolve('zxing-wasm/writer/zxing_writer.wasm'));
  await prepareZXingModule({ overrides: { wasmBinary: new Uint8Array(wasm).buffer }, fireImmediately: true });
});

/** A code as zxing's writer draws it, one pixel a module (a light quiet zone included). */
async function codePng(format: WriteInputBarcodeFormat, content: string): Promise<Uint8Array> {
  const { image, error } = await writeBarcode(content, { format, scale: 1 });
  if (!image) throw new Error(`writeBarcode ${format}: ${error}`);
  return new Uint8Array(await image.arrayBuffer());
}

/** The bars of a Code128: runs of dark modules (0 in the writer's symbol) along its first row. */
async function code128Bars(content: string): Promise<{ start: number; width: number }[]> {
  const { symbol, error } = await writeBarcode(content, { format: 'Code128' });
  if (!symbol) throw new Error(`writeBarcode Code128: ${error}`);
  const bars: { start: number; width: number }[] = [];
  for (let x = 0; x < symbol.width; x++) {
    if (symbol.data[x]) continue;
    const last = bars.at(-1);
    if (last && last.start + last.width === x) last.width++;
    else bars.push({ start: x, width: 1 });
  }
  return bars;
}

/** An A4 ticket page with its texts; `draw` adds the code. */
async function ticketPdf(draw: (pdf: PDFDocument, page: PDFPage) => Promise<void>): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595.28, 841.89]);
  page.drawText('E-LIPPU · Testikonsertti', { x: 60, y: 780, size: 20, font });
  page.drawText('Näytä tämä koodi sisäänkäynnillä.', { x: 60, y: 120, size: 11, font });
  await draw(pdf, page);
  return pdf.save();
}

describe('codes a plain render of the page misses', () => {
  const inspector = createTicketPdfInspector();
  afterAll(() => inspector.close());

  it('reads a QR code drawn only in a form field’s appearance (every viewer shows it)', async () => {
    const bytes = await ticketPdf(async (pdf, page) => {
      const button = pdf.getForm().createButton('lippukoodi');
      button.addToPage('', page, { x: 180, y: 300, width: 240, height: 240, borderWidth: 0 });
      button.setImage(await pdf.embedPng(await codePng('QRCode', 'LT-FORM-FIELD-0001')));
    });
    const { barcodes } = await inspector.inspect(bytes, 'myyja');
    expect(barcodes).toEqual([{ format: 'QRCode', fingerprint: sha256('LT-FORM-FIELD-0001'), page: 1 }]);
  });

  for (const angle of [10, 20, 30]) {
    it(`reads a Code128 drawn in vector bars tilted by ${angle}°`, async () => {
      const content = `LT-TILT-${angle}-0001`;
      const bars = await code128Bars(content);
      const bytes = await ticketPdf(async (_pdf, page) => {
        // 1 pt a module, 24 pt high (a level line cannot cross all the bars even at 10°): the
        // bars as rectangles, turned about the code's corner.
        const radians = (angle * Math.PI) / 180;
        page.pushOperators(
          pushGraphicsState(),
          concatTransformationMatrix(
            Math.cos(radians),
            Math.sin(radians),
            -Math.sin(radians),
            Math.cos(radians),
            150,
            400,
          ),
        );
        for (const bar of bars) page.drawRectangle({ x: bar.start, y: 0, width: bar.width, height: 24 });
        page.pushOperators(popGraphicsState());
      });
      const { barcodes } = await inspector.inspect(bytes, 'myyja');
      expect(barcodes).toEqual([{ format: 'Code128', fingerprint: sha256(content), page: 1 }]);
    });

    it(`reads a Code128 image placed tilted by ${-angle}°`, async () => {
      const content = `LT-TILT-IMAGE-${angle}`;
      const bytes = await ticketPdf(async (pdf, page) => {
        const image = await pdf.embedPng(await codePng('Code128', content));
        page.drawImage(image, { x: 150, y: 450, width: image.width, height: 24, rotate: degrees(-angle) });
      });
      const { barcodes } = await inspector.inspect(bytes, 'myyja');
      expect(barcodes).toEqual([{ format: 'Code128', fingerprint: sha256(content), page: 1 }]);
    });
  }

  it('reads a QR code printed only on paper, over a decoy the screen shows', async () => {
    const bytes = await ticketPdf(async (pdf, page) => {
      const decoy = await pdf.embedPng(await codePng('QRCode', 'LT-DECOY-ON-SCREEN'));
      page.drawImage(decoy, { x: 180, y: 300, width: 240, height: 240 });
      page.node.set(PDFName.of('Annots'), pdf.context.obj([await printOnlyStamp(pdf, 'LT-PRINT-ONLY-0001')]));
    });
    const { barcodes } = await inspector.inspect(bytes, 'myyja');
    expect(barcodes).toEqual(
      expect.arrayContaining([
        { format: 'QRCode', fingerprint: sha256('LT-PRINT-ONLY-0001'), page: 1 },
        { format: 'QRCode', fingerprint: sha256('LT-DECOY-ON-SCREEN'), page: 1 },
      ]),
    );
    expect(barcodes).toHaveLength(2);
  });
});

describe('what reading images at their own resolution may cost', () => {
  const inspector = createTicketPdfInspector();
  afterAll(() => inspector.close());

  it('reads a file’s images only up to its pixel budget, then still its pages', async () => {
    // A QR code as a 4000×4000 image (16 megapixels, the most one image may have), drawn 4 pt
    // wide on each of 3 pages: too small for the page render, read only at its own resolution,
    // which the file's budget allows twice.
    const side = 4000;
    const png = await sharp(await codePng('QRCode', 'LT-IMAGE-BUDGET'))
      .resize(side, side, { kernel: 'nearest' })
      .png()
      .toBuffer();
    const pdf = await PDFDocument.create();
    const image = await pdf.embedPng(png);
    for (let page = 0; page < 3; page++)
      pdf.addPage([595.28, 841.89]).drawImage(image, { x: 60, y: 700, width: 4, height: 4 });
    const { pageCount, barcodes } = await inspector.inspect(await pdf.save(), 'myyja');
    expect(pageCount).toBe(3);
    const affordable = Math.floor(maxImagePixelsPerFile / (side * side));
    expect(affordable).toBe(2);
    expect(barcodes).toEqual(
      Array.from({ length: affordable }, (_, index) => ({
        format: 'QRCode',
        fingerprint: sha256('LT-IMAGE-BUDGET'),
        page: index + 1,
      })),
    );
  });
});

/**
 * A stamp annotation over the decoy (x 180, y 300, 240 pt square) that only a printer draws (flags
 * Print 4 and NoView 32): a white square with the real QR code.
 */
async function printOnlyStamp(pdf: PDFDocument, content: string) {
  const image: PDFImage = await pdf.embedPng(await codePng('QRCode', content));
  const appearance = pdf.context.register(
    pdf.context.stream(`q 1 g 0 0 240 240 re f 240 0 0 240 0 0 cm /Qr Do Q`, {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, 0, 240, 240],
      Resources: { XObject: { Qr: image.ref } },
    }),
  );
  return pdf.context.register(
    pdf.context.obj({
      Type: 'Annot',
      Subtype: 'Stamp',
      Rect: [180, 300, 420, 540],
      F: 4 | 32,
      AP: { N: appearance },
    }),
  );
}

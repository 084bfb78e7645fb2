// The worker thread behind ticket-pdf-inspector.ts: renders every page of a ticket PDF with PDFium
// and reads its barcodes with zxing. Both are CPU-bound WebAssembly, so they run here, never on the
// server's event loop. It gets one file at a time and answers each with one reply.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import { type PDFiumDocument, PDFiumLibrary } from '@hyzyla/pdfium';
import { prepareZXingModule, type ReaderOptions, readBarcodes } from 'zxing-wasm/reader';
import type { PdfRejection, TicketBarcode } from './ticket-pdf-inspector.ts';

export type InspectReply =
  | { ok: true; pageCount: number; barcodes: TicketBarcode[] }
  | { ok: false; reason: PdfRejection; message: string };

/**
 * Pages are rendered at 200 dpi: the thinnest bars a ticket prints, a Code128 module of 0.7 pt
 * (0.25 mm), read wherever they fall on the pixel grid. At 150 dpi even a module of 1 pt (a usual
 * 0.35 mm) was read at only two of six positions; 2D codes read at either. The cost is about
 * 140 ms of CPU a page, almost all of it zxing's (bench/README.md).
 */
const renderDpi = 200;
/** Bounds the bitmap (4 bytes a pixel) of an absurdly large page: about A2 at 200 dpi. */
const maxPagePixels = 16_000_000;

// Every check stays on (they are zxing's defaults, named so a new default cannot turn one off):
// a barcode missed here is a ticket that can be sold twice. Rotation finds a barcode printed
// sideways on a ticket's stub, inversion a light code on a dark background.
const readerOptions: ReaderOptions = {
  formats: ['QRCode', 'Aztec', 'PDF417', 'Code128', 'DataMatrix'],
  tryHarder: true,
  tryRotate: true,
  tryInvert: true,
  tryDownscale: true,
};

const require = createRequire(import.meta.url);
/** A wasm binary from node_modules: nothing may be fetched (zxing-wasm would ask a CDN). */
const wasmBinary = (specifier: string) => new Uint8Array(readFileSync(require.resolve(specifier))).buffer;

// Loaded once, when the worker starts; every file this worker inspects uses the same instances.
const pdfiumReady = PDFiumLibrary.init({ wasmBinary: wasmBinary('@hyzyla/pdfium/pdfium.wasm') });
const zxingReady = prepareZXingModule({
  overrides: { wasmBinary: wasmBinary('zxing-wasm/reader/zxing_reader.wasm') },
  fireImmediately: true,
});

const rejected = (reason: PdfRejection, message: string): InspectReply => ({ ok: false, reason, message });

async function inspect(bytes: Uint8Array): Promise<InspectReply> {
  const [pdfium] = await Promise.all([pdfiumReady, zxingReady]);
  let document: PDFiumDocument;
  try {
    // No password: an owner-password-only PDF (printing or copying restricted) opens with none.
    document = await pdfium.loadDocument(bytes);
  } catch (error) {
    const message = (error as Error).message;
    // @hyzyla/pdfium reports FPDF_ERR_PASSWORD only as this message ("Password required or ...").
    return rejected(/^password required/i.test(message) ? 'password_protected' : 'unreadable', message);
  }
  try {
    const pageCount = document.getPageCount();
    if (pageCount === 0) return rejected('no_pages', 'the PDF has no pages');
    const barcodes: TicketBarcode[] = [];
    for (let index = 0; index < pageCount; index++) {
      const page = document.getPage(index);
      const { originalWidth, originalHeight } = page.getOriginalSize();
      // A page PDFium could not load reports no size (the library does not check FPDF_LoadPage).
      if (!(originalWidth >= 1 && originalHeight >= 1))
        return rejected('unreadable', `page ${index + 1} could not be loaded`);
      const scale = Math.min(renderDpi / 72, Math.sqrt(maxPagePixels / (originalWidth * originalHeight)));
      const { data, width, height } = await page.render({ scale });
      const image = {
        data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
        width,
        height,
      };
      // The same code printed twice on a page (e.g. a QR code and its copy on the stub) is one ticket.
      const onPage = new Map<string, TicketBarcode>();
      for (const result of await readBarcodes(image as ImageData, readerOptions)) {
        const fingerprint = createHash('sha256').update(result.bytes).digest('hex');
        if (!onPage.has(fingerprint))
          onPage.set(fingerprint, { format: result.format, fingerprint, page: index + 1 });
      }
      barcodes.push(...onPage.values());
    }
    return { ok: true, pageCount, barcodes };
  } catch (error) {
    // A wasm trap leaves PDFium's or zxing's memory in an unknown state: let it end this worker
    // (the inspector answers 'unreadable' and starts a fresh one).
    if (error instanceof WebAssembly.RuntimeError) throw error;
    return rejected('unreadable', (error as Error).message);
  } finally {
    document.destroy();
  }
}

const port = parentPort;
if (!port) throw new Error('inspect-worker.ts runs only as a worker thread');
port.on('message', async (bytes: Uint8Array) => {
  port.postMessage(await inspect(bytes));
});

// The worker thread behind ticket-pdf-inspector.ts: renders the pages of a ticket PDF with PDFium,
// to read their barcodes with zxing or to show one page on a screen. Both are CPU-bound
// WebAssembly, so they run here, never on the server's event loop. It gets one job at a time and
// answers each with one reply.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import { type PDFiumDocument, PDFiumLibrary } from '@hyzyla/pdfium';
import { prepareZXingModule } from 'zxing-wasm/reader';
import type { ActiveContent } from '#shared/listings/ticket-file.ts';
import { findActiveContent } from './active-content.ts';
import { newImageBudget, readPageBarcodes } from './page-barcodes.ts';
import {
  checkPageImages,
  PdfLimitError,
  pdfiumMemoryCeilingBytes,
  pdfiumOutOfMemory,
  withMemoryCeiling,
} from './pdf-limits.ts';
import type { PdfRejection, TicketBarcode } from './ticket-pdf-inspector.ts';

/**
 * What the worker is asked: to check a file of at most `maxPages` pages (and read every barcode on
 * it, when `readBarcodes`), or to draw one page (1-based) for a screen.
 */
export type PdfJob =
  | { kind: 'inspect'; bytes: Uint8Array<ArrayBuffer>; maxPages: number; readBarcodes: boolean }
  | { kind: 'render'; bytes: Uint8Array<ArrayBuffer>; page: number };

/** `workerEnding`: this worker is ending after the answer (the pool must not give it more work). */
type Rejected = { ok: false; reason: PdfRejection; message: string; workerEnding?: true };

export type InspectReply =
  | { ok: true; pageCount: number; barcodes: TicketBarcode[]; activeContent: ActiveContent[] }
  | Rejected;

/** A page as RGBA pixels, four bytes a pixel, row by row. */
export interface RenderedPage {
  rgba: Uint8Array<ArrayBuffer>;
  width: number;
  height: number;
}

/** `page` is absent when the file has no such page. */
export type RenderReply = { ok: true; pageCount: number; page?: RenderedPage } | Rejected;

/**
 * A page drawn for a screen is as wide as the admin's viewer shows it on a wide screen (and sharp
 * on a phone's, twice its CSS width), and at most as long as WebP allows and as many pixels as a
 * page of about A4 proportions twice over: a strip of a page cannot make a huge bitmap.
 */
const screenPageWidth = 1200;
const maxScreenPagePixels = 4_000_000;
const maxWebpSide = 16_383;

const require = createRequire(import.meta.url);
/** A wasm binary from node_modules: nothing may be fetched (zxing-wasm would ask a CDN). */
const wasmBinary = (specifier: string) => new Uint8Array(readFileSync(require.resolve(specifier))).buffer;

// Loaded once, when the worker starts; every file this worker inspects uses the same instances.
const pdfiumReady = PDFiumLibrary.init({
  wasmBinary: withMemoryCeiling(wasmBinary('@hyzyla/pdfium/pdfium.wasm'), pdfiumMemoryCeilingBytes),
});
const zxingReady = prepareZXingModule({
  overrides: { wasmBinary: wasmBinary('zxing-wasm/reader/zxing_reader.wasm') },
  fireImmediately: true,
});

const rejected = (reason: PdfRejection, message: string): Rejected => ({ ok: false, reason, message });

/**
 * Opens the file and hands it, with its page count (at least one), to `use`; a file PDFium cannot
 * open or read is refused. The document is closed afterwards, whatever happened.
 */
async function withDocument<Reply>(
  bytes: Uint8Array,
  use: (document: PDFiumDocument, pageCount: number) => Promise<Reply>,
): Promise<Reply | Rejected> {
  const pdfium = await pdfiumReady;
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
    return await use(document, pageCount);
  } catch (error) {
    // A wasm trap leaves PDFium's or zxing's memory in an unknown state: let it end this worker
    // (the message handler below answers, and the pool starts a fresh one).
    if (error instanceof WebAssembly.RuntimeError) throw error;
    if (error instanceof PdfLimitError) return rejected(error.reason, error.message);
    return rejected('unreadable', (error as Error).message);
  } finally {
    document.destroy();
  }
}

/**
 * Draws page `index` (0-based) at the scale `scaleOf` gives for its size in points, never with
 * more than `maxPixels` pixels.
 */
async function renderPage(
  document: PDFiumDocument,
  index: number,
  maxPixels: number,
  scaleOf: (width: number, height: number) => number,
): Promise<RenderedPage> {
  const page = document.getPage(index);
  const { originalWidth, originalHeight } = page.getOriginalSize();
  // A page PDFium could not load reports no size (the library does not check FPDF_LoadPage).
  if (!(originalWidth >= 1 && originalHeight >= 1)) throw new Error(`page ${index + 1} could not be loaded`);
  checkPageImages(page);
  const scale = Math.min(
    scaleOf(originalWidth, originalHeight),
    Math.sqrt(maxPixels / (originalWidth * originalHeight)),
  );
  // Sized here rather than by `scale`: the library floors the page's points before scaling, which
  // would make an A4 page 1199 pixels wide instead of 1200.
  const width = Math.max(1, Math.round(originalWidth * scale));
  const height = Math.max(1, Math.round(originalHeight * scale));
  // With its form fields, as a viewer shows it and as the barcode check read it.
  const { data } = await page.render({ width, height, renderFormFields: true });
  return { rgba: data as Uint8Array<ArrayBuffer>, width, height };
}

async function inspect({ bytes, maxPages, readBarcodes }: Extract<PdfJob, { kind: 'inspect' }>) {
  await zxingReady;
  return withDocument(bytes, async (document, pageCount): Promise<InspectReply> => {
    // Known from the cross-reference table, before any page is drawn.
    if (pageCount > maxPages) return rejected('too_many_pages', `${pageCount} pages, more than ${maxPages}`);
    const barcodes: TicketBarcode[] = [];
    const imageBudget = newImageBudget();
    for (let index = 0; index < pageCount; index++) {
      // Every page is loaded, and an image bomb refused by its declared size, before anything on
      // it is drawn; a file that is not a ticket (complaint evidence) is never drawn.
      checkPageImages(document.getPage(index));
      if (!readBarcodes) continue;
      // The same code printed twice on a page (e.g. a QR code and its copy on the stub) is one ticket.
      const onPage = new Map<string, TicketBarcode>();
      for (const result of await readPageBarcodes(document, index, imageBudget)) {
        const fingerprint = createHash('sha256').update(result.bytes).digest('hex');
        if (!onPage.has(fingerprint))
          onPage.set(fingerprint, { format: result.format, fingerprint, page: index + 1 });
      }
      barcodes.push(...onPage.values());
    }
    return { ok: true, pageCount, barcodes, activeContent: findActiveContent(bytes) };
  });
}

async function render(bytes: Uint8Array, page: number): Promise<RenderReply> {
  return withDocument(bytes, async (document, pageCount): Promise<RenderReply> => {
    if (!(Number.isInteger(page) && page >= 1 && page <= pageCount)) return { ok: true, pageCount };
    const rendered = await renderPage(document, page - 1, maxScreenPagePixels, (width, height) =>
      Math.min(screenPageWidth / width, maxWebpSide / height),
    );
    return { ok: true, pageCount, page: rendered };
  });
}

const port = parentPort;
if (!port) throw new Error('inspect-worker.ts runs only as a worker thread');
port.on('message', async (job: PdfJob) => {
  try {
    if (job.kind === 'inspect') return port.postMessage(await inspect(job));
    const reply = await render(job.bytes, job.page);
    // The pixels are moved to the main thread, not copied.
    port.postMessage(reply, reply.ok && reply.page ? [reply.page.rgba.buffer] : []);
  } catch (error) {
    // A wasm trap or abort: out of memory (at its ceiling) the file needed more than a ticket may.
    // Answered, then this worker ends (its wasm state is unknown) and the pool starts a fresh one.
    const reason = pdfiumOutOfMemory(await pdfiumReady, error) ? 'too_complex' : 'unreadable';
    port.postMessage({ ...rejected(reason, (error as Error).message), workerEnding: true });
    // Ends this thread only, once the answer is on its way.
    process.exit(1);
  }
});

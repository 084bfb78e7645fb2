// What one ticket PDF may cost the server, and the checks that hold a hostile file to it inside the
// PDF worker: its pages, the pixels of its images before any is decoded, and the memory PDFium's
// WebAssembly may take (a worker's resourceLimits bound its JavaScript heap, not wasm memory).
// docs/decisions/018-pdf-checks.md says why these numbers.
import type { PDFiumPage } from '@hyzyla/pdfium';
import { maxPagesPerTicketFile } from '#shared/listings/selling-messages.ts';

/**
 * Pages a ticket file may have (the seller is told the number): known once PDFium has read the
 * file's cross-reference table, before any page is drawn.
 */
export const maxPagesPerFile = maxPagesPerTicketFile;

/**
 * Pixels an image inside a page may have: a 600 dpi scan of an A4 ticket is 35 million. Checked
 * from the image's dictionary before it is decoded: a 0.9 MB file can hold a 900-megapixel image
 * that takes seconds to draw on every view.
 */
export const maxImagePixels = 40_000_000;

/**
 * The most memory PDFium's wasm may grow to. A page at 200 dpi takes about 16 MB and a 40 MP image
 * 160 MB; a stream that inflates to gigabytes (a decompression bomb) makes PDFium abort at this
 * ceiling instead of taking the machine's memory, and the worker is replaced.
 */
export const pdfiumMemoryCeilingBytes = 384 * 1024 * 1024;

/** Bounds each worker's JavaScript heap; the file, its pages' pixels and zxing live outside it. */
export const workerResourceLimits = {
  maxOldGenerationSizeMb: 96,
  maxYoungGenerationSizeMb: 16,
  stackSizeMb: 4,
};

/** A file over one of the limits above: `reason` is the inspector's refusal. */
export class PdfLimitError extends Error {
  readonly reason: 'too_many_pages' | 'too_complex';

  constructor(reason: 'too_many_pages' | 'too_complex', message: string) {
    super(message);
    this.name = 'PdfLimitError';
    this.reason = reason;
  }
}

const wasmPageBytes = 64 * 1024;

function unsignedLeb128(value: number): number[] {
  const out: number[] = [];
  let rest = value;
  do {
    let byte = rest & 0x7f;
    rest >>>= 7;
    if (rest !== 0) byte |= 0x80;
    out.push(byte);
  } while (rest !== 0);
  return out;
}

/**
 * The wasm module `binary` with its one memory's maximum lowered to `ceilingBytes`: PDFium's
 * malloc then fails at the ceiling (PDFium aborts; the worker is replaced) where it would otherwise
 * grow to the 2 GB it was built with.
 */
export function withMemoryCeiling(binary: ArrayBuffer, ceilingBytes: number): ArrayBuffer {
  const wasm = new Uint8Array(binary);
  let at = 8; // past the magic number and version
  const readLeb = () => {
    let value = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = wasm[at++] ?? 0;
      value |= (byte & 0x7f) << shift;
      shift += 7;
    } while (byte & 0x80);
    return value >>> 0;
  };
  while (at < wasm.length) {
    const sectionStart = at;
    const id = wasm[at++];
    const size = readLeb();
    const bodyStart = at;
    if (id === 5) {
      const count = readLeb();
      const flags = wasm[at++] ?? 0;
      // One memory without the shared or 64-bit flags: the only kind this code knows how to rewrite.
      if (count !== 1 || (flags & ~1) !== 0) throw new Error('unexpected wasm memory section');
      const minimumPages = readLeb();
      const maximumPages = Math.max(minimumPages, Math.floor(ceilingBytes / wasmPageBytes));
      const body = [1, 1, ...unsignedLeb128(minimumPages), ...unsignedLeb128(maximumPages)];
      const rewritten = new Uint8Array([
        ...wasm.subarray(0, sectionStart),
        5,
        ...unsignedLeb128(body.length),
        ...body,
      ]);
      const rest = wasm.subarray(bodyStart + size);
      const result = new Uint8Array(rewritten.length + rest.length);
      result.set(rewritten);
      result.set(rest, rewritten.length);
      return result.buffer;
    }
    at = bodyStart + size;
  }
  throw new Error('the wasm module has no memory section');
}

/** The few PDFium calls the image check needs (the library keeps its module to itself). */
interface PdfiumCalls {
  _FPDFPage_CountObjects(page: number): number;
  _FPDFPage_GetObject(page: number, index: number): number;
  _FPDFPageObj_GetType(object: number): number;
  _FPDFImageObj_GetImagePixelSize(object: number, width: number, height: number): number;
  _FPDFFormObj_CountObjects(form: number): number;
  _FPDFFormObj_GetObject(form: number, index: number): number;
  wasmExports: { malloc(size: number): number; free(pointer: number): void };
  HEAPU32: Uint32Array;
}

const imageObject = 3;
const formObject = 5;

/**
 * Refuses a page holding an image of more than `maxImagePixels`, also inside a form XObject, by
 * the size its dictionary declares: nothing is decoded.
 */
export function checkPageImages(page: PDFiumPage): void {
  const { module: pdfium, pageIdx } = page as unknown as { module: PdfiumCalls; pageIdx: number };
  const size = pdfium.wasmExports.malloc(8);
  try {
    const check = (object: number, depth: number) => {
      const type = pdfium._FPDFPageObj_GetType(object);
      if (type === imageObject && pdfium._FPDFImageObj_GetImagePixelSize(object, size, size + 4)) {
        const width = pdfium.HEAPU32[size >>> 2] ?? 0;
        const height = pdfium.HEAPU32[(size >>> 2) + 1] ?? 0;
        if (width * height > maxImagePixels)
          throw new PdfLimitError('too_complex', `an image of ${width} x ${height} pixels`);
      } else if (type === formObject && depth < 16) {
        const count = pdfium._FPDFFormObj_CountObjects(object);
        for (let index = 0; index < count; index++)
          check(pdfium._FPDFFormObj_GetObject(object, index), depth + 1);
      }
    };
    const count = pdfium._FPDFPage_CountObjects(pageIdx);
    for (let index = 0; index < count; index++) check(pdfium._FPDFPage_GetObject(pageIdx, index), 0);
  } finally {
    pdfium.wasmExports.free(size);
  }
}

/**
 * Whether PDFium stopped for want of memory: it calls abort() when an allocation fails (its own
 * checks trap as 'unreachable' instead), and a failed allocation may ask for far more than is left,
 * so its memory need not stand at the ceiling; or its memory stands near the ceiling.
 */
export function pdfiumOutOfMemory(library: object, error: unknown): boolean {
  const { module: pdfium } = library as { module?: { HEAPU8?: Uint8Array } };
  const used = pdfium?.HEAPU8?.buffer.byteLength ?? 0;
  return (
    /^Aborted\(/.test((error as Error)?.message ?? '') || used > pdfiumMemoryCeilingBytes - 64 * 1024 * 1024
  );
}

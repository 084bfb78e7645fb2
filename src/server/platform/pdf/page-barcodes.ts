// What is decoded on one page of a ticket PDF, so that no way of showing a ticket's code hides it
// from the duplicate check: the page as a viewer shows it (form fields' appearances included), as a
// printer prints it (optional content and annotations meant only for print), each area of it with
// tilted bars turned level (zxing reads a 1D code only about level or upright), and each image on
// the page at its own resolution (a photo of a code drawn small is read as sharply as the photo is).
// Runs in inspect-worker.ts, on PDFium's raw functions: @hyzyla/pdfium draws pages without print
// mode and cannot list a page's images inside form XObjects.
import type { PDFiumDocument } from '@hyzyla/pdfium';
import sharp from 'sharp';
import { type ReaderOptions, type ReadResult, readBarcodes } from 'zxing-wasm/reader';
import { findTiltedAreas, type Pixels, type TiltedArea } from './tilted-bars.ts';

/** A code found on the page: its zxing format name and the payload's bytes. */
export interface PageBarcode {
  format: string;
  bytes: Uint8Array;
}

/**
 * Pages are rendered at 200 dpi: the thinnest bars a ticket prints, a Code128 module of 0.7 pt
 * (0.25 mm), read wherever they fall on the pixel grid. At 150 dpi even a module of 1 pt (a usual
 * 0.35 mm) was read at only two of six positions; 2D codes read at either.
 */
const renderDpi = 200;
/** Bounds the bitmap (4 bytes a pixel) of an absurdly large page: about A2 at 200 dpi. */
const maxPagePixels = 16_000_000;

/**
 * What reading tilted 1D codes may cost on one page or image: the areas with tilted bars
 * (tilted-bars.ts), the largest first, up to this many and this many pixels in all.
 */
const maxTiltedAreas = 8;
const maxTiltedPixels = 8_000_000;

/**
 * Every image on the page is also read at its own resolution, even one drawn larger than its
 * pixels: zxing reads a small photo of a code better than the same photo smoothed up to 200 dpi.
 * A smaller image cannot hold a code zxing reads.
 */
const minImageSide = 21;
/** An image larger than this is not decoded on its own (its decoded bitmap alone is 4 bytes a pixel). */
const maxImagePixels = 16_000_000;
/** Form XObjects nest: images inside them are looked for this deep, no deeper. */
const maxFormDepth = 4;

/**
 * What one file may cost beyond its page renders: the pixels of its images decoded on their own.
 * A file of many or huge images (an image bomb) is read up to here and no further; the pages
 * themselves are still rendered and read.
 */
export const maxImagePixelsPerFile = 32_000_000;

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
/** The tilted passes look only for the 1D code: zxing finds a tilted 2D code in the plain pass. */
const tiltedReaderOptions: ReaderOptions = { ...readerOptions, formats: ['Code128'] };

// PDFium's constants (fpdfview.h, fpdf_edit.h).
const renderAnnotations = 0x01;
const renderRgbaOrder = 0x10;
const renderForPrinting = 0x800;
const pageObjectImage = 3;
const pageObjectForm = 5;
/** Bytes a pixel of each of PDFium's bitmap formats: Gray, BGR, BGRx, BGRA. */
const bytesPerPixelOf: Record<number, number> = { 1: 1, 2: 3, 3: 4, 4: 4 };

/** The raw PDFium functions used here (the library's module exports all of PDFium's). */
interface Pdfium {
  HEAPU8: Uint8Array;
  wasmExports: { malloc(size: number): number; free(pointer: number): void };
  _FPDF_LoadPage(document: number, index: number): number;
  _FPDF_ClosePage(page: number): void;
  _FPDF_GetPageWidthF(page: number): number;
  _FPDF_GetPageHeightF(page: number): number;
  _FORM_OnAfterLoadPage(page: number, form: number): void;
  _FORM_OnBeforeClosePage(page: number, form: number): void;
  _FPDFBitmap_Create(width: number, height: number, alpha: number): number;
  _FPDFBitmap_FillRect(
    bitmap: number,
    left: number,
    top: number,
    width: number,
    height: number,
    color: number,
  ): void;
  _FPDFBitmap_GetBuffer(bitmap: number): number;
  _FPDFBitmap_GetStride(bitmap: number): number;
  _FPDFBitmap_GetFormat(bitmap: number): number;
  _FPDFBitmap_GetWidth(bitmap: number): number;
  _FPDFBitmap_GetHeight(bitmap: number): number;
  _FPDFBitmap_Destroy(bitmap: number): void;
  _FPDF_RenderPageBitmap(
    bitmap: number,
    page: number,
    x: number,
    y: number,
    width: number,
    height: number,
    rotate: number,
    flags: number,
  ): void;
  _FPDF_FFLDraw(
    form: number,
    bitmap: number,
    page: number,
    x: number,
    y: number,
    width: number,
    height: number,
    rotate: number,
    flags: number,
  ): void;
  _FPDFPage_CountObjects(page: number): number;
  _FPDFPage_GetObject(page: number, index: number): number;
  _FPDFFormObj_CountObjects(form: number): number;
  _FPDFFormObj_GetObject(form: number, index: number): number;
  _FPDFPageObj_GetType(object: number): number;
  _FPDFImageObj_GetImagePixelSize(object: number, width: number, height: number): number;
  _FPDFImageObj_GetBitmap(object: number): number;
}

/**
 * The library's module and the document's handle. @hyzyla/pdfium keeps both private; the check
 * makes an update that renames them fail every inspection (and its tests) instead of reading less.
 */
function handlesOf(document: PDFiumDocument): { pdfium: Pdfium; handle: number } {
  const { module, documentIdx } = document as unknown as { module?: Pdfium; documentIdx?: number };
  if (typeof module?._FPDF_LoadPage !== 'function' || typeof documentIdx !== 'number')
    throw new Error('@hyzyla/pdfium no longer exposes its PDFium module');
  return { pdfium: module, handle: documentIdx };
}

/**
 * A bitmap's pixels as RGBA (PDFium's Gray and BGR bitmaps expanded), copied out of the wasm heap;
 * undefined for a format PDFium does not name.
 */
function rgbaOf(pdfium: Pdfium, bitmap: number): Pixels | undefined {
  const width = pdfium._FPDFBitmap_GetWidth(bitmap);
  const height = pdfium._FPDFBitmap_GetHeight(bitmap);
  const stride = pdfium._FPDFBitmap_GetStride(bitmap);
  const format = pdfium._FPDFBitmap_GetFormat(bitmap);
  const source = pdfium.HEAPU8.subarray(
    pdfium._FPDFBitmap_GetBuffer(bitmap),
    pdfium._FPDFBitmap_GetBuffer(bitmap) + stride * height,
  );
  const bytesPerPixel = bytesPerPixelOf[format];
  if (!bytesPerPixel) return undefined;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const from = y * stride + x * bytesPerPixel;
      const to = (y * width + x) * 4;
      if (bytesPerPixel === 1) {
        data[to] = data[to + 1] = data[to + 2] = source[from] as number;
      } else {
        // Blue, green, red: RGBA wants them the other way round. An image's alpha (its soft mask)
        // is not in this bitmap: opaque.
        data[to] = source[from + 2] as number;
        data[to + 1] = source[from + 1] as number;
        data[to + 2] = source[from] as number;
      }
      data[to + 3] = 255;
    }
  }
  return { data, width, height };
}

/**
 * Draws the loaded page at `width`×`height`: its content, its annotations and its form fields'
 * appearances (PDFium draws those only through the form layer), for the screen or for print.
 */
function renderPage(
  pdfium: Pdfium,
  page: number,
  form: number,
  width: number,
  height: number,
  forPrint: boolean,
): Uint8Array {
  const bitmap = pdfium._FPDFBitmap_Create(width, height, 1);
  if (!bitmap) throw new Error(`no memory for a page of ${width}×${height} pixels`);
  try {
    pdfium._FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0xffffffff);
    const flags = renderRgbaOrder | (forPrint ? renderForPrinting : 0);
    pdfium._FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, 0, flags | renderAnnotations);
    pdfium._FPDF_FFLDraw(form, bitmap, page, 0, 0, width, height, 0, flags);
    const start = pdfium._FPDFBitmap_GetBuffer(bitmap);
    return pdfium.HEAPU8.slice(start, start + width * height * 4);
  } finally {
    pdfium._FPDFBitmap_Destroy(bitmap);
  }
}

/** The image objects of the page, those inside its form XObjects included. */
function imageObjectsOf(pdfium: Pdfium, page: number): number[] {
  const images: number[] = [];
  const visit = (count: number, objectAt: (index: number) => number, depth: number) => {
    for (let index = 0; index < count; index++) {
      const object = objectAt(index);
      const type = pdfium._FPDFPageObj_GetType(object);
      if (type === pageObjectImage) images.push(object);
      else if (type === pageObjectForm && depth < maxFormDepth)
        visit(
          pdfium._FPDFFormObj_CountObjects(object),
          (inner) => pdfium._FPDFFormObj_GetObject(object, inner),
          depth + 1,
        );
    }
  };
  visit(pdfium._FPDFPage_CountObjects(page), (index) => pdfium._FPDFPage_GetObject(page, index), 0);
  return images;
}

/** Runs the PDFium call `fill` with a pointer to 16 bytes of wasm memory it writes, and returns them. */
function outBytes(pdfium: Pdfium, fill: (pointer: number) => number): DataView | undefined {
  const pointer = pdfium.wasmExports.malloc(16);
  if (!pointer) throw new Error('no memory for four numbers');
  try {
    if (!fill(pointer)) return undefined;
    return new DataView(pdfium.HEAPU8.slice(pointer, pointer + 16).buffer);
  } finally {
    pdfium.wasmExports.free(pointer);
  }
}

/** Counts what a file's images may still cost; one per file, shared by its pages. */
export interface ImageBudget {
  pixelsLeft: number;
}

export const newImageBudget = (): ImageBudget => ({ pixelsLeft: maxImagePixelsPerFile });

/**
 * The page's images at their own resolution, as RGBA: each one's pixel size is read from the file
 * (nothing decoded), and only an image within the limits and `budget` is decoded.
 */
function imagesOf(pdfium: Pdfium, page: number, budget: ImageBudget): Pixels[] {
  const images: Pixels[] = [];
  for (const object of imageObjectsOf(pdfium, page)) {
    const size = outBytes(pdfium, (pointer) =>
      pdfium._FPDFImageObj_GetImagePixelSize(object, pointer, pointer + 4),
    );
    if (!size) continue;
    const pixelWidth = size.getUint32(0, true);
    const pixelHeight = size.getUint32(4, true);
    if (pixelWidth < minImageSide || pixelHeight < minImageSide) continue;
    const pixels = pixelWidth * pixelHeight;
    if (pixels > maxImagePixels || pixels > budget.pixelsLeft) continue;
    const bitmap = pdfium._FPDFImageObj_GetBitmap(object);
    if (!bitmap) continue;
    try {
      budget.pixelsLeft -= pixels;
      const rgba = rgbaOf(pdfium, bitmap);
      if (rgba) images.push(rgba);
    } finally {
      pdfium._FPDFBitmap_Destroy(bitmap);
    }
  }
  return images;
}

const read = (pixels: Pixels, options: ReaderOptions): Promise<ReadResult[]> =>
  readBarcodes(
    {
      data: new Uint8ClampedArray(pixels.data.buffer, pixels.data.byteOffset, pixels.data.byteLength),
      width: pixels.width,
      height: pixels.height,
      colorSpace: 'srgb',
    } as ImageData,
    options,
  );

/** The `area` of `pixels` turned by -`angle` degrees, on white. */
async function levelled(pixels: Pixels, area: TiltedArea, angle: number): Promise<Pixels> {
  const { data, info } = await sharp(pixels.data, {
    raw: { width: pixels.width, height: pixels.height, channels: 4 },
  })
    .extract({ left: area.left, top: area.top, width: area.width, height: area.height })
    .rotate(-angle, { background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
  };
}

/** Each area of `pixels` with tilted bars, turned level, read for 1D codes. */
async function readTilted(pixels: Pixels): Promise<ReadResult[]> {
  const results: ReadResult[] = [];
  let pixelsLeft = maxTiltedPixels;
  for (const area of findTiltedAreas(pixels).slice(0, maxTiltedAreas)) {
    if (area.width * area.height > pixelsLeft) continue;
    pixelsLeft -= area.width * area.height;
    // The estimate can be a few degrees off on bars near the pixel pitch (their gradient is
    // measured short): if it does not read, a little less and a little more.
    for (const angle of [area.angle, area.angle * 0.85, area.angle * 1.15]) {
      const found = await read(await levelled(pixels, area, angle), tiltedReaderOptions);
      results.push(...found);
      if (found.length > 0) break;
    }
  }
  return results;
}

/**
 * Every code on page `index` (0-based) of `document`, in whatever way the page shows it; the same
 * code found twice is in the list twice (the caller dedupes). `budget` bounds what its images
 * may cost across the file.
 */
export async function readPageBarcodes(
  document: PDFiumDocument,
  index: number,
  budget: ImageBudget,
): Promise<PageBarcode[]> {
  const { pdfium, handle } = handlesOf(document);
  // Created once a document (the library keeps it and ends it with the document).
  const form = document.initializeFormFields();
  const page = pdfium._FPDF_LoadPage(handle, index);
  if (!page) throw new Error(`page ${index + 1} could not be loaded`);
  pdfium._FORM_OnAfterLoadPage(page, form);
  try {
    const pointsWide = pdfium._FPDF_GetPageWidthF(page);
    const pointsHigh = pdfium._FPDF_GetPageHeightF(page);
    if (!(pointsWide >= 1 && pointsHigh >= 1)) throw new Error(`page ${index + 1} could not be loaded`);
    const scale = Math.min(renderDpi / 72, Math.sqrt(maxPagePixels / (pointsWide * pointsHigh)));
    const width = Math.max(1, Math.round(pointsWide * scale));
    const height = Math.max(1, Math.round(pointsHigh * scale));

    const results: ReadResult[] = [];
    const screen: Pixels = { data: renderPage(pdfium, page, form, width, height, false), width, height };
    results.push(...(await read(screen, readerOptions)));

    // What a printer prints and a screen does not show (optional content for print, annotations
    // flagged print-only) changes the print render. Both are compared first at 72 dpi, a tenth of
    // the pixels (a code anyone can scan changes many of them); only a page that differs is
    // rendered for print at full size and read whole again: a code half hidden on screen is whole
    // only in print.
    const checkScale = Math.min(1, scale);
    const checkWidth = Math.max(1, Math.round(pointsWide * checkScale));
    const checkHeight = Math.max(1, Math.round(pointsHigh * checkScale));
    const printDiffers =
      Buffer.compare(
        renderPage(pdfium, page, form, checkWidth, checkHeight, false),
        renderPage(pdfium, page, form, checkWidth, checkHeight, true),
      ) !== 0;
    if (printDiffers) {
      const print = renderPage(pdfium, page, form, width, height, true);
      results.push(...(await read({ data: print, width, height }, readerOptions)));
    }

    results.push(...(await readTilted(screen)));

    for (const image of imagesOf(pdfium, page, budget))
      results.push(...(await read(image, readerOptions)), ...(await readTilted(image)));

    return results.map((result) => ({ format: result.format, bytes: result.bytes }));
  } finally {
    pdfium._FORM_OnBeforeClosePage(page, form);
    pdfium._FPDF_ClosePage(page);
  }
}

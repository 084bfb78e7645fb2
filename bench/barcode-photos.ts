// Part of `npm run bench`: how many real barcode photos the ticket PDF inspector reads, per
// symbology, with each photo embedded in a PDF as a whole page and small on a ticket page
// (src/server/test/barcode-photos.ts), and what a page of them costs.
import { availableParallelism } from 'node:os';
import { createTicketPdfInspector } from '../src/server/platform/pdf/ticket-pdf-inspector.ts';
import { barcodePhotos, photoPlacements, photoTicketPdf } from '../src/server/test/barcode-photos.ts';

/** Goals: this share read over the corpus, and no symbology under the other. */
const overallGoal = 0.97;
const symbologyGoal = 0.9;

export interface BarcodePhotoDetection {
  /** per zxing format: PDFs read and PDFs in all */
  byFormat: Map<string, { read: number; total: number }>;
  missed: string[];
  pages: number;
  cpuMsPerPage: number;
  wallMsPerPage: number;
}

export async function measureBarcodePhotos(): Promise<BarcodePhotoDetection> {
  const photos = barcodePhotos();
  const pdfs = await Promise.all(
    photos.flatMap((photo) =>
      photoPlacements.map(async (placement) => ({
        photo,
        placement,
        bytes: await photoTicketPdf(photo, placement),
      })),
    ),
  );
  const inspector = createTicketPdfInspector();
  const byFormat = new Map<string, { read: number; total: number }>();
  const missed: string[] = [];
  try {
    // Starts the worker and compiles the wasm, so that the figures are of the pages alone.
    await inspector.inspect(pdfs[0]?.bytes ?? new Uint8Array(), 'bench');
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (const { photo, placement, bytes } of pdfs) {
      const { barcodes } = await inspector.inspect(bytes, 'bench');
      const counts = byFormat.get(photo.format) ?? { read: 0, total: 0 };
      counts.total++;
      if (barcodes.some((barcode) => barcode.fingerprint === photo.fingerprint)) counts.read++;
      else missed.push(`${photo.file} (${placement})`);
      byFormat.set(photo.format, counts);
    }
    const wallMs = performance.now() - started;
    const used = process.cpuUsage(cpu);
    return {
      byFormat,
      missed,
      pages: pdfs.length,
      cpuMsPerPage: (used.user + used.system) / 1000 / pdfs.length,
      wallMsPerPage: wallMs / pdfs.length,
    };
  } finally {
    await inspector.close();
  }
}

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

export function printBarcodePhotos(result: BarcodePhotoDetection): void {
  console.log(
    `\nBarcode photos read from PDFs (${result.pages} one-page PDFs: each photo as a whole page and small on a ticket; ${availableParallelism()} cores):`,
  );
  let read = 0;
  let total = 0;
  let everyFormatMet = true;
  for (const [format, counts] of [...result.byFormat].sort(([a], [b]) => a.localeCompare(b))) {
    read += counts.read;
    total += counts.total;
    const share = counts.read / counts.total;
    if (share < symbologyGoal) everyFormatMet = false;
    console.log(
      `  ${format.padEnd(11)} ${String(counts.read).padStart(3)} / ${String(counts.total).padEnd(3)} ${percent(share)}`,
    );
  }
  console.log(
    `  overall     ${String(read).padStart(3)} / ${String(total).padEnd(3)} ${percent(read / total)}`,
  );
  if (result.missed.length > 0) console.log(`  missed: ${result.missed.join(', ')}`);
  console.log(
    `  per page: CPU ${result.cpuMsPerPage.toFixed(0)} ms (the worker thread's included), wall ${result.wallMsPerPage.toFixed(0)} ms`,
  );
  const met = read / total >= overallGoal && everyFormatMet;
  console.log(
    `  goal (at least ${percent(overallGoal)} overall, no symbology under ${percent(symbologyGoal)}): ${met ? 'met' : 'NOT met'}`,
  );
}

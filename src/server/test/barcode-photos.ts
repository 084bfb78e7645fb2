// The corpus of real barcode photos (src/server/platform/pdf/fixtures/barcode-photos, its README
// says where they come from) and the ticket PDFs a seller could make of them: the photo as the
// whole page, or small on a ticket page. Used by the inspector's tests and by `npm run bench`.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';

const folder = new URL('../platform/pdf/fixtures/barcode-photos/', import.meta.url);

export interface BarcodePhoto {
  file: string;
  /** zxing's format name */
  format: string;
  /** The text the code holds, as zxing's test corpus gives it. */
  text: string;
  /** sha256 hex of the code's payload bytes: the fingerprint the inspector must find. */
  fingerprint: string;
  bytes: Uint8Array;
}

interface ManifestEntry {
  file: string;
  format: string;
  text: string;
  /** The payload's bytes when they are not the text's UTF-8 (Latin-1 or Shift JIS in the code). */
  payloadHex?: string;
}

export function barcodePhotos(): BarcodePhoto[] {
  const manifest = JSON.parse(readFileSync(new URL('manifest.json', folder), 'utf8')) as ManifestEntry[];
  return manifest.map((entry) => {
    const payload = entry.payloadHex ? Buffer.from(entry.payloadHex, 'hex') : Buffer.from(entry.text, 'utf8');
    return {
      file: entry.file,
      format: entry.format,
      text: entry.text,
      fingerprint: createHash('sha256').update(payload).digest('hex'),
      bytes: new Uint8Array(readFileSync(new URL(entry.file, folder))),
    };
  });
}

/** How the photo is put in the PDF. */
export type PhotoPlacement = 'full page' | 'on a ticket';
export const photoPlacements: PhotoPlacement[] = ['full page', 'on a ticket'];

const a4: [number, number] = [595.28, 841.89];

/**
 * A one-page A4 PDF with the photo: as large as the page allows ('full page', a scan or a photo
 * of a printed ticket), or 100 pt (35 mm, the size of a ticket's code) wide beside the ticket's
 * texts ('on a ticket', a screenshot pasted into a ticket).
 */
export async function photoTicketPdf(photo: BarcodePhoto, placement: PhotoPlacement): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage(a4);
  const image = photo.file.endsWith('.png')
    ? await pdf.embedPng(photo.bytes)
    : await pdf.embedJpg(photo.bytes);
  if (placement === 'full page') {
    const scale = Math.min((a4[0] - 40) / image.width, (a4[1] - 40) / image.height);
    const width = image.width * scale;
    const height = image.height * scale;
    page.drawImage(image, { x: (a4[0] - width) / 2, y: (a4[1] - height) / 2, width, height });
  } else {
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    page.drawText('E-LIPPU · Testikonsertti', { x: 60, y: 780, size: 20, font });
    page.drawText('la 6.6.2026 klo 19.00 · Testiareena, Helsinki', { x: 60, y: 750, size: 12, font });
    const width = 100;
    const height = (image.height / image.width) * width;
    page.drawImage(image, { x: 60, y: 700 - height, width, height });
    page.drawText('Näytä tämä koodi sisäänkäynnillä.', { x: 60, y: 120, size: 11, font });
  }
  return pdf.save();
}

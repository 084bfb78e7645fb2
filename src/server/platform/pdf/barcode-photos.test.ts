// Real photos of barcodes (zxing's own test corpus) put into ticket PDFs as a seller would: the
// photo as the whole page, and small on a ticket page. Every code must be read: a code missed is
// a ticket that can be listed twice. `npm run bench -- barcodes` prints the rates per symbology.
import { afterAll, describe, expect, it } from 'vitest';
import { barcodePhotos, photoPlacements, photoTicketPdf } from '../../test/barcode-photos.ts';
import { createTicketPdfInspector } from './ticket-pdf-inspector.ts';

const photos = barcodePhotos();

describe('barcode photos in ticket PDFs', () => {
  const inspector = createTicketPdfInspector();
  afterAll(() => inspector.close());

  it('has photos of every symbology a ticket uses', () => {
    const counts = Object.groupBy(photos, (photo) => photo.format);
    expect(Object.keys(counts).sort()).toEqual(['Aztec', 'Code128', 'DataMatrix', 'PDF417', 'QRCode']);
    expect(photos.length).toBeGreaterThanOrEqual(70);
  });

  describe.each(photoPlacements)('the photo %s', (placement) => {
    it.each(photos.map((photo) => [`${photo.file} (${photo.format})`, photo] as const))(
      'reads %s',
      async (_name, photo) => {
        const { barcodes } = await inspector.inspect(await photoTicketPdf(photo, placement), 'myyja');
        expect(barcodes).toContainEqual({ format: photo.format, fingerprint: photo.fingerprint, page: 1 });
      },
    );
  });
});

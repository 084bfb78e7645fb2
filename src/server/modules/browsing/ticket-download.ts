import { once } from 'node:events';
import type { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { FastifyBaseLogger } from 'fastify';
import { ZipFile } from 'yazl';
import { ticketPageMessages } from '#shared/browsing/ticket-messages.ts';
import { AppError } from '../../app-error.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import {
  PdfPageNotFoundError,
  PdfRejectedError,
  type TicketPdfInspector,
} from '../../platform/pdf/ticket-pdf-inspector.ts';
import { ticketPageKey } from '../listings/ticket-file-name.ts';

// Ticket PDFs on their way to whoever may have them: one file as it is stored, a package of several
// as one zip, or one page of a file drawn as an image. Every file has given its first bytes before the answer starts, so a lost or
// unreadable file is a clean error answer; one that fails later cuts the answer off, so what the
// browser saves never looks whole.

/** A stored ticket file, open and ready to be sent. */
export interface OpenedFile {
  stream: Readable;
  size: number;
}

export interface TicketDownload {
  fileName: string;
  contentType: 'application/pdf' | 'application/zip';
  /** The answer's length when it is known before sending. */
  size: number | undefined;
  stream: Readable;
}

/**
 * Opens a ticket file and waits for its first bytes. A file the store does not have is 'not found'
 * and one it cannot read 'unavailable', both with the spec's download message and an error log:
 * a listing's files must always be there.
 */
export async function openTicketFile(
  files: FileStore,
  storageKey: string,
  log: FastifyBaseLogger,
): Promise<OpenedFile> {
  let stored: OpenedFile | undefined;
  try {
    stored = await files.get(storageKey);
    if (stored) await readyToRead(stored.stream);
  } catch (error) {
    stored?.stream.destroy();
    log.error({ err: error, storageKey }, 'ticket file could not be read from the file store');
    throw new AppError('unavailable', { message: ticketPageMessages.downloadFailed });
  }
  if (!stored) {
    log.error({ storageKey }, 'ticket file missing from the file store');
    throw new AppError('not-found', { message: ticketPageMessages.downloadFailed });
  }
  return stored;
}

/**
 * Page `page` (1-based) of a stored ticket file as a WebP image, drawn for `viewer` (whose turn it
 * takes in the PDF workers) the first time and kept in the file store beside the file after: a
 * file never changes, and a drawn page must not cost a worker on every view. A page the file does
 * not have is 'not found', like an unknown file. A stored file that cannot be read or drawn is
 * 'unavailable' with the download message and an error log: every stored file was drawn once, on
 * upload.
 */
export async function renderTicketPage(
  files: FileStore,
  pdfs: TicketPdfInspector,
  file: { storageKey: string; pageCount: number | null },
  page: number,
  viewer: string,
  log: FastifyBaseLogger,
): Promise<Buffer> {
  const { storageKey } = file;
  // Known from the upload check: no worker is asked for a page the file does not have.
  if (file.pageCount !== null && page > file.pageCount)
    throw new AppError('not-found', { message: ticketPageMessages.notFound });
  const pageKey = ticketPageKey(storageKey, page);
  const cached = await readCachedPage(files, pageKey, log);
  if (cached) return cached;
  const stored = await openTicketFile(files, storageKey, log);
  const unavailable = (error: unknown, message: string) => {
    log.error({ err: error, storageKey, page }, message);
    return new AppError('unavailable', { message: ticketPageMessages.downloadFailed });
  };
  let bytes: Buffer;
  try {
    bytes = await buffer(stored.stream);
  } catch (error) {
    throw unavailable(error, 'ticket file could not be read from the file store');
  }
  let webp: Buffer;
  try {
    webp = (await pdfs.renderPage(bytes, page, viewer)).webp;
  } catch (error) {
    if (error instanceof PdfPageNotFoundError)
      throw new AppError('not-found', { message: ticketPageMessages.notFound });
    if (error instanceof PdfRejectedError) throw unavailable(error, 'ticket file page could not be drawn');
    throw error;
  }
  // A page not kept is drawn again next time: the viewer still gets this one.
  await files
    .put(pageKey, webp, 'image/webp')
    .catch((error: unknown) => log.warn({ err: error, pageKey }, 'could not keep a drawn ticket page'));
  return webp;
}

/** A page drawn before, or undefined; a store that fails to give it means drawing it again. */
async function readCachedPage(files: FileStore, pageKey: string, log: FastifyBaseLogger) {
  try {
    const cached = await files.get(pageKey);
    return cached ? await buffer(cached.stream) : undefined;
  } catch (error) {
    log.warn({ err: error, pageKey }, 'could not read a kept ticket page');
    return undefined;
  }
}

/** Resolves once the stream holds bytes to give or has none at all; rejects if it fails first. */
async function readyToRead(stream: Readable): Promise<void> {
  if (stream.readableLength > 0 || stream.readableEnded) return;
  await once(stream, 'readable');
}

const maxNameLength = 80;

/**
 * An event's name as the start of a saved file's name: no path separators, quotes, control or
 * direction-changing characters (a name could otherwise point elsewhere or read backwards), nor
 * what Windows refuses in a name; Finnish and other letters stay as they are.
 */
export function downloadBaseName(eventName: string): string {
  const safe = eventName
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/["'`]/g, '')
    .replace(/[/\\:*?<>|]/g, ' ')
    .replace(/\s+/g, ' ')
    // A leading dot hides the file; Windows drops trailing dots and spaces.
    .replace(/^[\s.]+|[\s.]+$/g, '');
  // Cut by code points: halving a surrogate pair would leave a name that cannot be encoded.
  return Array.from(safe).slice(0, maxNameLength).join('').trimEnd();
}

/** `{event}-lippu.pdf` for one file, `{event}-liput.zip` for a package. */
export function downloadFileName(eventName: string, kind: 'pdf' | 'zip'): string {
  const base = downloadBaseName(eventName);
  const name = kind === 'pdf' ? 'lippu.pdf' : 'liput.zip';
  return base ? `${base}-${name}` : name;
}

/**
 * The whole package of a listing: its one PDF as it is, several as a zip of `lippu-1.pdf`,
 * `lippu-2.pdf`, … in the files' order. Every file is opened before anything is sent.
 */
export async function openTicketPackage(
  files: FileStore,
  ticket: { eventName: string; files: readonly { storageKey: string }[] },
  log: FastifyBaseLogger,
): Promise<TicketDownload> {
  if (ticket.files.length === 0) {
    log.error('listing has no ticket files');
    throw new AppError('not-found', { message: ticketPageMessages.downloadFailed });
  }
  const results = await Promise.allSettled(
    ticket.files.map((file) => openTicketFile(files, file.storageKey, log)),
  );
  const opened = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) {
    for (const file of opened) file.stream.destroy();
    throw failed.reason;
  }

  const [only] = opened;
  if (only && opened.length === 1) {
    return {
      fileName: downloadFileName(ticket.eventName, 'pdf'),
      contentType: 'application/pdf',
      size: only.size,
      stream: only.stream,
    };
  }
  return {
    fileName: downloadFileName(ticket.eventName, 'zip'),
    contentType: 'application/zip',
    ...zipOf(opened, log),
  };
}

/** The files as one zip stream; a failing file ends it with an error, which cuts the answer off. */
function zipOf(
  opened: readonly OpenedFile[],
  log: FastifyBaseLogger,
): { stream: Readable; size: number | undefined } {
  const zip = new ZipFile();
  const output = zip.outputStream as PassThrough;
  // yazl reports a failure on itself and ignores its sources' errors: both must end the output,
  // or the answer would stop without ending and a half-sent zip could pass for a whole one.
  const abort = (error: Error) => {
    if (output.destroyed) return;
    log.error({ err: error }, 'ticket package failed while streaming');
    output.destroy(error);
  };
  zip.on('error', abort);
  // Sent, failed or abandoned by the browser: no source stays open.
  output.once('close', () => {
    for (const file of opened) file.stream.destroy();
  });
  opened.forEach((file, index) => {
    file.stream.on('error', abort);
    // Stored, not deflated: a PDF is compressed inside already, and the zip's length is then known
    // before sending, so the browser shows progress and can tell a cut-off download from a whole one.
    zip.addReadStream(file.stream, `lippu-${index + 1}.pdf`, { compress: false, size: file.size });
  });
  let size: number | undefined;
  // The types leave out the total yazl passes: -1 when it cannot know it (it always can here).
  const onSize = (total: number) => {
    if (total >= 0) size = total;
  };
  zip.end(undefined, onSize as () => void);
  return { stream: output, size };
}

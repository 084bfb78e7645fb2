// Proves that an uploaded ticket file is a PDF that opens, and reads every barcode on it, so the
// listing service can refuse a ticket that is already listed or sold (it stores the fingerprints);
// and draws a stored ticket's page as an image, for the admin's viewer (a phone's browser does not
// show a PDF in a page). Rendering and decoding run in a pool of worker threads (inspect-worker.ts,
// pdf-worker-pool.ts), accounts taking turns; pdf-limits.ts says what one file may cost.
import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { ActiveContent } from '#shared/listings/ticket-file.ts';
import type { InspectReply, PdfJob, RenderReply } from './inspect-worker.ts';
import { maxPagesPerFile } from './pdf-limits.ts';
import { PdfWorkerPool } from './pdf-worker-pool.ts';

export const maxTicketPdfBytes = 10 * 1024 * 1024;

export type PdfRejection =
  | 'not_pdf'
  | 'too_large'
  | 'unreadable'
  | 'password_protected'
  | 'no_pages'
  /** More pages than a ticket has (pdf-limits.ts). */
  | 'too_many_pages'
  /** Over a limit of time, memory or image pixels (pdf-limits.ts): a bomb, or a file far from a ticket. */
  | 'too_complex';

/** The file is not a ticket PDF we can read; `reason` says why, the message is for the log. */
export class PdfRejectedError extends Error {
  readonly reason: PdfRejection;

  constructor(reason: PdfRejection, message: string) {
    super(message);
    this.name = 'PdfRejectedError';
    this.reason = reason;
  }
}

/** The PDF opens but has no page of that number; `pageCount` says how many it has. */
export class PdfPageNotFoundError extends Error {
  readonly pageCount: number;

  constructor(page: number, pageCount: number) {
    super(`page ${page} asked of a PDF of ${pageCount} pages`);
    this.name = 'PdfPageNotFoundError';
    this.pageCount = pageCount;
  }
}

export interface TicketBarcode {
  /** zxing format name, e.g. 'QRCode', 'Code128' */
  format: string;
  /** sha256 hex of the decoded payload bytes, prefixed by nothing */
  fingerprint: string;
  /** 1-based page */
  page: number;
}

/** What `inspect` checks a file for: how many pages it may have, and whether its barcodes are read. */
export interface PdfCheck {
  maxPages: number;
  readBarcodes: boolean;
}

/** A ticket: every page drawn and its barcodes read, at most `maxPagesPerFile` pages. */
export const ticketPdfCheck: PdfCheck = { maxPages: maxPagesPerFile, readBarcodes: true };

export interface InspectedTicketPdf {
  sha256: string;
  sizeBytes: number;
  pageCount: number;
  /** Empty when the check did not read them. */
  barcodes: TicketBarcode[];
  /** JavaScript, Launch actions and embedded files found in it (active-content.ts). */
  activeContent: ActiveContent[];
}

/** One page of a PDF as a WebP image, at most 1200 pixels wide. */
export interface RenderedTicketPage {
  webp: Buffer;
  width: number;
  height: number;
  pageCount: number;
}

export interface TicketPdfInspector {
  /**
   * Resolves with what the file holds, or rejects with PdfRejectedError. `owner` is the account
   * the work is for: accounts take turns in the workers, one job each at a time. `check` is a
   * ticket's unless given: another kind of PDF (a complaint's evidence) may have other limits.
   */
  inspect(bytes: Uint8Array, owner: string, check?: PdfCheck): Promise<InspectedTicketPdf>;
  /**
   * Draws page `page` (1-based) of a stored ticket file for a screen. Rejects with
   * PdfPageNotFoundError past its last page, PdfRejectedError when it cannot be read.
   */
  renderPage(bytes: Uint8Array, page: number, owner: string): Promise<RenderedTicketPage>;
  /** The check queue: files waiting for a worker and files being read now. */
  load(): { waiting: number; running: number };
  /** Ends the workers; jobs still waiting are rejected. A later call starts new workers. */
  close(): Promise<void>;
}

type InspectedPages = Extract<InspectReply, { ok: true }>;
type RenderedPage = Extract<RenderReply, { ok: true }>;

/**
 * A copy of its own (a Buffer's slice() would share memory, and a pooled Buffer cannot be moved):
 * the caller keeps its bytes, and the worker gets these without a second copy.
 */
const ownCopy = (bytes: Uint8Array) => new Uint8Array(bytes);

export function createTicketPdfInspector(pool = new PdfWorkerPool()): TicketPdfInspector {
  /** Runs a job as `owner`'s; the worker answers it with the reply of its kind. */
  function run(owner: string, message: Extract<PdfJob, { kind: 'inspect' }>): Promise<InspectedPages>;
  function run(owner: string, message: Extract<PdfJob, { kind: 'render' }>): Promise<RenderedPage>;
  async function run(owner: string, message: PdfJob): Promise<InspectedPages | RenderedPage> {
    const reply = await pool.run(owner, message);
    if (!reply.ok) throw new PdfRejectedError(reply.reason, reply.message);
    return reply as InspectedPages | RenderedPage;
  }

  return {
    async inspect(bytes, owner, check = ticketPdfCheck) {
      // Before any parsing: a huge file costs nothing but this comparison.
      if (bytes.byteLength > maxTicketPdfBytes)
        throw new PdfRejectedError('too_large', `${bytes.byteLength} bytes, more than ${maxTicketPdfBytes}`);
      const type = await fileTypeFromBuffer(bytes);
      if (type?.mime !== 'application/pdf')
        throw new PdfRejectedError('not_pdf', `the content is ${type?.mime ?? 'of no known type'}`);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const { pageCount, barcodes, activeContent } = await run(owner, {
        kind: 'inspect',
        bytes: ownCopy(bytes),
        ...check,
      });
      return { sha256, sizeBytes: bytes.byteLength, pageCount, barcodes, activeContent };
    },

    async renderPage(bytes, page, owner) {
      const rendered = await run(owner, { kind: 'render', bytes: ownCopy(bytes), page });
      if (!rendered.page) throw new PdfPageNotFoundError(page, rendered.pageCount);
      const { rgba, width, height } = rendered.page;
      // Encoded here, not in the worker: sharp does its work on libuv's thread pool, off the event
      // loop already, and the worker is then free for the next file (an upload waits for it) while
      // this page is encoded. PDFium paints on white, so the alpha channel carries nothing.
      try {
        const webp = await sharp(rgba, { raw: { width, height, channels: 4 } })
          .removeAlpha()
          .webp({ quality: 85 })
          .toBuffer();
        return { webp, width, height, pageCount: rendered.pageCount };
      } catch (error) {
        throw new PdfRejectedError(
          'unreadable',
          `sharp could not encode the page: ${(error as Error).message}`,
        );
      }
    },

    load: () => pool.load,
    close: () => pool.close(),
  };
}

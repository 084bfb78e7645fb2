// Proves that an uploaded ticket file is a PDF that opens, and reads every barcode on it, so the
// listing service can refuse a ticket that is already listed or sold (it stores the fingerprints);
// and draws a stored ticket's page as an image, for the admin's viewer (a phone's browser does not
// show a PDF in a page). Rendering and decoding run in one worker thread (inspect-worker.ts), one
// file at a time.
import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { InspectReply, PdfJob, RenderReply } from './inspect-worker.ts';

export const maxTicketPdfBytes = 10 * 1024 * 1024;

export type PdfRejection = 'not_pdf' | 'too_large' | 'unreadable' | 'password_protected' | 'no_pages';

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

export interface InspectedTicketPdf {
  sha256: string;
  sizeBytes: number;
  pageCount: number;
  barcodes: TicketBarcode[];
}

/** One page of a PDF as a WebP image, at most 1200 pixels wide. */
export interface RenderedTicketPage {
  webp: Buffer;
  width: number;
  height: number;
  pageCount: number;
}

export interface TicketPdfInspector {
  /** Resolves with what the file holds, or rejects with PdfRejectedError. */
  inspect(bytes: Uint8Array): Promise<InspectedTicketPdf>;
  /**
   * Draws page `page` (1-based) of a stored ticket file for a screen. Rejects with
   * PdfPageNotFoundError past its last page, PdfRejectedError when it cannot be read.
   */
  renderPage(bytes: Uint8Array, page: number): Promise<RenderedTicketPage>;
  /** Ends the worker; jobs still waiting are rejected. A later call starts a new worker. */
  close(): Promise<void>;
}

/**
 * How long one file may hold the worker. A real ticket takes well under a second a page; this
 * stops a file of thousands of pages, or one PDFium never finishes, from holding up every
 * upload queued behind it.
 */
const jobTimeoutMs = 30_000;

type InspectedPages = Extract<InspectReply, { ok: true }>;
type RenderedPage = Extract<RenderReply, { ok: true }>;

interface Job {
  message: PdfJob;
  /** Gets the worker's answer to `message`: InspectedPages to 'inspect', RenderedPage to 'render'. */
  resolve: (answer: InspectedPages | RenderedPage) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
}

/**
 * A copy of its own (a Buffer's slice() would share memory, and a pooled Buffer cannot be moved):
 * the caller keeps its bytes, and the worker gets these without a second copy.
 */
const ownCopy = (bytes: Uint8Array) => new Uint8Array(bytes);

export function createTicketPdfInspector(): TicketPdfInspector {
  const queue: Job[] = [];
  let worker: Worker | undefined;
  let running: Job | undefined;

  function startWorker(): Worker {
    const started = new Worker(new URL('./inspect-worker.ts', import.meta.url));
    let crash: Error | undefined;
    started.on('message', (reply: InspectReply | RenderReply) => {
      // A late answer of a worker given up on (timeout) must not answer the next file.
      if (worker !== started) return;
      if (reply.ok) settle(reply);
      else settle(new PdfRejectedError(reply.reason, reply.message));
    });
    started.on('error', (error) => {
      crash = error;
    });
    started.on('exit', (code) => {
      // A worker ended on purpose (timeout, close) is no longer `worker`: nothing to do.
      if (worker !== started) return;
      worker = undefined;
      settle(
        new PdfRejectedError('unreadable', `the PDF worker stopped: ${crash?.message ?? `exit ${code}`}`),
      );
    });
    return started;
  }

  /** Answers the running job and sends the next one to the worker (a new one if it ended). */
  function settle(outcome: InspectedPages | RenderedPage | Error): void {
    const job = running;
    if (!job) return;
    running = undefined;
    clearTimeout(job.timer);
    if (outcome instanceof Error) job.reject(outcome);
    else job.resolve(outcome);
    runNext();
  }

  function runNext(): void {
    const job = queue.shift();
    if (!job) {
      // An idle worker must not keep the process alive; a busy one must (see ref below).
      worker?.unref();
      return;
    }
    running = job;
    worker ??= startWorker();
    worker.ref();
    const busy = worker;
    job.timer = setTimeout(() => {
      worker = undefined;
      void busy.terminate();
      settle(new PdfRejectedError('unreadable', `the PDF worker took longer than ${jobTimeoutMs} ms`));
    }, jobTimeoutMs);
    worker.postMessage(job.message, [job.message.bytes.buffer]);
  }

  /** Queues a job; the worker answers it with the reply of its kind. */
  function run(message: Extract<PdfJob, { kind: 'inspect' }>): Promise<InspectedPages>;
  function run(message: Extract<PdfJob, { kind: 'render' }>): Promise<RenderedPage>;
  function run(message: PdfJob): Promise<InspectedPages | RenderedPage> {
    return new Promise((resolve, reject) => {
      queue.push({ message, resolve, reject });
      if (!running) runNext();
    });
  }

  return {
    async inspect(bytes) {
      // Before any parsing: a huge file costs nothing but this comparison.
      if (bytes.byteLength > maxTicketPdfBytes)
        throw new PdfRejectedError('too_large', `${bytes.byteLength} bytes, more than ${maxTicketPdfBytes}`);
      const type = await fileTypeFromBuffer(bytes);
      if (type?.mime !== 'application/pdf')
        throw new PdfRejectedError('not_pdf', `the content is ${type?.mime ?? 'of no known type'}`);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const { pageCount, barcodes } = await run({ kind: 'inspect', bytes: ownCopy(bytes) });
      return { sha256, sizeBytes: bytes.byteLength, pageCount, barcodes };
    },

    async renderPage(bytes, page) {
      const rendered = await run({ kind: 'render', bytes: ownCopy(bytes), page });
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

    async close() {
      const closing = worker;
      worker = undefined;
      const waiting = running ? [running, ...queue.splice(0)] : queue.splice(0);
      running = undefined;
      for (const job of waiting) {
        clearTimeout(job.timer);
        job.reject(new Error('the ticket PDF inspector was closed'));
      }
      await closing?.terminate();
    },
  };
}

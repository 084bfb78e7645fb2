// The PDF worker threads behind ticket-pdf-inspector.ts: as many as the machine has cores to spare,
// each with a bounded JavaScript heap, taking jobs from a fair queue (accounts take turns, one job
// each at a time). A worker that runs out of time, crashes or says its PDFium is spent is replaced;
// its job is answered as refused, never left waiting.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { FairQueue } from '../fair-queue.ts';
import type { InspectReply, PdfJob, RenderReply } from './inspect-worker.ts';
import { workerResourceLimits } from './pdf-limits.ts';

export type PdfReply = InspectReply | RenderReply;
type Refused = Extract<PdfReply, { ok: false }>;

/**
 * Workers: one per core, less one for the event loop (which also encodes drawn pages with sharp
 * and serves everyone else), at least one.
 */
export const defaultPoolSize = Math.max(1, availableParallelism() - 1);

/**
 * How long one file may hold a worker. A ticket of the most pages allowed takes about 2 s; this
 * stops a file PDFium never finishes from holding a worker for ever.
 */
const jobTimeoutMs = 30_000;

interface Job {
  owner: string;
  message: PdfJob;
  resolve: (reply: PdfReply) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  running?: { owner: string; job: Job; timer: NodeJS.Timeout };
}

const refused = (reason: Refused['reason'], message: string): Refused => ({ ok: false, reason, message });

export class PdfWorkerPool {
  private readonly queue = new FairQueue<Job>();
  private readonly slots = new Set<Slot>();
  private started = 0;
  private readonly size: number;

  constructor(size = defaultPoolSize) {
    this.size = size;
  }

  /** Workers started since the pool was made: a replaced worker counts again. */
  get workersStarted(): number {
    return this.started;
  }

  /** Jobs waiting for a worker, and jobs a worker has now (the metrics read these). */
  get load(): { waiting: number; running: number } {
    let running = 0;
    for (const slot of this.slots) if (slot.running) running++;
    return { waiting: this.queue.size, running };
  }

  /** Queues `message` as `owner`'s; resolves with the worker's answer (refusals included). */
  run(owner: string, message: PdfJob): Promise<PdfReply> {
    return new Promise((resolve, reject) => {
      this.queue.push(owner, { owner, message, resolve, reject });
      this.dispatch();
    });
  }

  /** Ends every worker; jobs waiting or running are rejected. The pool can be used again. */
  async close(): Promise<void> {
    const closed = new Error('the ticket PDF inspector was closed');
    const workers: Worker[] = [];
    for (const slot of [...this.slots]) {
      if (slot.running) {
        clearTimeout(slot.running.timer);
        this.queue.done(slot.running.owner);
        slot.running.job.reject(closed);
      }
      this.slots.delete(slot);
      workers.push(slot.worker);
    }
    for (const job of this.queue.drain()) job.reject(closed);
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  /** Gives waiting jobs to idle workers, starting workers up to the pool's size. */
  private dispatch(): void {
    for (;;) {
      let slot = [...this.slots].find((candidate) => !candidate.running);
      if (!slot && this.slots.size >= this.size) return;
      const next = this.queue.take();
      if (!next) break;
      slot ??= this.startWorker();
      const { job } = next;
      const busy = slot;
      const timer = setTimeout(() => {
        this.retire(busy);
        this.finish(busy, refused('too_complex', `the PDF worker took longer than ${jobTimeoutMs} ms`));
      }, jobTimeoutMs);
      slot.running = { owner: next.owner, job, timer };
      slot.worker.ref();
      slot.worker.postMessage(job.message, [job.message.bytes.buffer]);
    }
    // Idle workers must not keep the process alive; busy ones must (ref above).
    for (const slot of this.slots) if (!slot.running) slot.worker.unref();
  }

  private startWorker(): Slot {
    const worker = new Worker(new URL('./inspect-worker.ts', import.meta.url), {
      resourceLimits: workerResourceLimits,
    });
    this.started++;
    const slot: Slot = { worker };
    let crash: Error | undefined;
    worker.on('message', (reply: PdfReply) => {
      // A late answer of a worker given up on (timeout) must not answer anything.
      if (!this.slots.has(slot)) return;
      // The worker ends itself after this answer (terminating it as well could race its own exit).
      if (!reply.ok && reply.workerEnding) this.slots.delete(slot);
      this.finish(slot, reply);
    });
    worker.on('error', (error) => {
      crash = error;
    });
    worker.on('exit', (code) => {
      if (!this.slots.has(slot)) return;
      this.slots.delete(slot);
      // ERR_WORKER_OUT_OF_MEMORY: the file's work outgrew the worker's heap.
      const outOfMemory = (crash as NodeJS.ErrnoException | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.finish(
        slot,
        refused(
          outOfMemory ? 'too_complex' : 'unreadable',
          `the PDF worker stopped: ${crash?.message ?? `exit ${code}`}`,
        ),
      );
    });
    this.slots.add(slot);
    return slot;
  }

  /** Takes a worker out of the pool and ends it; its job, if any, is still the caller's to answer. */
  private retire(slot: Slot): void {
    this.slots.delete(slot);
    void slot.worker.terminate();
  }

  /** Answers the slot's running job and lets the queue move on. */
  private finish(slot: Slot, reply: PdfReply): void {
    const running = slot.running;
    if (running) {
      slot.running = undefined;
      clearTimeout(running.timer);
      this.queue.done(running.owner);
      running.job.resolve(reply);
    }
    this.dispatch();
  }
}

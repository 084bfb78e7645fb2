import type { FastifyBaseLogger, FastifyReply } from 'fastify';

/**
 * Work a route starts once its answer is on its way, so the answer's timing says nothing about
 * what the work found (a reset request for an address without an account answers as fast as one
 * with). A failure is logged; the app waits for unfinished work before it closes.
 */
export class AfterReplyWork {
  private readonly pending = new Set<Promise<void>>();
  private readonly log: FastifyBaseLogger;

  constructor(log: FastifyBaseLogger) {
    this.log = log;
  }

  /**
   * Runs `task` once `reply` has been written out. Not merely after the handler returned: the
   * embedded database works on this thread, so work begun earlier would hold up the answer.
   */
  run(reply: FastifyReply, name: string, task: () => Promise<unknown>): void {
    const answered = new Promise<void>((resolve) => {
      reply.raw.once('finish', resolve);
      reply.raw.once('close', resolve);
    });
    const done: Promise<void> = answered
      .then(task)
      .then(
        () => undefined,
        (error: unknown) => this.log.error({ err: error }, `work after reply failed: ${name}`),
      )
      .finally(() => this.pending.delete(done));
    this.pending.add(done);
  }

  /** Resolves once all work started so far, and any it started, has ended. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }
}

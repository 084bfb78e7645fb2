import type { FastifyInstance } from 'fastify';

/**
 * SIGTERM or SIGINT closes the app gracefully: it stops listening, finishes the requests and jobs
 * under way, closes the database, and the process exits 0. Past `timeoutMs` it exits 1 anyway.
 * A repeated signal changes nothing: a terminal's Ctrl-C reaches npm and the server both, and npm
 * passes it on once more; a primary of several processes also passes on its own.
 */
export function closeOnSignals(
  app: FastifyInstance,
  timeoutMs: number,
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  let closing = false;
  const close = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info(
      `${signal} received: finishing requests and jobs (at most ${timeoutMs / 1000} s), then exiting`,
    );
    const deadline = setTimeout(() => {
      app.log.error(`not closed within ${timeoutMs / 1000} s (SHUTDOWN_TIMEOUT_SECONDS); exiting anyway`);
      exit(1);
    }, timeoutMs);
    deadline.unref();
    app.close().then(
      () => {
        clearTimeout(deadline);
        exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'closing failed');
        exit(1);
      },
    );
  };
  process.on('SIGTERM', close);
  process.on('SIGINT', close);
}

import type { FastifyInstance } from 'fastify';

/**
 * Runs a background job once when the app is ready, then every `intervalMs`, until it closes. A
 * failure is logged and the next round tries again. The jobs are idempotent conditional writes,
 * so several app processes running the same job do no harm.
 */
export function runPeriodically(
  app: FastifyInstance,
  name: string,
  intervalMs: number,
  job: () => Promise<unknown>,
): void {
  const run = () =>
    job().catch((error: unknown) => app.log.error({ err: error }, `background job failed: ${name}`));
  const timer = setInterval(run, intervalMs);
  timer.unref();
  app.addHook('onReady', async () => {
    await run();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

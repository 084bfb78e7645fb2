import type { FastifyInstance } from 'fastify';

/**
 * Runs a background job once when the app is ready, then every `intervalMs`, until it closes. A
 * failure is logged and the next round tries again; each run is counted in the metrics. The jobs
 * are idempotent conditional writes, so several app processes running the same job do no harm.
 * Closing waits for a run under way, so it never loses its database halfway.
 */
export function runPeriodically(
  app: FastifyInstance,
  name: string,
  intervalMs: number,
  job: () => Promise<unknown>,
): void {
  let running: Promise<void> | undefined;
  const run = () => {
    // A run still going when the next is due is not doubled.
    running ??= (async () => {
      const started = performance.now();
      let ok = true;
      try {
        await job();
      } catch (error) {
        ok = false;
        app.log.error({ err: error }, `background job failed: ${name}`);
      }
      app.metrics.recordJobRun(name, ok, performance.now() - started);
    })().finally(() => {
      running = undefined;
    });
    return running;
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  app.addHook('onReady', async () => {
    await run();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

import cluster, { type Worker } from 'node:cluster';
import { buildApp } from '../app.ts';
import type { AppConfig } from '../config.ts';
import { processLogger } from '../plugins/logger.ts';
import { serveClusterMetrics } from '../plugins/metrics.ts';
import { printDemoAccounts, seedDemoData } from '../seed/demo-data.ts';

/** A crash loop stops the primary: more restarts than this within the window end it (exit 1). */
export const restartLimit = { restarts: 5, windowMs: 60_000 };

/** Whether another restart fits the limit at `now`; counts it when it does. */
export class RestartBudget {
  private readonly times: number[] = [];
  private readonly limit: typeof restartLimit;

  constructor(limit = restartLimit) {
    this.limit = limit;
  }

  take(now: number): boolean {
    while (this.times.length > 0 && (this.times[0] ?? 0) <= now - this.limit.windowMs) this.times.shift();
    if (this.times.length >= this.limit.restarts) return false;
    this.times.push(now);
    return true;
  }
}

/** How much longer than a worker's own deadline the primary waits before it kills the worker. */
const killMarginMs = 5000;

/**
 * WEB_CONCURRENCY=N on PostgreSQL: this process migrates the database and seeds demo data once
 * (N processes doing it at once would race), then keeps N server processes running on one port
 * (node:cluster hands each connection to one of them). A worker that ends unexpectedly is
 * replaced, unless workers keep ending (a crash loop: then everything stops with exit 1, for the
 * supervisor to see). SIGTERM or SIGINT is passed on to every worker, and the primary exits once
 * they all have.
 */
export async function runPrimary(config: AppConfig): Promise<void> {
  const log = processLogger(config);
  const prepared = await buildApp({ ...config, backgroundJobs: false });
  if (config.seedDemoData) await seedDemoData(prepared);
  await prepared.close();

  serveClusterMetrics();
  const restarts = new RestartBudget();
  let stopping = false;
  let allListening = false;

  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => !!worker);
    log.info({ workers: workers.length }, 'stopping the server processes');
    const kill = setTimeout(() => {
      for (const worker of workers) if (!worker.isDead()) worker.process.kill('SIGKILL');
    }, config.shutdownTimeoutMs + killMarginMs);
    kill.unref();
    Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            worker.process.kill('SIGTERM');
          }),
      ),
    ).then(() => {
      clearTimeout(kill);
      log.info('all server processes stopped');
      process.exit(code);
    });
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => stop(0));

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    if (!restarts.take(Date.now())) {
      log.fatal(
        { pid: worker.process.pid, code, signal },
        `server processes ended more than ${restartLimit.restarts} times within ${restartLimit.windowMs / 1000} s; stopping`,
      );
      stop(1);
      return;
    }
    log.error(
      { pid: worker.process.pid, code, signal },
      'a server process ended unexpectedly; starting another',
    );
    cluster.fork();
  });

  let listening = 0;
  cluster.on('listening', () => {
    if (allListening || ++listening < config.webConcurrency) return;
    allListening = true;
    log.info(
      { workers: config.webConcurrency, port: config.port },
      `${config.webConcurrency} server processes listening`,
    );
    if (config.seedDemoData) printDemoAccounts(config);
  });
  for (let i = 0; i < config.webConcurrency; i++) cluster.fork();
}

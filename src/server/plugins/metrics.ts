import cluster from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AggregatorRegistry, Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { errorMessages } from '#shared/errors.ts';
import type { MailOutcome } from '../platform/mail/outbox.ts';
import { errorBody } from './error-handler.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus metrics (a registry of its own: tests build many apps in one process). */
    metrics: AppMetrics;
  }
}

/** Where the process's metrics come from when a machine runs several (WEB_CONCURRENCY). */
const metricsRequest = 'lipputori:metrics-request';
const metricsReply = 'lipputori:metrics-reply';

/**
 * How the primary of several processes combines a gauge: `sum` for what each process has of its
 * own (its PDF queue), `max` for what every process reads from the one database (one value, not
 * N times it).
 */
type Across = 'sum' | 'max';

/**
 * The application's metrics: requests by route pattern and status with their latency, background
 * job runs, mail outcomes, and gauges read from the database and the PDF pool when scraped.
 */
export class AppMetrics {
  readonly registry = new Registry();
  readonly #requestSeconds = new Histogram({
    name: 'lipputori_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, and how long they took',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly #jobRuns = new Counter({
    name: 'lipputori_job_runs_total',
    help: 'Background job runs by job and outcome (ok, failed)',
    labelNames: ['job', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly #jobSeconds = new Histogram({
    name: 'lipputori_job_duration_seconds',
    help: 'How long background job runs took',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
    registers: [this.registry],
  });
  readonly #mail = new Counter({
    name: 'lipputori_mail_deliveries_total',
    help: 'Mail delivery attempts by outcome: sent, refused (for good by the SMTP server), failed (tried again later)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  /** Counts an answered request under its route pattern (never the raw URL: the labels stay few). */
  recordRequest(method: string, route: string, statusCode: number, ms: number): void {
    this.#requestSeconds.observe({ method, route, status_code: String(statusCode) }, ms / 1000);
  }

  /** A background job's run: the job queue calls this after each run, whatever runs the jobs. */
  recordJobRun(name: string, ok: boolean, ms: number): void {
    this.#jobRuns.inc({ job: name, outcome: ok ? 'ok' : 'failed' });
    this.#jobSeconds.observe({ job: name }, ms / 1000);
  }

  countMail(outcome: MailOutcome): void {
    this.#mail.inc({ outcome });
  }

  /**
   * A gauge whose value is read when scraped. A failed read leaves the gauge out of that scrape
   * (the rest still answers) and is logged.
   */
  gauge(
    name: string,
    help: string,
    across: Across,
    read: () => number | Promise<number>,
    onError: (error: unknown) => void,
  ): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      aggregator: across,
      async collect() {
        try {
          this.set(await read());
        } catch (error) {
          this.reset();
          onError(error);
        }
      },
    });
  }

  /** The text Prometheus reads: this process's, or every process's of the machine combined. */
  async text(): Promise<string> {
    return cluster.isWorker ? askPrimary() : this.registry.metrics();
  }
}

/**
 * One read shared by the gauges that ask while it runs: the outbox's backlog and its oldest mail's
 * age come from one query per scrape.
 */
export function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  return () => {
    running ??= read().finally(() => {
      running = undefined;
    });
    return running;
  };
}

let workerListening = false;
let nextRequestId = 0;
const waiting = new Map<number, { resolve(text: string): void; reject(error: Error): void }>();

/** In a worker: the primary gathers every worker's metrics (prom-client's cluster aggregation). */
function askPrimary(): Promise<string> {
  const id = nextRequestId++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error('the primary process did not answer with the metrics'));
    }, 10_000);
    waiting.set(id, {
      resolve: (text) => {
        clearTimeout(timer);
        resolve(text);
      },
      reject: (error) => {
        clearTimeout(timer);
        reject(error);
      },
    });
    process.send?.({ type: metricsRequest, id });
  });
}

/** In a worker: answers the primary's requests for this registry, and takes its combined replies. */
function listenAsWorker(registry: Registry): void {
  AggregatorRegistry.setRegistries([registry]);
  if (workerListening) return;
  workerListening = true;
  // Made for its side effect: prom-client answers the primary's requests once one exists.
  new AggregatorRegistry();
  process.on('message', (message: { type?: string; id?: number; text?: string; error?: string }) => {
    if (message?.type !== metricsReply || typeof message.id !== 'number') return;
    const request = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.error !== undefined) request?.reject(new Error(message.error));
    else request?.resolve(message.text ?? '');
  });
}

/** In the primary of several processes: answers a worker's request with every worker's metrics. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== metricsRequest) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: metricsReply, id: message.id, text }),
      (error: Error) => worker.send({ type: metricsReply, id: message.id, error: error.message }),
    );
  });
}

/** sha256 first: equal lengths for timingSafeEqual, and no early exit that tells the length. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Decorates `app.metrics`, times every request, and serves GET /metrics to a scraper holding
 * METRICS_TOKEN as a Bearer token (only in the Authorization header: a token in the URL ends up
 * in logs). Without a token configured the route answers 404, as if it were not there.
 */
export function registerMetrics(app: FastifyInstance): AppMetrics {
  const metrics = new AppMetrics();
  app.decorate('metrics', metrics);
  const token = app.config.metricsToken;
  if (token) {
    collectDefaultMetrics({ register: metrics.registry });
    if (cluster.isWorker) listenAsWorker(metrics.registry);
  }

  app.addHook('onResponse', async (request, reply) => {
    // Requests no route took (unknown paths, the page fallback) share one label.
    metrics.recordRequest(
      request.method,
      request.routeOptions.url ?? '(unmatched)',
      reply.statusCode,
      reply.elapsedTime,
    );
  });

  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (!token) return reply.status(404).send(errorBody('not-found', errorMessages['not-found']));
    const [scheme, given, ...rest] = (request.headers.authorization ?? '').split(' ');
    if (scheme !== 'Bearer' || !given || rest.length > 0 || !sameSecret(given, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send(errorBody('unauthenticated', errorMessages.unauthenticated));
    }
    return reply.type(metrics.registry.contentType).send(await metrics.text());
  });
  return metrics;
}

import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Clock } from 'pg-boss';
import { z } from 'zod';
import type { AppConfig } from './config.ts';
import { type Database, type Db, openDatabase } from './db/client.ts';
import { registerJobs } from './jobs.ts';
import type { AccountDeletionPorts } from './modules/accounts/accounts.service.ts';
import { resolveSession, sessionCookieName, setSessionCookie } from './modules/accounts/sessions.ts';
import { opensAdminArea } from './modules/admin/admin-access.ts';
import { PublicListCache } from './modules/browsing/public-list.service.ts';
import { registerGauges } from './modules/health/gauges.ts';
import { ListingLifecycle } from './modules/listings/listing-lifecycle.ts';
import { personalDataErasers } from './modules/privacy/personal-data-erasers.ts';
import { createPurchases, type Purchases } from './modules/purchases/purchases.ts';
import { reservationMayStillBePaid } from './modules/purchases/reservation-lifecycle.ts';
import { openChangeFeed } from './platform/changes/change-feed.ts';
import type { EventCatalog } from './platform/event-catalog/event-catalog.ts';
import { createLocalEventCatalog } from './platform/event-catalog/local-event-catalog.ts';
import { createTicketmasterEventCatalog } from './platform/event-catalog/ticketmaster-event-catalog.ts';
import { createConfiguredFileStore } from './platform/files/configured-file-store.ts';
import type { FileStore } from './platform/files/file-store.ts';
import { AfterReplyWork } from './platform/jobs/after-reply.ts';
import { type JobDefinition, JobQueue } from './platform/jobs/job-queue.ts';
import { deliverOutboxJob } from './platform/mail/mail.jobs.ts';
import type { MailOutcome } from './platform/mail/outbox.ts';
import { createSmtpSender } from './platform/mail/smtp-sender.ts';
import { createConfiguredPaymentProvider } from './platform/payments/configured-payment-provider.ts';
import type { PaymentProvider } from './platform/payments/payment-provider.ts';
import { createTicketPdfInspector, type TicketPdfInspector } from './platform/pdf/ticket-pdf-inspector.ts';
import { registerAuth } from './plugins/auth.ts';
import { answerRouterError, registerErrorHandler } from './plugins/error-handler.ts';
import { registerGracefulClose } from './plugins/graceful-close.ts';
import { type LogDestination, serverLogOptions } from './plugins/logger.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { postgresRateLimitStore } from './plugins/rate-limit-store.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerTextGuard } from './plugins/text-guard.ts';
import { registerRoutes } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    dbKind: Database['kind'];
    /** The open database with its driver (jobs and notifications between processes need it). */
    database: Database;
    files: FileStore;
    /** Proves an uploaded ticket is a PDF and reads its barcodes, off the event loop. */
    ticketPdfs: TicketPdfInspector;
    /** Where the sell wizard's event search looks (EVENT_CATALOG). */
    eventCatalog: EventCatalog;
    /** Work started after the answer is sent (see after-reply.ts). */
    afterReply: AfterReplyWork;
    /** Tells the outbox delivery that a transaction just queued mail. */
    mailQueued(): void;
    /** The background jobs, run once per period across processes (platform/jobs). */
    jobs: JobQueue;
    publicListCache: PublicListCache;
    /** The one writer of listing statuses (modules/listings). */
    listings: ListingLifecycle;
    /** What deleting an account asks of the other modules (modules/accounts). */
    accountDeletion: AccountDeletionPorts;
    /** Who takes the card payments (PAYMENT_PROVIDER). */
    payments: PaymentProvider;
    /** Buying (modules/purchases): holding a ticket, settling payments, answering their status. */
    purchases: Purchases;
  }
}

export interface AppOverrides {
  /** An already open database (tests share one per file); otherwise opened from the config. */
  database?: Database;
  /** Log lines go here instead of standard output (tests read them). */
  logDestination?: LogDestination;
  /** An event catalogue instead of the configured one (tests). */
  eventCatalog?: EventCatalog;
  /** Wraps the file store (tests make it fail halfway). */
  wrapFiles?: (store: FileStore) => FileStore;
  /** A payment provider instead of the configured one (tests: Stripe's adapter on a fake API). */
  payments?: PaymentProvider;
  /** The job queue's clock, idle poll in seconds and jobs of the test's own (tests: retries due within seconds). */
  jobs?: { clock?: Clock; pollSeconds?: number; extra?: JobDefinition[]; retired?: string[] };
}

// zod's own messages (a wrong type, a number out of range) in Finnish; the spec's messages are
// written into the schemas and stay as they are.
z.config(z.locales.fi());

/** Builds the whole application from a configuration. Tests call this directly. */
export async function buildApp(config: AppConfig, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const trusted = config.trustProxy;
  const options: FastifyServerOptions = {
    ...serverLogOptions(config, overrides.logDestination),
    // A hop count trusts that many proxies nearest to us, as Fastify does for a number.
    trustProxy: typeof trusted === 'number' ? (_address: string, hop: number) => hop < trusted : trusted,
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerRouterError,
    // A request arriving on a kept-alive connection while closing is served, with Connection: close
    // (graceful-close.ts), rather than refused: a rolling restart fails no request.
    return503OnClosing: false,
  };
  const app = Fastify(options);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = overrides.database ?? (await openDatabase(config));
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorate('database', { getter: () => database });
  // Listening before the first request, so no change of another process goes unheard.
  const changes = await openChangeFeed(database, app.log);
  // Every process of a site shares one bucket; the local folder serves one machine.
  const files = createConfiguredFileStore(config);
  app.decorate('files', overrides.wrapFiles ? overrides.wrapFiles(files) : files);
  const ticketPdfs = createTicketPdfInspector();
  app.decorate('ticketPdfs', ticketPdfs);
  app.decorate(
    'eventCatalog',
    overrides.eventCatalog ??
      (config.eventCatalog.kind === 'ticketmaster'
        ? createTicketmasterEventCatalog(config.eventCatalog)
        : createLocalEventCatalog(database.db)),
  );

  const jobs = new JobQueue({
    database,
    log: app.log,
    clock: overrides.jobs?.clock,
    pollSeconds: overrides.jobs?.pollSeconds,
  });
  app.decorate('jobs', jobs);
  jobs.onJobFinished((name, ok, ms) => app.metrics.recordJobRun(name, ok, ms));
  // Started once every job is defined (jobs.ts) and the routes are ready (the local payment
  // events go through one).
  if (config.backgroundJobs) app.addHook('onReady', () => jobs.start());
  const smtp = config.smtpUrl ? createSmtpSender(config.smtpUrl, config.mailFrom) : undefined;
  // Each mail refused or failed is logged with its reason and counted in the metrics.
  const mailReport = { log: app.log, count: (outcome: MailOutcome) => app.metrics.countMail(outcome) };
  app.decorate('mailQueued', () => {
    if (!smtp || !jobs.started) return;
    jobs
      .runSoon(deliverOutboxJob)
      .catch((error: unknown) => app.log.error({ err: error }, 'outbox kick failed'));
  });
  const afterReply = new AfterReplyWork(app.log);
  app.decorate('afterReply', afterReply);
  app.addHook('onClose', async () => {
    await afterReply.settled();
    await jobs.stop();
    await ticketPdfs.close();
    smtp?.close();
    await changes.close();
    files.close();
    if (!overrides.database) await database.close();
  });

  const publicListCache = new PublicListCache();
  app.decorate('publicListCache', publicListCache);
  const listingLifecycle = new ListingLifecycle(database.db, reservationMayStillBePaid, (executor) =>
    changes.publish(executor, 'listings'),
  );
  // Every committed status change, made here or in another process: the public list forgets what it held.
  listingLifecycle.onChange(() => publicListCache.clear());
  changes.subscribe('listings', () => publicListCache.clear());
  app.decorate('listings', listingLifecycle);
  app.decorate('accountDeletion', {
    listingLifecycle,
    erasers: personalDataErasers,
  });
  const { payments, local: localPayments } = createConfiguredPaymentProvider(
    app,
    config,
    database.db,
    overrides.payments,
  );
  app.decorate('payments', payments);
  app.decorate(
    'purchases',
    createPurchases({
      db: database.db,
      listings: listingLifecycle,
      payments,
      mailQueued: () => app.mailQueued(),
      log: app.log,
      publicUrl: config.publicUrl,
      businessId: config.site.businessId,
      reservationMinutes: config.reservationMinutes,
    }),
  );

  registerErrorHandler(app);
  registerGracefulClose(app);
  registerMetrics(app);
  registerGauges(app);
  registerTextGuard(app);
  registerSecurityHeaders(app, config);
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyCookie, { secret: config.cookieSecret });
  registerAuth(app, { sessionCookieName, resolveSession, setSessionCookie, opensAdminArea });
  if (config.rateLimits) {
    // On PostgreSQL every process counts into the same windows; PGlite's one process counts in memory.
    const shared = database.kind === 'postgres';
    await app.register(fastifyRateLimit, {
      global: false,
      enableDraftSpec: true,
      ...(shared ? { store: postgresRateLimitStore(database.db, app.log), skipOnError: true } : {}),
    });
  }

  registerJobs(app, {
    smtp: smtp?.send,
    mailReport,
    localPayments,
    sharedRateLimits: config.rateLimits && database.kind === 'postgres',
    extra: overrides.jobs?.extra ?? [],
    retired: overrides.jobs?.retired ?? [],
  });

  await registerRoutes(app, { localPayments });
  return app;
}

import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Clock } from 'pg-boss';
import { z } from 'zod';
import type { AppConfig } from './config.ts';
import { type Database, type Db, openDatabase } from './db/client.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import type { AccountDeletionPorts } from './modules/accounts/accounts.service.ts';
import { purgeExpiredAccountRows } from './modules/accounts/purge-expired-rows.ts';
import { resolveSession, sessionCookieName, setSessionCookie } from './modules/accounts/sessions.ts';
import { socialRoutes } from './modules/accounts/social/social.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { adminAccessCookieName, opensAdminArea } from './modules/admin/admin-access.ts';
import { adminImagesRoutes } from './modules/admin/admin-images.routes.ts';
import { ownedImageKeys } from './modules/admin/admin-images.service.ts';
import { eventCancellationsRoutes } from './modules/admin/event-cancellations.routes.ts';
import { cancelledEvents, processEventCancellations } from './modules/admin/event-cancellations.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { clientLogRoutes } from './modules/analytics/client-log.routes.ts';
import { browsingRoutes } from './modules/browsing/browsing.routes.ts';
import { PublicListCache } from './modules/browsing/public-list.service.ts';
import { ownedEvidenceKeys } from './modules/complaints/complaint-evidence.ts';
import { complaintsRoutes } from './modules/complaints/complaints.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { devMailboxRoutes } from './modules/dev-mailbox/dev-mailbox.routes.ts';
import { registerGauges } from './modules/health/gauges.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { eventSearchRoutes } from './modules/listings/event-search.routes.ts';
import { ListingLifecycle } from './modules/listings/listing-lifecycle.ts';
import { ownedTicketFileKeys } from './modules/listings/listings.service.ts';
import { sellingRoutes } from './modules/listings/selling.routes.ts';
import { payoutsRoutes } from './modules/payouts/payouts.routes.ts';
import { applyPayoutRule } from './modules/payouts/payouts.service.ts';
import { personalDataErasers } from './modules/privacy/personal-data-erasers.ts';
import { privacyRoutes } from './modules/privacy/privacy.routes.ts';
import { purgeExpiredAccountArchives } from './modules/privacy/purge-account-archives.ts';
import { boughtTicketsRoutes } from './modules/purchases/bought-tickets.routes.ts';
import { PaymentSettlement } from './modules/purchases/payment-settlement.ts';
import { PaymentStatuses } from './modules/purchases/payment-status.ts';
import { paymentsRoutes } from './modules/purchases/payments.routes.ts';
import { purchasesRoutes } from './modules/purchases/purchases.routes.ts';
import { reservationMayStillBePaid } from './modules/purchases/reservation-lifecycle.ts';
import { saleRefundsRoutes } from './modules/purchases/sale-refunds.routes.ts';
import { countUnsentRefunds, SaleRefunds } from './modules/purchases/sale-refunds.ts';
import { TicketHolds } from './modules/purchases/ticket-holds.ts';
import { registerSite } from './modules/site/site.routes.ts';
import { openChangeFeed } from './platform/changes/change-feed.ts';
import type { EventCatalog } from './platform/event-catalog/event-catalog.ts';
import { createLocalEventCatalog } from './platform/event-catalog/local-event-catalog.ts';
import { createTicketmasterEventCatalog } from './platform/event-catalog/ticketmaster-event-catalog.ts';
import { createConfiguredFileStore } from './platform/files/configured-file-store.ts';
import type { FileStore } from './platform/files/file-store.ts';
import { reconcileFiles } from './platform/files/reconcile-files.ts';
import { AfterReplyWork } from './platform/jobs/after-reply.ts';
import { type JobDefinition, JobQueue } from './platform/jobs/job-queue.ts';
import { deliverDueMail, type MailOutcome } from './platform/mail/outbox.ts';
import { createSmtpSender } from './platform/mail/smtp-sender.ts';
import { LocalPaymentProvider, localWebhookSecret } from './platform/payments/local-payment-provider.ts';
import type { PaymentProvider } from './platform/payments/payment-provider.ts';
import { createStripePaymentProvider } from './platform/payments/stripe-payment-provider.ts';
import { createTicketPdfInspector, type TicketPdfInspector } from './platform/pdf/ticket-pdf-inspector.ts';
import { registerAuth } from './plugins/auth.ts';
import { answerRouterError, registerErrorHandler } from './plugins/error-handler.ts';
import { registerGracefulClose } from './plugins/graceful-close.ts';
import { type LogDestination, serverLogOptions } from './plugins/logger.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { postgresRateLimitStore, purgeEndedRateLimitWindows } from './plugins/rate-limit-store.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerTextGuard } from './plugins/text-guard.ts';

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
    purchases: {
      holds: TicketHolds;
      settlement: PaymentSettlement;
      statuses: PaymentStatuses;
      refunds: SaleRefunds;
    };
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
  jobs?: { clock?: Clock; pollSeconds?: number; extra?: JobDefinition[] };
}

// zod's own messages (a wrong type, a number out of range) in Finnish; the spec's messages are
// written into the schemas and stay as they are.
z.config(z.locales.fi());

/**
 * Removes stored files that no row owns (a listing's file, an uploaded image, a complaint's
 * evidence) once past the grace period, and empty folders; answers the removed keys. Run hourly by
 * the background jobs.
 */
export function reconcileStoredFiles(app: FastifyInstance): Promise<string[]> {
  const ownedKeys = async (keys: string[]) =>
    new Set([
      ...(await ownedTicketFileKeys(app.db, keys)),
      ...(await ownedImageKeys(app.db, keys)),
      ...(await ownedEvidenceKeys(app.db, keys)),
    ]);
  return reconcileFiles(app.files, ownedKeys, app.log);
}

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
  for (const definition of overrides.jobs?.extra ?? []) jobs.define(definition);
  // Started once every job is defined and the routes are ready (the local payment events go
  // through one); each job is defined below beside what it needs.
  if (config.backgroundJobs) app.addHook('onReady', () => jobs.start());
  const smtp = config.smtpUrl ? createSmtpSender(config.smtpUrl, config.mailFrom) : undefined;
  // Each mail refused or failed is logged with its reason and counted in the metrics.
  const mailReport = { log: app.log, count: (outcome: MailOutcome) => app.metrics.countMail(outcome) };
  if (smtp) {
    // Every minute for the retries; a queued mail asks for a run at once. Rows are claimed with
    // SKIP LOCKED, so even two runs at once never send a mail twice.
    jobs.define({
      name: 'deliver-outbox',
      everyMinutes: 1,
      runAtStart: true,
      retryLimit: 2,
      retryDelaySeconds: 15,
      timeoutSeconds: 10 * 60,
      run: async () => {
        while ((await deliverDueMail(database.db, smtp.send, mailReport)) > 0) {
          // keep going while there is a backlog
        }
      },
    });
  }
  app.decorate('mailQueued', () => {
    if (!smtp || !jobs.started) return;
    jobs
      .runSoon('deliver-outbox')
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
  // Past events leave the list soon after a start, then every ten minutes.
  jobs.define({
    name: 'expire-past-listings',
    everyMinutes: 10,
    runAtStart: true,
    retryLimit: 3,
    retryDelaySeconds: 30,
    timeoutSeconds: 5 * 60,
    run: () => listingLifecycle.expirePast(),
  });
  // Attackers can fill these tables; after a start too, so a stopped site does not keep them.
  jobs.define({
    name: 'purge-expired-account-rows',
    everyMinutes: 60,
    runAtStart: true,
    retryLimit: 3,
    retryDelaySeconds: 60,
    timeoutSeconds: 10 * 60,
    run: () => purgeExpiredAccountRows(database.db),
  });
  // The privacy policy's retention of deleted accounts' data; daily is exact enough for months.
  jobs.define({
    name: 'purge-account-archives',
    everyMinutes: 24 * 60,
    runAtStart: true,
    retryLimit: 3,
    retryDelaySeconds: 5 * 60,
    timeoutSeconds: 10 * 60,
    run: () => purgeExpiredAccountArchives(database.db),
  });
  // Payouts past the buyers' time to complain become ready for payment (also on each load of the list).
  jobs.define({
    name: 'apply-payout-rule',
    everyMinutes: 10,
    retryLimit: 3,
    retryDelaySeconds: 30,
    timeoutSeconds: 5 * 60,
    run: () => applyPayoutRule(database.db),
  });
  jobs.define({
    name: 'reconcile-stored-files',
    everyMinutes: 60,
    retryLimit: 3,
    retryDelaySeconds: 60,
    timeoutSeconds: 30 * 60,
    run: () => reconcileStoredFiles(app),
  });

  // The local provider posts its events to our own webhook route, as Stripe would.
  const localPayments =
    !overrides.payments && config.payments.kind === 'local'
      ? new LocalPaymentProvider(database.db, localWebhookSecret(config.cookieSecret), (body, signature) =>
          deliverLocalEvent(app, body, signature),
        )
      : undefined;
  const payments =
    overrides.payments ??
    localPayments ??
    (config.payments.kind === 'stripe'
      ? createStripePaymentProvider(config.payments, config.payments.api)
      : undefined);
  if (!payments) throw new Error('no payment provider configured');
  app.decorate('payments', payments);
  const settlement = new PaymentSettlement({
    db: database.db,
    listings: listingLifecycle,
    payments,
    mailQueued: () => app.mailQueued(),
    log: app.log,
    publicUrl: config.publicUrl,
    businessId: config.site.businessId,
  });
  const saleRefunds = new SaleRefunds({ db: database.db, payments, log: app.log });
  app.decorate('purchases', {
    holds: new TicketHolds({
      db: database.db,
      listings: listingLifecycle,
      payments,
      log: app.log,
      reservationMinutes: config.reservationMinutes,
    }),
    settlement,
    statuses: new PaymentStatuses({ db: database.db, payments, settlement, log: app.log }),
    refunds: saleRefunds,
  });
  // A cancelled event's listings, one at a time: started by the admin's request, and each minute
  // for listings a buyer was paying for and runs a stopped process left.
  jobs.define({
    name: 'process-event-cancellations',
    everyMinutes: 1,
    runAtStart: true,
    retryLimit: 3,
    retryDelaySeconds: 30,
    timeoutSeconds: 30 * 60,
    run: () =>
      processEventCancellations({
        db: database.db,
        listings: listingLifecycle,
        refunds: saleRefunds,
        publicUrl: config.publicUrl,
        mailQueued: () => app.mailQueued(),
        log: app.log,
      }),
  });
  // Refunds the provider has not taken yet: a failure, or a process that died while asking.
  jobs.define({
    name: 'send-sale-refunds',
    everyMinutes: 1,
    runAtStart: true,
    retryLimit: 1,
    retryDelaySeconds: 10,
    timeoutSeconds: 5 * 60,
    run: () => saleRefunds.sendUnsent(),
    needsAttention: async () => (await countUnsentRefunds(database.db)).failed,
  });
  jobs.define({
    name: 'sweep-payment-reservations',
    everyMinutes: 1,
    retryLimit: 1,
    retryDelaySeconds: 10,
    timeoutSeconds: 5 * 60,
    run: () => settlement.sweep(),
  });
  // At start and then each minute: local payment events a crash or a busy webhook left unsent.
  if (localPayments)
    jobs.define({
      name: 'deliver-local-payment-events',
      everyMinutes: 1,
      runAtStart: true,
      retryLimit: 1,
      retryDelaySeconds: 10,
      timeoutSeconds: 5 * 60,
      run: () => localPayments.deliverUndelivered(),
    });

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
    if (shared)
      jobs.define({
        name: 'purge-ended-rate-limit-windows',
        everyMinutes: 10,
        retryLimit: 2,
        retryDelaySeconds: 30,
        timeoutSeconds: 5 * 60,
        run: () => purgeEndedRateLimitWindows(database.db),
      });
  }

  // Before the routes: the OpenAPI document knows only routes added after it.
  await registerOpenApi(app, { session: sessionCookieName, adminAccess: adminAccessCookieName });
  await app.register(healthRoutes);
  await app.register(accountsRoutes);
  await app.register(privacyRoutes);
  await app.register(socialRoutes);
  await app.register(contactRoutes);
  await app.register(analyticsRoutes);
  await app.register(clientLogRoutes);
  await app.register(browsingRoutes);
  // Cancellations are the admin module's; selling asks it whether an event is cancelled.
  await app.register(eventSearchRoutes, { cancelledEvents });
  await app.register(sellingRoutes, { cancelledEvents });
  await app.register(purchasesRoutes);
  await app.register(paymentsRoutes, { localProvider: localPayments });
  await app.register(boughtTicketsRoutes);
  await app.register(complaintsRoutes);
  await app.register(adminRoutes);
  await app.register(eventCancellationsRoutes);
  await app.register(saleRefundsRoutes);
  await app.register(adminImagesRoutes);
  await app.register(payoutsRoutes);
  if (config.env !== 'production') await app.register(devMailboxRoutes);
  // Last and unencapsulated: it owns static files and the not-found handler (SPA fallback).
  await registerSite(app);
  return app;
}

/**
 * Hands a local provider event to the webhook route, as Stripe's servers would, trying again
 * while the route answers 503. An event still not taken stays undelivered and is sent again
 * later (at the next start or by the periodic delivery).
 */
async function deliverLocalEvent(app: FastifyInstance, body: string, signature: string): Promise<boolean> {
  for (let attempt = 1; attempt <= 3; attempt++) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: body,
    });
    if (response.statusCode === 200) return true;
    app.log.warn({ status: response.statusCode, attempt }, 'local payment event not accepted');
  }
  return false;
}

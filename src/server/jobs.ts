import type { FastifyInstance } from 'fastify';
import { accountsJobs } from './modules/accounts/accounts.jobs.ts';
import { ownedImageKeys } from './modules/admin/admin-images.service.ts';
import { eventCancellationsJobs } from './modules/admin/event-cancellations.jobs.ts';
import { ownedEvidenceKeys } from './modules/complaints/complaint-evidence.ts';
import { listingsJobs } from './modules/listings/listings.jobs.ts';
import { ownedTicketFileKeys } from './modules/listings/listings.service.ts';
import { payoutsJobs } from './modules/payouts/payouts.jobs.ts';
import { privacyJobs } from './modules/privacy/privacy.jobs.ts';
import { purchasesJobs } from './modules/purchases/purchases.jobs.ts';
import { filesJobs } from './platform/files/files.jobs.ts';
import { reconcileFiles } from './platform/files/reconcile-files.ts';
import type { JobDefinition } from './platform/jobs/job-queue.ts';
import { deliverOutboxJob, mailJobs } from './platform/mail/mail.jobs.ts';
import type { DeliveryReport, MailSender } from './platform/mail/outbox.ts';
import type { LocalPaymentProvider } from './platform/payments/local-payment-provider.ts';
import { deliverLocalPaymentEventsJob, localPaymentJobs } from './platform/payments/payments.jobs.ts';
import { purgeRateLimitWindowsJob, rateLimitJobs } from './plugins/rate-limit.jobs.ts';

// Every background job of the app, in one list: each is defined beside the module or platform
// code that owns its data (`*.jobs.ts`) and registered here with the ports it needs. See
// docs/decisions/022.

/**
 * Jobs earlier versions had and this one does not: a starting process removes their schedules.
 * A schedule this process neither defines nor retires is left alone (it may be a newer
 * version's job during a rolling deploy), so a job taken out of the code is listed here.
 */
export const retiredJobs: readonly string[] = [];

export interface JobPorts {
  /** The SMTP sender; without one no mail is delivered. */
  smtp: MailSender | undefined;
  mailReport: DeliveryReport;
  /** The local payment provider, whose events are posted to our own webhook. */
  localPayments: LocalPaymentProvider | undefined;
  /** Whether the request counters are shared in PostgreSQL (and need purging). */
  sharedRateLimits: boolean;
  /** The tests' own jobs, first in the list. */
  extra: JobDefinition[];
  /** Names the tests retire. */
  retired: string[];
}

/** The owners of stored files answer which of these keys are theirs. */
function ownedFileKeys(app: FastifyInstance) {
  return async (keys: string[]) =>
    new Set([
      ...(await ownedTicketFileKeys(app.db, keys)),
      ...(await ownedImageKeys(app.db, keys)),
      ...(await ownedEvidenceKeys(app.db, keys)),
    ]);
}

/**
 * Removes stored files that no row owns (a listing's file, an uploaded image, a complaint's
 * evidence) once past the grace period, and empty folders; answers the removed keys. The hourly
 * `reconcile-stored-files` job; tests call it directly.
 */
export function reconcileStoredFiles(app: FastifyInstance): Promise<string[]> {
  return reconcileFiles(app.files, ownedFileKeys(app), app.log);
}

/**
 * Defines every job on `app.jobs`, after the decorations they use; a job this configuration
 * leaves out (no SMTP, the local provider not in use, counters not shared) is retired, so its
 * schedule goes when the process starts.
 */
export function registerJobs(app: FastifyInstance, ports: JobPorts): void {
  const { db, config, log } = app;
  const optional = (name: string, definitions: false | JobDefinition[]) =>
    definitions === false ? { retire: name } : definitions;
  const all: (JobDefinition[] | { retire: string })[] = [
    ports.extra,
    optional(deliverOutboxJob, ports.smtp !== undefined && mailJobs(db, ports.smtp, ports.mailReport)),
    listingsJobs(app.listings),
    accountsJobs(db),
    privacyJobs(db),
    payoutsJobs(db),
    filesJobs(app.files, ownedFileKeys(app), log),
    eventCancellationsJobs({
      db,
      listings: app.listings,
      refunds: app.purchases.refunds,
      publicUrl: config.publicUrl,
      mailQueued: () => app.mailQueued(),
      log,
    }),
    purchasesJobs({ db, settlement: app.purchases.settlement, refunds: app.purchases.refunds }),
    optional(
      deliverLocalPaymentEventsJob,
      ports.localPayments !== undefined && localPaymentJobs(ports.localPayments),
    ),
    optional(purgeRateLimitWindowsJob, ports.sharedRateLimits && rateLimitJobs(db)),
  ];
  for (const entry of all) {
    if (Array.isArray(entry)) for (const definition of entry) app.jobs.define(definition);
    else app.jobs.retire(entry.retire);
  }
  for (const name of [...retiredJobs, ...ports.retired]) app.jobs.retire(name);
}

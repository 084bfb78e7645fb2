import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminAccessRequestSchema,
  adminAccessStatusSchema,
  adminListingFilesResponseSchema,
  adminListingIdParamsSchema,
  adminListingsQuerySchema,
  adminListingsResponseSchema,
  auditQuerySchema,
  auditResponseSchema,
  moderationResultSchema,
  rejectListingSchema,
} from '#shared/admin/admin.schema.ts';
import { backgroundJobsResponseSchema } from '#shared/admin/jobs.schema.ts';
import { errorResponses } from '../../http/route-schemas.ts';
import { adminAccessExpiry, unlockAdminArea } from './admin-access.ts';
import { listAuditEntries } from './admin-audit.ts';
import {
  approveListing,
  listingFiles,
  type ModerationDeps,
  pendingListings,
  rejectListing,
} from './admin-review.service.ts';

// The admin area's way in, its listing review, the ticket files of a listing, the audit log
// (spec 02 §2 "Admin panel", §7 "Admin side") and the background jobs' last runs. Everyone but an admin with the access cookie meets
// the auth plugin's 404 before any of this runs.

const tags = ['Ylläpito'];
/** What every caller the area is closed to gets: the answer of a path that does not exist. */
const hidden = 'not-found' as const;

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' } as const;
  const moderation: ModerationDeps = {
    db: app.db,
    listings: app.listings,
    publicUrl: app.config.publicUrl,
    mailQueued: () => app.mailQueued(),
  };

  api.post(
    '/api/admin/access',
    {
      schema: {
        summary: 'Open the admin area with the access key',
        tags,
        description:
          "The admin area's access key ('Admin Access Required'): the right key sets the signed, day-long access cookie.",
        body: adminAccessRequestSchema,
        response: {
          200: adminAccessStatusSchema,
          ...errorResponses(hidden, 'invalid-argument', 'invalid-access-key', 'resource-exhausted'),
        },
      },
      // Wrong keys are limited per admin and per address inside unlockAdminArea.
      config: { access: 'admin-key' },
    },
    async (request, reply) => {
      const expiresAt = await unlockAdminArea(app.db, reply, {
        userId: request.user.userId,
        ip: request.ip,
        limitGuesses: app.config.rateLimits,
        typedKey: request.body.key,
        configuredKey: app.config.adminAccessKey,
        secure: app.config.env === 'production',
      });
      return { granted: true, expiresAt: expiresAt.toISOString() };
    },
  );

  api.get(
    '/api/admin/access',
    {
      schema: {
        summary: 'Whether the admin area is open, and until when',
        tags,
        description: "Whether this browser's access cookie opens the admin area, and until when.",
        response: { 200: adminAccessStatusSchema, ...errorResponses(hidden) },
      },
      config: { access: 'admin-key' },
    },
    async (request) => {
      const expiresAt = adminAccessExpiry(request, request.user.userId);
      return { granted: expiresAt !== null, expiresAt: expiresAt?.toISOString() ?? null };
    },
  );

  api.get(
    '/api/admin/listings',
    {
      schema: {
        summary: 'Listings waiting for review',
        tags,
        description: 'The listings waiting for review, newest first, with their sellers and upload findings.',
        querystring: adminListingsQuerySchema,
        response: { 200: adminListingsResponseSchema, ...errorResponses(hidden, 'invalid-argument') },
      },
      config: admin,
    },
    async () => ({ listings: await pendingListings(app.db) }),
  );

  api.post(
    '/api/admin/listings/:id/approve',
    {
      schema: {
        summary: 'Approve a listing',
        tags,
        description:
          'Puts a pending listing on sale and mails its seller. Of admins deciding at once, one wins.',
        params: adminListingIdParamsSchema,
        response: { 200: moderationResultSchema, ...errorResponses(hidden, 'listing-already-moderated') },
      },
      config: admin,
    },
    async (request) => approveListing(moderation, request.params.id, request.user.userId),
  );

  api.post(
    '/api/admin/listings/:id/reject',
    {
      schema: {
        summary: 'Reject a listing',
        tags,
        description: 'Turns a pending listing down with a reason, mailed to its seller.',
        params: adminListingIdParamsSchema,
        body: rejectListingSchema,
        response: {
          200: moderationResultSchema,
          ...errorResponses(hidden, 'invalid-argument', 'listing-already-moderated'),
        },
      },
      config: admin,
    },
    async (request) => rejectListing(moderation, request.params.id, request.user.userId, request.body.reason),
  );

  api.get(
    '/api/admin/listings/:id/files',
    {
      schema: {
        summary: "A listing's ticket files for review",
        tags,
        description:
          "A listing's ticket files (any status) for the PDF viewer: each file's address (inline; `?download=1` saves it), its page count and the address of its pages as WebP images (`pagesUrl` followed by a 1-based page number), and the whole package's.",
        params: adminListingIdParamsSchema,
        response: { 200: adminListingFilesResponseSchema, ...errorResponses(hidden) },
      },
      config: admin,
    },
    async (request) => listingFiles(app.db, request.params.id),
  );

  api.get(
    '/api/admin/audit',
    {
      schema: {
        summary: "The admins' audit log",
        tags,
        description: "The admins' changes, newest first.",
        querystring: auditQuerySchema,
        response: { 200: auditResponseSchema, ...errorResponses(hidden, 'invalid-argument') },
      },
      config: admin,
    },
    async (request) => ({ entries: await listAuditEntries(app.db, request.query.limit) }),
  );

  api.get(
    '/api/admin/jobs',
    {
      schema: {
        summary: 'The background jobs and their last runs',
        tags,
        description:
          'The background jobs: period, last start and finish, last outcome and error, failures in the last 24 hours, what a job gave up on and waits for a person, next scheduled run.',
        response: { 200: backgroundJobsResponseSchema, ...errorResponses(hidden) },
      },
      config: admin,
    },
    async () => {
      const iso = (date: Date | null) => date?.toISOString() ?? null;
      const statuses = await app.jobs.statuses();
      return {
        running: app.jobs.started,
        jobs: statuses.map((job) => ({
          name: job.name,
          everyMinutes: job.everyMinutes,
          lastStartedAt: iso(job.lastStartedAt),
          lastFinishedAt: iso(job.lastFinishedAt),
          lastOutcome: job.lastOk === null ? null : job.lastOk ? ('ok' as const) : ('failed' as const),
          lastError: job.lastError,
          failuresLast24h: job.failuresLast24h,
          needsAttention: job.needsAttention,
          nextRunAt: job.nextRunAt.toISOString(),
        })),
      };
    },
  );
}

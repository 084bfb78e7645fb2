import fastifyMultipart from '@fastify/multipart';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  listingResubmissionSchema,
  listingSubmissionSchema,
  maxTicketsPerListing,
} from '#shared/listings/listing.schema.ts';
import { parsePriceText } from '#shared/listings/price-text.ts';
import {
  editListingSchema,
  listingIdParamsSchema,
  myListingsResponseSchema,
  priceQuoteRequestSchema,
  priceQuoteResponseSchema,
  removalRequestSchema,
  sellerListingResponseSchema,
} from '#shared/listings/seller-listing.schema.ts';
import { sellingMessages } from '#shared/listings/selling-messages.ts';
import { calculatePrices } from '#shared/pricing.ts';
import { AppError } from '../../app-error.ts';
import { errorResponses, noContent } from '../../http/route-schemas.ts';
import { maxTicketPdfBytes } from '../../platform/pdf/ticket-pdf-inspector.ts';
import { readJsonWithFiles } from '../../plugins/multipart-uploads.ts';
import {
  type CancelledEventCheck,
  type CreateListingDeps,
  createListing,
  resubmitListing,
  type UploadedFile,
} from './create-listing.ts';
import {
  deletePendingListing,
  editListing,
  getSellerListing,
  listSellerListings,
  removeListing,
} from './seller-listings.ts';

// The seller's side of listings (spec 02 §4, §7): prices, putting tickets on sale, the seller's own
// listings, editing, deleting and removing them.

const maxListingJsonBytes = 64 * 1024;

/** The multipart body of POST /api/listings: the `listing` JSON and 1–6 PDFs under `files`. */
async function readSubmission(request: FastifyRequest): Promise<{ listing: unknown; files: UploadedFile[] }> {
  const { json: listing, files } = await readJsonWithFiles(request, {
    jsonField: 'listing',
    fileField: 'files',
    fallbackName: 'lippu.pdf',
    tooLarge: new AppError('file-too-large'),
    tooManyFiles: AppError.field('invalid-argument', 'files', sellingMessages.tooManyFiles),
  });
  if (files.length === 0) throw AppError.field('invalid-argument', 'files', sellingMessages.filesRequired);
  return { listing, files };
}

export async function sellingRoutes(
  app: FastifyInstance,
  options: { cancelledEvents: CancelledEventCheck },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  /** What creating or resubmitting a listing needs, logging to the request's log. */
  const listingDeps = (log: FastifyBaseLogger): CreateListingDeps => ({
    db: app.db,
    files: app.files,
    inspector: app.ticketPdfs,
    limits: app.config.sellingLimits,
    mailQueued: app.mailQueued,
    reviewTeamEmail: app.config.site.supportEmail,
    supportEmail: app.config.site.supportEmail,
    publicUrl: app.config.publicUrl,
    cancelledEvents: options.cancelledEvents,
    log,
  });
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: maxTicketPdfBytes,
      files: maxTicketsPerListing,
      fields: 1,
      // One more than the listing and six files, so a seventh file is told as such.
      parts: maxTicketsPerListing + 2,
      fieldSize: maxListingJsonBytes,
      headerPairs: 100,
    },
  });
  const signedIn = { access: 'signed-in' } as const;
  const tags = ['Myynti'];

  api.post(
    '/api/prices',
    {
      schema: {
        summary: "Calculate a listing's prices",
        tags,
        description:
          'The prices of a listing from its selling price and declared fees (spec 02 §7 calculateTicketPrices).',
        body: priceQuoteRequestSchema,
        response: { 200: priceQuoteResponseSchema, ...errorResponses('unauthenticated', 'invalid-argument') },
      },
      config: signedIn,
    },
    async (request) =>
      calculatePrices(
        parsePriceText(request.body.sellingPrice) ?? 0,
        parsePriceText(request.body.additionalFees) ?? 0,
      ),
  );

  api.post(
    '/api/listings',
    {
      schema: {
        summary: 'Put tickets up for sale (PDF upload)',
        tags,
        description:
          'Puts tickets up for review: multipart/form-data with the `listing` JSON part (listingSubmission) and 1–6 PDF files under `files`, each at most 10 MB. All or nothing.',
        consumes: ['multipart/form-data'],
        multipartBody: z.object({
          listing: listingSubmissionSchema.meta({ description: 'The listing, as JSON' }),
          files: z
            .array(z.file().mime('application/pdf'))
            .min(1)
            .max(maxTicketsPerListing)
            .meta({
              description: `The ticket PDFs, one file per ticket, each at most ${maxTicketPdfBytes / 1024 / 1024} MB`,
            }),
        }),
        response: {
          201: sellerListingResponseSchema,
          ...errorResponses(
            'invalid-argument',
            'not-a-pdf',
            'iban-required',
            'unauthenticated',
            'already-submitted',
            'ticket-already-on-sale',
            'event-cancelled',
            'file-too-large',
            'resource-exhausted',
            'upload-failed',
          ),
        },
      },
      bodyLimit: maxTicketsPerListing * maxTicketPdfBytes + maxListingJsonBytes + 64 * 1024,
      config: {
        ...signedIn,
        signInMessage: sellingMessages.signInToSell,
        // Per account, before the body is read: one seller cannot make the PDF check work more, and
        // sellers sharing an address (an office, a mobile operator) do not use up each other's.
        rateLimit: {
          max: 30,
          timeWindow: '1 hour',
          keyGenerator: (request) => (request.user ? `seller:${request.user.userId}` : request.ip),
        },
      },
    },
    async (request, reply) => {
      const { listing, files } = await readSubmission(request);
      const submission = listingSubmissionSchema.safeParse(listing);
      if (!submission.success) {
        const issues = submission.error.issues.map((issue) => ({
          path: issue.path.join('.'),
          message: issue.message,
        }));
        throw new AppError('invalid-argument', { message: issues[0]?.message, issues });
      }
      const created = await createListing(
        listingDeps(request.log),
        request.user.userId,
        submission.data,
        files,
      );
      return reply.status(201).send({ listing: created });
    },
  );

  api.post(
    '/api/listings/:id/resubmission',
    {
      schema: {
        summary: 'Send a rejected listing back for review',
        tags,
        description:
          'The seller corrects a rejected listing and sends it back for review with the files it has: only their own, only while rejected.',
        params: listingIdParamsSchema,
        body: listingResubmissionSchema,
        response: {
          200: sellerListingResponseSchema,
          ...errorResponses(
            'invalid-argument',
            'unauthenticated',
            'permission-denied',
            'not-found',
            'listing-not-on-sale',
            'ticket-already-on-sale',
            'event-cancelled',
            'resource-exhausted',
          ),
        },
      },
      config: signedIn,
    },
    async (request) => ({
      listing: await resubmitListing(
        listingDeps(request.log),
        app.listings,
        request.params.id,
        request.user.userId,
        request.body,
      ),
    }),
  );

  api.get(
    '/api/listings/mine',
    {
      schema: {
        summary: "The seller's own listings",
        tags,
        description:
          "The signed-in seller's listings in the profile's order: on sale, under review, sold, ended.",
        response: { 200: myListingsResponseSchema, ...errorResponses('unauthenticated') },
      },
      config: signedIn,
    },
    async (request) => ({ listings: await listSellerListings(app.db, request.user.userId) }),
  );

  api.get(
    '/api/listings/:id',
    {
      schema: {
        summary: "One of the seller's listings",
        tags,
        description: 'One listing for its seller (the edit page).',
        params: listingIdParamsSchema,
        response: {
          200: sellerListingResponseSchema,
          ...errorResponses('unauthenticated', 'permission-denied', 'not-found'),
        },
      },
      config: signedIn,
    },
    async (request) => ({ listing: await getSellerListing(app.db, request.params.id, request.user.userId) }),
  );

  api.patch(
    '/api/listings/:id',
    {
      schema: {
        summary: "Change a listing's price and details",
        tags,
        description:
          'The seller changes the selling price and the additional info; the prices the client computed must equal the server’s.',
        params: listingIdParamsSchema,
        body: editListingSchema,
        response: {
          200: sellerListingResponseSchema,
          ...errorResponses(
            'invalid-argument',
            'unauthenticated',
            'permission-denied',
            'not-found',
            'listing-not-on-sale',
            'price-mismatch',
          ),
        },
      },
      config: signedIn,
    },
    async (request) => ({
      listing: await editListing(app.db, app.listings, request.params.id, request.user.userId, request.body),
    }),
  );

  api.delete(
    '/api/listings/:id',
    {
      schema: {
        summary: 'Delete a listing waiting for review',
        tags,
        description: 'Deletes a listing still waiting for review, with its files.',
        params: listingIdParamsSchema,
        response: {
          204: noContent,
          ...errorResponses('unauthenticated', 'permission-denied', 'not-found', 'listing-not-on-sale'),
        },
      },
      config: signedIn,
    },
    async (request, reply) => {
      await deletePendingListing(app.db, app.files, request.log, request.params.id, request.user.userId);
      return reply.status(204).send();
    },
  );

  api.post(
    '/api/listings/:id/removal',
    {
      schema: {
        summary: 'Take a listing off sale',
        tags,
        description:
          'Takes a pending or listed listing off sale with the seller’s reason; the row stays, as removed.',
        params: listingIdParamsSchema,
        body: removalRequestSchema,
        response: {
          204: noContent,
          ...errorResponses(
            'invalid-argument',
            'unauthenticated',
            'permission-denied',
            'not-found',
            'listing-not-on-sale',
          ),
        },
      },
      config: signedIn,
    },
    async (request, reply) => {
      await removeListing(app.db, app.listings, request.params.id, request.user.userId, request.body);
      return reply.status(204).send();
    },
  );
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicListQuerySchema, publicListSchema } from '#shared/browsing/public-list.schema.ts';
import { listingIdSchema, ticketDetailsSchema } from '#shared/browsing/ticket-details.schema.ts';
import { ticketPageMessages } from '#shared/browsing/ticket-messages.ts';
import { errorResponses, fileResponse } from '../../http/route-schemas.ts';
import { sendPrivateFile } from '../../plugins/private-download.ts';
import { adminAccessExpiry } from '../admin/admin-access.ts';
import type { PreparedPage } from './public-list.service.ts';
import {
  type FileViewer,
  findDownloadableFile,
  findDownloadablePackage,
  getTicketDetails,
  recordView,
} from './ticket-details.service.ts';
import { openTicketFile, openTicketPackage, renderTicketPage } from './ticket-download.ts';

const ticketParams = z.object({ ticketId: listingIdSchema });
const fileParams = ticketParams.extend({ fileId: listingIdSchema });
/**
 * A page of a ticket file, 1-based, in plain digits from 1 to 1000: anything else names nothing,
 * like a malformed id.
 */
const pageParams = fileParams.extend({
  page: z
    .string()
    .regex(/^(?:[1-9]\d{0,2}|1000)$/, { error: ticketPageMessages.notFound })
    .transform(Number),
});
const viewCounted = z.object({ counted: z.boolean() });
/** A ticket PDF, streamed as it is stored (not JSON: never serialized). */
const ticketFile = fileResponse('The ticket PDF', 'application/pdf');
const ticketPage = fileResponse('The page as a WebP image', 'image/webp');
const ticketPackage = fileResponse(
  "The ticket PDF, or a zip of the listing's PDFs",
  'application/pdf',
  'application/zip',
);

export async function browsingRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const sendPage = (request: FastifyRequest, reply: FastifyReply, page: PreparedPage) => {
    reply.header('etag', page.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
    reply.type('application/json; charset=utf-8');
    const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '') ? page.gzip() : undefined;
    if (gzip) return reply.header('content-encoding', 'gzip').send(gzip);
    return reply.send(page.body);
  };

  // Served from memory as prepared bytes. A URL answered before is sent straight from the
  // pre-parsing hook, before query validation (and after the rate limit's request hook, so that
  // every request counts); a new one is validated and cut from the in-memory list.
  api.get(
    '/api/tickets',
    {
      schema: {
        summary: 'Search the tickets on sale',
        querystring: publicListQuerySchema,
        // Sent as prepared bytes, so the schema documents the page and never serializes it.
        response: { 200: publicListSchema, ...errorResponses('invalid-argument', 'resource-exhausted') },
      },
      compress: false,
      // Far above what a person browsing makes: the list asks for a page per search (sent after a
      // pause in typing), sort, filter or page change, so even quick clicking is a few requests a
      // second for a moment. 600 a minute still lets many people behind one address (an office, a
      // mobile operator's NAT) browse at once, while a script flooding searches is held to 10/s.
      config: { rateLimit: { max: 600, timeWindow: '1 minute' }, cleansQueryText: true },
      preParsing: async (request, reply) => {
        const page = app.publicListCache.peek(request.url);
        if (page) return sendPage(request, reply, page);
      },
    },
    async (request, reply) =>
      sendPage(request, reply, await app.publicListCache.get(app.db, request.query, request.url)),
  );

  api.get(
    '/api/tickets/:ticketId',
    {
      schema: {
        summary: "A ticket listing's details",
        params: ticketParams,
        response: { 200: ticketDetailsSchema, ...errorResponses('not-found', 'ticket-not-listed') },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-cache');
      return getTicketDetails(app.db, request.params.ticketId, request.user?.userId ?? null);
    },
  );

  api.post(
    '/api/tickets/:ticketId/views',
    {
      schema: {
        summary: 'Count a view of a ticket page',
        params: ticketParams,
        response: {
          200: viewCounted,
          201: viewCounted,
          ...errorResponses('not-found', 'resource-exhausted'),
        },
      },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const counted = await recordView(app.db, request.params.ticketId, {
        userId: request.user?.userId ?? null,
        address: request.ip,
        secret: app.config.cookieSecret,
      });
      return reply.status(counted ? 201 : 200).send({ counted });
    },
  );

  // One PDF, shown in the browser (the 'Näytä lippu' tab, the admin's 'Avaa uudessa välilehdessä'),
  // or saved with `?download=1` ('Lataa lippu').
  api.get(
    '/api/tickets/:ticketId/files/:fileId',
    {
      schema: {
        summary: 'One ticket PDF',
        params: fileParams,
        querystring: z.object({ download: z.enum(['1', '0']).optional() }),
        response: {
          200: ticketFile,
          ...errorResponses(
            'unauthenticated',
            'not-found',
            'permission-denied',
            'sale-refunded',
            'unavailable',
          ),
        },
      },
      config: { access: 'signed-in' },
    },
    async (request, reply) => {
      const { ticketId, fileId } = request.params;
      const { file } = await findDownloadableFile(
        app.db,
        ticketId,
        fileId,
        fileViewer(request, request.user.userId),
      );
      const log = request.log.child({ ticketId, fileId });
      const stored = await openTicketFile(app.files, file.storageKey, log);
      return sendPrivateFile(reply, request.query.download === '1' ? 'attachment' : 'inline', {
        fileName: file.fileName,
        contentType: 'application/pdf',
        ...stored,
      });
    },
  );

  // One page of a PDF drawn as an image: the admin's viewer shows these, since a phone's browser
  // does not show a PDF inside a page. Kept by the browser for five minutes, for paging back and
  // forth; never by a shared cache.
  api.get(
    '/api/tickets/:ticketId/files/:fileId/pages/:page',
    {
      schema: {
        summary: 'A page of a ticket PDF as an image',
        description:
          'Page `page` (1-based) of a ticket PDF as a WebP image at most 1200 pixels wide, for whoever may have the file.',
        params: pageParams,
        response: {
          200: ticketPage,
          ...errorResponses(
            'unauthenticated',
            'not-found',
            'permission-denied',
            'sale-refunded',
            'unavailable',
          ),
        },
      },
      // Each page is drawn anew in the PDF worker, which uploads wait for: far above what paging
      // through a listing's files asks, far below a flood.
      config: { access: 'signed-in', rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { ticketId, fileId, page } = request.params;
      const { file } = await findDownloadableFile(
        app.db,
        ticketId,
        fileId,
        fileViewer(request, request.user.userId),
      );
      const log = request.log.child({ ticketId, fileId });
      const webp = await renderTicketPage(app.files, app.ticketPdfs, file, page, request.user.userId, log);
      return reply
        .type('image/webp')
        .header('cache-control', 'private, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .send(webp);
    },
  );

  // The listing's whole package in one go: the bought tickets' 'Lataa liput'.
  api.get(
    '/api/tickets/:ticketId/download',
    {
      schema: {
        summary: "Download a listing's tickets (PDF or zip)",
        params: ticketParams,
        response: {
          200: ticketPackage,
          ...errorResponses(
            'unauthenticated',
            'not-found',
            'permission-denied',
            'sale-refunded',
            'unavailable',
          ),
        },
      },
      config: { access: 'signed-in' },
    },
    async (request, reply) => {
      const { ticketId } = request.params;
      const ticket = await findDownloadablePackage(
        app.db,
        ticketId,
        fileViewer(request, request.user.userId),
      );
      const download = await openTicketPackage(app.files, ticket, request.log.child({ ticketId }));
      return sendPrivateFile(reply, 'attachment', download);
    },
  );
}

/** The signed-in user asking for ticket files, and whether their admin area is unlocked. */
function fileViewer(request: FastifyRequest, userId: string): FileViewer {
  return { userId, adminAreaOpen: adminAccessExpiry(request, userId) !== null };
}

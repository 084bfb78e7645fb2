import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import {
  adminComplaintEvidenceParamsSchema,
  adminComplaintIdParamsSchema,
  adminComplaintSchema,
  adminComplaintsQuerySchema,
  adminComplaintsResponseSchema,
  complaintEvidenceParamsSchema,
  complaintMessages,
  complaintResponseSchema,
  complaintTicketParamsSchema,
  complaintViewSchema,
  fileComplaintSchema,
  maxEvidenceBytes,
  maxEvidenceFiles,
  myComplaintsSchema,
  resolveComplaintSchema,
} from '#shared/complaints/complaints.schema.ts';
import { AppError } from '../../app-error.ts';
import { errorResponses, fileResponse } from '../../http/route-schemas.ts';
import { readJsonWithFiles, type UploadedPart } from '../../plugins/multipart-uploads.ts';
import { sendPrivateFile } from '../../plugins/private-download.ts';
import { listAdminComplaints, openEvidenceForAdmin, resolveComplaint } from './complaint-resolution.ts';
import {
  type ComplaintsDeps,
  complaintView,
  fileComplaint,
  myComplaints,
  openOwnEvidence,
  respondToComplaint,
} from './complaints.service.ts';

// Complaints about bought tickets (docs/decisions/036): the buyer files one, the seller answers,
// an admin decides. The admin routes meet the auth plugin's 404 for everyone else.

const maxJsonPartBytes = 16 * 1024;

/** The JSON part and evidence files of a complaint or an answer, the JSON checked by `schema`. */
async function readWithEvidence<Schema extends ZodType>(
  request: FastifyRequest,
  jsonField: string,
  schema: Schema,
): Promise<{ body: z.output<Schema>; files: UploadedPart[] }> {
  const { json, files } = await readJsonWithFiles(request, {
    jsonField,
    fileField: 'evidence',
    fallbackName: 'liite',
    tooLarge: new AppError('file-too-large'),
    tooManyFiles: AppError.field('invalid-argument', 'evidence', complaintMessages.tooManyFiles),
  });
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));
    throw new AppError('invalid-argument', { message: issues[0]?.message, issues });
  }
  return { body: parsed.data, files };
}

const evidenceFile = fileResponse('The file: a picture as WebP, or a PDF', 'image/webp', 'application/pdf');

export async function complaintsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: maxEvidenceBytes,
      files: maxEvidenceFiles,
      fields: 1,
      // One more than the JSON and the files, so a sixth file is told as such.
      parts: maxEvidenceFiles + 2,
      fieldSize: maxJsonPartBytes,
      headerPairs: 100,
    },
  });
  const deps = (): ComplaintsDeps => ({
    db: app.db,
    files: app.files,
    pdfs: app.ticketPdfs,
    publicUrl: app.config.publicUrl,
    mailQueued: app.mailQueued,
    log: app.log,
  });
  const signedIn = { access: 'signed-in' } as const;
  const admin = { access: 'admin' } as const;
  const tags = ['Reklamaatiot'];
  const uploadLimit = maxEvidenceFiles * maxEvidenceBytes + maxJsonPartBytes + 64 * 1024;
  // Per account: each picture is decoded and encoded again, so one person cannot make that work more.
  const uploads = {
    ...signedIn,
    rateLimit: {
      max: 20,
      timeWindow: '1 hour',
      keyGenerator: (request: FastifyRequest) =>
        request.user ? `complaint:${request.user.userId}` : request.ip,
    },
  };
  const evidenceMultipart = z
    .array(z.file().mime(['image/jpeg', 'image/png', 'image/webp', 'application/pdf']))
    .max(maxEvidenceFiles)
    .optional()
    .meta({ description: `Evidence: pictures or PDFs, at most ${maxEvidenceFiles}, each at most 10 MB` });

  api.get(
    '/api/complaints',
    {
      schema: {
        summary: "The signed-in user's complaints, filed or received",
        tags,
        response: { 200: myComplaintsSchema, ...errorResponses('unauthenticated') },
      },
      config: signedIn,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-cache');
      return myComplaints(app.db, request.user.userId);
    },
  );

  api.get(
    '/api/complaints/:ticketId',
    {
      schema: {
        summary: "A bought or sold ticket's complaint",
        tags,
        description:
          'For the buyer or the seller of the ticket only: the complaint as that side sees it (both texts, its own files), or whether one may be filed.',
        params: complaintTicketParamsSchema,
        response: { 200: complaintViewSchema, ...errorResponses('unauthenticated', 'not-found') },
      },
      config: signedIn,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-cache');
      return complaintView(app.db, request.user.userId, request.params.ticketId);
    },
  );

  api.post(
    '/api/complaints/:ticketId',
    {
      schema: {
        summary: 'File a complaint about a bought ticket',
        tags,
        description:
          "The buyer, within 48 hours of the event's start: multipart/form-data with the `complaint` JSON part and 0–5 evidence files under `evidence`. Holds the seller's payout.",
        consumes: ['multipart/form-data'],
        params: complaintTicketParamsSchema,
        multipartBody: z.object({
          complaint: fileComplaintSchema.meta({ description: 'The complaint, as JSON' }),
          evidence: evidenceMultipart,
        }),
        response: {
          201: complaintViewSchema,
          ...errorResponses(
            'unauthenticated',
            'invalid-argument',
            'not-found',
            'complaint-window-closed',
            'complaint-exists',
            'sale-refunded',
            'invalid-evidence',
            'file-too-large',
            'resource-exhausted',
            'upload-failed',
          ),
        },
      },
      bodyLimit: uploadLimit,
      config: uploads,
    },
    async (request, reply) => {
      const { body, files } = await readWithEvidence(request, 'complaint', fileComplaintSchema);
      const view = await fileComplaint(deps(), request.user.userId, request.params.ticketId, body, files);
      return reply.status(201).send(view);
    },
  );

  api.post(
    '/api/complaints/:ticketId/response',
    {
      schema: {
        summary: 'Answer a complaint about a sold ticket',
        tags,
        description:
          'The seller, once, while the complaint is open: multipart/form-data with the `response` JSON part and 0–5 evidence files under `evidence`.',
        consumes: ['multipart/form-data'],
        params: complaintTicketParamsSchema,
        multipartBody: z.object({
          response: complaintResponseSchema.meta({ description: 'The answer, as JSON' }),
          evidence: evidenceMultipart,
        }),
        response: {
          200: complaintViewSchema,
          ...errorResponses(
            'unauthenticated',
            'invalid-argument',
            'not-found',
            'complaint-answered',
            'complaint-resolved',
            'invalid-evidence',
            'file-too-large',
            'resource-exhausted',
            'upload-failed',
          ),
        },
      },
      bodyLimit: uploadLimit,
      config: uploads,
    },
    async (request) => {
      const { body, files } = await readWithEvidence(request, 'response', complaintResponseSchema);
      return respondToComplaint(deps(), request.user.userId, request.params.ticketId, body, files);
    },
  );

  api.get(
    '/api/complaints/:ticketId/evidence/:evidenceId',
    {
      schema: {
        summary: 'Download a file of your own side of a complaint',
        tags,
        params: complaintEvidenceParamsSchema,
        response: { 200: evidenceFile, ...errorResponses('unauthenticated', 'not-found') },
      },
      config: signedIn,
    },
    async (request, reply) => {
      const { ticketId, evidenceId } = request.params;
      const file = await openOwnEvidence(deps(), request.user.userId, ticketId, evidenceId);
      return sendPrivateFile(reply, 'attachment', file);
    },
  );

  api.get(
    '/api/admin/complaints',
    {
      schema: {
        summary: 'Complaints, open ones first',
        tags: ['Ylläpito'],
        querystring: adminComplaintsQuerySchema,
        response: { 200: adminComplaintsResponseSchema, ...errorResponses('not-found', 'invalid-argument') },
      },
      config: admin,
    },
    async (request) => ({ complaints: await listAdminComplaints(app.db, { status: request.query.status }) }),
  );

  api.get(
    '/api/admin/complaints/:id/evidence/:evidenceId',
    {
      schema: {
        summary: "Download either side's file of a complaint",
        tags: ['Ylläpito'],
        params: adminComplaintEvidenceParamsSchema,
        response: { 200: evidenceFile, ...errorResponses('not-found') },
      },
      config: admin,
    },
    async (request, reply) => {
      const file = await openEvidenceForAdmin(deps(), request.params.id, request.params.evidenceId);
      return sendPrivateFile(reply, 'attachment', file);
    },
  );

  api.post(
    '/api/admin/complaints/:id/resolution',
    {
      schema: {
        summary: 'Decide a complaint: refund the buyer, or reject it',
        tags: ['Ylläpito'],
        description:
          "A refund returns the whole payment through the provider and cancels the seller's payout; a rejection, with a reason, releases the payout. Both sides are mailed.",
        params: adminComplaintIdParamsSchema,
        body: resolveComplaintSchema,
        response: {
          200: adminComplaintSchema,
          ...errorResponses('not-found', 'invalid-argument', 'complaint-resolved'),
        },
      },
      config: admin,
    },
    async (request) =>
      resolveComplaint(
        { ...deps(), refunds: app.purchases.refunds },
        request.user.userId,
        request.params.id,
        request.body,
      ),
  );
}

import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminImagesResponseSchema,
  adminListingIdParamsSchema,
  chooseListingImageSchema,
  listingImageResultSchema,
  maxAdminImageBytes,
} from '#shared/admin/admin.schema.ts';
import { errorMessages, requestProblemMessages } from '#shared/errors.ts';
import { AppError } from '../../app-error.ts';
import { errorResponses } from '../../http/route-schemas.ts';
import { multipartProblem, uploadedFileName } from '../../plugins/multipart-uploads.ts';
import {
  chooseListingImage,
  listAdminImages,
  openUploadedImage,
  uploadedImageFilePattern,
  uploadedImagesPath,
  uploadListingImage,
} from './admin-images.service.ts';

// Event pictures in the admin area, and the public address of the uploaded ones.

/** The one file of a multipart image upload, under `image`. */
async function readImageUpload(request: FastifyRequest): Promise<{ fileName: string; bytes: Buffer }> {
  let upload: { fileName: string; bytes: Buffer } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === 'image' && !upload) {
        upload = { fileName: uploadedFileName(part.filename, 'image', 'kuva'), bytes: await part.toBuffer() };
      } else {
        if (part.type === 'file') part.file.resume();
        throw new AppError('invalid-argument', { message: requestProblemMessages.malformedBody });
      }
    }
  } catch (error) {
    throw multipartProblem(error, { tooLarge: new AppError('image-too-large') });
  }
  if (!upload) throw new AppError('invalid-image');
  return upload;
}

/** The picture itself (image/webp), streamed as stored. */
const webpImage = z.any().meta({ description: 'The picture (image/webp)' });

export async function adminImagesRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  await app.register(fastifyMultipart, {
    limits: { fileSize: maxAdminImageBytes, files: 1, fields: 0, parts: 2, headerPairs: 100 },
  });
  const admin = { access: 'admin' } as const;
  const tags = ['Ylläpito'];
  const deps = () => ({ db: app.db, files: app.files, listings: app.listings, log: app.log });

  api.get(
    '/api/admin/images',
    {
      schema: {
        summary: 'Pictures available for listings',
        tags,
        description:
          "The pictures an admin may give a listing: each category's shipped defaults, and the uploaded ones newest first.",
        response: { 200: adminImagesResponseSchema, ...errorResponses('not-found') },
      },
      config: admin,
    },
    async () => listAdminImages(app.db),
  );

  api.put(
    '/api/admin/listings/:id/image',
    {
      schema: {
        summary: "Change a listing's picture",
        tags,
        description:
          "Changes a pending listing's picture. JSON `{ url }` chooses a category default or an earlier upload; multipart/form-data with one JPG, PNG or WebP file under `image` (at most 10 MB) uploads a new one, converted to WebP.",
        consumes: ['application/json', 'multipart/form-data'],
        params: adminListingIdParamsSchema,
        // Only a JSON body is parsed here; a multipart one reaches validation as null and is read by the handler.
        body: chooseListingImageSchema.nullish(),
        multipartBody: z.object({
          image: z
            .file()
            .mime(['image/jpeg', 'image/png', 'image/webp'])
            .meta({ description: `The picture, at most ${maxAdminImageBytes / 1024 / 1024} MB` }),
        }),
        response: {
          200: listingImageResultSchema,
          ...errorResponses(
            'invalid-argument',
            'invalid-image',
            'not-found',
            'listing-not-pending',
            'image-too-large',
            'resource-exhausted',
            'upload-failed',
          ),
        },
      },
      bodyLimit: maxAdminImageBytes + 64 * 1024,
      config: admin,
    },
    async (request) => {
      const { id } = request.params;
      if (request.isMultipart())
        return uploadListingImage(deps(), request.user.userId, id, await readImageUpload(request));
      if (!request.body)
        throw new AppError('invalid-argument', { message: requestProblemMessages.malformedBody });
      return chooseListingImage(deps(), request.user.userId, id, request.body.url);
    },
  );

  // Public: an approved listing shows its picture to everyone. The id is a random uuid that never
  // changes its picture, so the answer may be cached for good.
  api.get(
    `${uploadedImagesPath}/:file`,
    {
      schema: {
        params: z.object({ file: z.string().regex(uploadedImageFilePattern, errorMessages['not-found']) }),
        response: { 200: webpImage, ...errorResponses('not-found') },
      },
    },
    async (request, reply) => {
      const id = request.params.file.slice(0, -'.webp'.length);
      const stored = await openUploadedImage(app.files, id);
      if (!stored) throw new AppError('not-found');
      return reply
        .type('image/webp')
        .header('content-length', stored.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(stored.stream);
    },
  );
}

// What a route declares in its `schema` besides its zod types: the errors it answers with, a file
// sent as bytes, no body, a multipart body. Every route module is written in these words and the
// OpenAPI plugin (plugins/openapi.ts) reads them back. Nothing here is registered on the app, so
// it is no plugin: it sits beneath the modules and imports only src/shared.
import { z } from 'zod';
import { type ErrorCode, httpStatusByCode } from '#shared/errors.ts';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The parts of a multipart/form-data body that the handler reads itself (`request.parts()`):
     * documented in the OpenAPI document, never validated by Fastify. Files are `z.file()`.
     */
    multipartBody?: z.ZodObject;
  }
}

/** What the OpenAPI document says of a file response (see `fileResponse`). */
export interface FileResponseDoc {
  description: string;
  mediaTypes: readonly string[];
}

const fileResponses = new WeakMap<z.ZodType, FileResponseDoc>();

/**
 * The response schema of a file sent as bytes (a stream, a Buffer or a CSV string, never
 * serialized as JSON): documented with its media types and `format: binary`.
 */
export function fileResponse(description: string, ...mediaTypes: [string, ...string[]]): z.ZodAny {
  const schema = z.any().meta({ description });
  fileResponses.set(schema, { description, mediaTypes });
  return schema;
}

/** The file a response schema made by `fileResponse` stands for; undefined for any other schema. */
export function fileResponseOf(schema: z.ZodType): FileResponseDoc | undefined {
  return fileResponses.get(schema);
}

/** The response schema of a 204: no body. */
export const noContent = z.undefined().meta({ description: 'No content' });

/** The response schema of a redirect: no body, a Location. */
export const redirect = z.undefined().meta({ description: 'Redirect (Location header)' });

/** The body of every non-2xx answer (error-handler.ts sends it); `ApiError` in the document. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string().meta({
      description:
        'A code of the shared catalogue: each error response lists the codes of its operation and status',
    }),
    message: z.string().meta({ description: 'Finnish, to show to the user' }),
    issues: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .meta({ description: 'Per-field problems of a request that failed validation' }),
  }),
});

type ErrorBodySchema = typeof errorBodySchema;
type StatusOf<Code extends ErrorCode> = (typeof httpStatusByCode)[Code];

/**
 * `schema.response` entries for the error codes a route can answer with: each code's status (from
 * the shared catalogue) → the error body, described with the codes. Spread it beside the success
 * schema: `response: { 200: listSchema, ...errorResponses('not-found', 'invalid-argument') }`.
 */
export function errorResponses<const Codes extends readonly ErrorCode[]>(
  ...codes: Codes
): { [Status in StatusOf<Codes[number]>]: ErrorBodySchema } {
  const byStatus = new Map<number, string[]>();
  for (const code of codes) {
    const status: number = httpStatusByCode[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, statusCodes]) => [
      status,
      errorBodySchema.meta({ description: `Error: ${statusCodes.join(', ')}` }),
    ]),
  ) as { [Status in StatusOf<Codes[number]>]: ErrorBodySchema };
}

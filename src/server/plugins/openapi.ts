import { readFileSync } from 'node:fs';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ErrorCode, httpStatusByCode } from '#shared/errors.ts';

/** The browsable reference (Swagger UI, served from node_modules) and the document beside it. */
export const docsPrefix = '/api/docs';
export const openApiDocumentPath = `${docsPrefix}/openapi.json`;

const { version } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** A route as Fastify has it (`GET /api/tickets/:ticketId`). */
export interface AppRoute {
  method: string;
  url: string;
}

const routesByApp = new WeakMap<FastifyInstance, AppRoute[]>();

/**
 * Every route under /api the document describes: not the reference itself and not the development
 * mailbox (/api/dev/*), which production does not have.
 */
export function isDocumented(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith(`${docsPrefix}`) && !url.startsWith('/api/dev/');
}

/** Every route added after the document's plugin, as Fastify has it (HEAD twins left out). */
export function registeredRoutes(app: FastifyInstance): readonly AppRoute[] {
  return routesByApp.get(app) ?? [];
}

const zodTransform = createJsonSchemaTransform({ skipList: [] });

/**
 * OpenAPI 3.1 from the routes' zod schemas (@fastify/swagger + fastify-type-provider-zod), built
 * once when the app is ready, and Swagger UI at /api/docs. Register before the routes: the
 * document only knows the routes added after it.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const routes: AppRoute[] = [];
  routesByApp.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routes.push({ method, url: route.url });
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Lipputori API',
        version,
        description:
          'Lipputorin rajapinta: lippujen jälleenmyynti, tilit ja yhteydenotot. / The Lipputori API: ticket resale, accounts and contact.',
      },
    },
    transform: (input) => {
      if (!isDocumented(input.url)) return { schema: { hide: true }, url: input.url };
      const transformed = zodTransform(input);
      const schema = (transformed.schema ?? {}) as Record<string, unknown>;
      // Grouped in the reference by the first segment after /api: auth, account, tickets, …
      if (!schema.tags) schema.tags = [input.url.split('/')[2] ?? 'api'];
      return { ...transformed, schema };
    },
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: docsPrefix,
    // No request to validator.swagger.io or anywhere else: the page works offline.
    validatorUrl: false,
    theme: { title: 'Lipputori API' },
    logo: {
      type: 'image/svg+xml',
      content: readFileSync(new URL('../../../public/favicon.svg', import.meta.url)),
      href: '/',
    },
  });

  let documentJson = '';
  app.addHook('onReady', async () => {
    documentJson = JSON.stringify(app.swagger());
  });
  app.get(openApiDocumentPath, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(documentJson),
  );
}

/** The response schema of a 204: no body. */
export const noContent = z.undefined().meta({ description: 'No content' });

/** The response schema of a redirect: no body, a Location. */
export const redirect = z.undefined().meta({ description: 'Redirect (Location header)' });

/** The body of every non-2xx answer (error-handler.ts sends it). */
function errorBodySchema(codes: readonly string[]) {
  return z.object({
    error: z.object({
      code: z.string().meta({ description: `One of: ${codes.join(', ')}`, examples: [...codes] }),
      message: z.string().meta({ description: 'Finnish, to show to the user' }),
      issues: z
        .array(z.object({ path: z.string(), message: z.string() }))
        .optional()
        .meta({ description: 'Per-field problems of a request that failed validation' }),
    }),
  });
}

type ErrorBodySchema = ReturnType<typeof errorBodySchema>;
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
      errorBodySchema(statusCodes).meta({ description: `Error: ${statusCodes.join(', ')}` }),
    ]),
  ) as { [Status in StatusOf<Codes[number]>]: ErrorBodySchema };
}

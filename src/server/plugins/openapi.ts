import { readFileSync } from 'node:fs';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, errorResponses, fileResponseOf } from '../http/route-schemas.ts';
import type { RouteAccess } from './auth.ts';

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
 * The names of the cookies that open routes (set by the accounts and admin modules, handed in by
 * app.ts: a plugin imports no module).
 */
export interface AccessCookieNames {
  session: string;
  adminAccess: string;
}

/** Where the session cookie and the admin area's access cookie are described in the document. */
const securitySchemesOf = (cookies: AccessCookieNames) =>
  ({
    session: {
      type: 'apiKey',
      in: 'cookie',
      name: cookies.session,
      description:
        "The session: an httpOnly cookie set by POST /api/auth/register and POST /api/auth/login (and social sign-in), renewed as it is used. A request with the cookie that changes something (POST, PUT, PATCH, DELETE) must come from the site's own origin (Origin header) or carry none.",
    },
    adminAccess: {
      type: 'apiKey',
      in: 'cookie',
      name: cookies.adminAccess,
      description:
        "The admin area's second lock: a signed cookie set by POST /api/admin/access with the access key, bound to the admin's account and good for a day. Admin routes answer 404 without it, as without an admin's session.",
    },
  }) as const;

/** Who may call a route, from its declared `access` (plugins/auth.ts), as OpenAPI security. */
function securityOf(access: RouteAccess | undefined): Record<string, string[]>[] {
  if (access === undefined) return [];
  if (access === 'admin') return [{ session: [], adminAccess: [] }];
  return [{ session: [] }];
}

/**
 * A stable, readable operationId from the method and path: the method, then the path's words
 * after /api, a word before a path parameter made singular by its trailing "s":
 * `GET /api/tickets/:ticketId/files/:fileId` → `getTicketFile`, `PATCH /api/admin/sales/payout`
 * → `patchAdminSalesPayout`. A route may declare its own `operationId`; two alike stop the build.
 */
export function operationIdOf(method: string, url: string): string {
  const segments = url.split('/').slice(2);
  const words = segments.flatMap((segment, index) => {
    if (segment.startsWith(':')) return [];
    const beforeParam = segments[index + 1]?.startsWith(':') ?? false;
    const word = beforeParam && segment.endsWith('s') ? segment.slice(0, -1) : segment;
    return word.split(/[^a-zA-Z0-9]+/).filter(Boolean);
  });
  return method.toLowerCase() + words.map((word) => word[0]?.toUpperCase() + word.slice(1)).join('');
}

type JsonSchema = Record<string, unknown> & {
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
};

/** A query parameter with a default may be left out: zod's input schema lists it as required. */
function withDefaultsOptional(query: JsonSchema): JsonSchema {
  if (!query.required) return query;
  return {
    ...query,
    required: query.required.filter((name) => query.properties?.[name]?.default === undefined),
  };
}

/**
 * The JSON body of a route that also takes multipart, without its `null`: that is only how a
 * multipart body reaches validation, not a JSON body to send.
 */
function withoutNull(body: JsonSchema): JsonSchema {
  const branches = body.anyOf?.filter((branch) => branch.type !== 'null');
  return branches?.length === 1 && branches[0] ? branches[0] : body;
}

/**
 * Every route's schema as the document shows it: the zod schemas as JSON Schema, plus what the
 * route's declarations say without restating it: its security from `access`, the error answers
 * every route of its kind gives, files as binary, a multipart body, optional defaulted queries.
 */
function documentedSchema(input: Parameters<typeof zodTransform>[0] & { route: RouteOptions }) {
  const { route, url } = input;
  const declared = (input.schema ?? {}) as FastifySchema;
  const { multipartBody, ...rest } = declared;
  const access = route.config?.access;
  // The text guard (plugins/text-guard.ts) refuses unstorable text in any path, query or body;
  // the auth hook answers visitors 401 and the admin area's strangers 404.
  const implied = {
    ...errorResponses('invalid-argument'),
    ...(access === 'signed-in' ? errorResponses('unauthenticated') : {}),
    ...(access === 'admin' || access === 'admin-key' ? errorResponses('not-found') : {}),
  };
  const response = { ...implied, ...(declared.response as Record<string, unknown> | undefined) };
  const transformed = zodTransform({ ...input, schema: { ...rest, response } });
  const schema = transformed.schema as Record<string, unknown> & {
    querystring?: JsonSchema;
    body?: JsonSchema;
    response: Record<string, unknown>;
  };

  const method = [route.method].flat()[0] ?? 'GET';
  schema.operationId ??= operationIdOf(method, url);
  // Grouped in the reference by the first segment after /api: auth, account, tickets, …
  schema.tags ??= [url.split('/')[2] ?? 'api'];
  schema.security = securityOf(access);
  if (schema.querystring) schema.querystring = withDefaultsOptional(schema.querystring);
  for (const [status, zodSchema] of Object.entries(response)) {
    const file = fileResponseOf(zodSchema as z.ZodType);
    if (!file) continue;
    const binary = { schema: { type: 'string', format: 'binary' } };
    schema.response[status] = {
      description: file.description,
      content: Object.fromEntries(file.mediaTypes.map((mediaType) => [mediaType, binary])),
    };
  }
  if (multipartBody) {
    const parts = zodTransform({ ...input, schema: { body: multipartBody } }).schema as { body: JsonSchema };
    const json = schema.body ? { 'application/json': { schema: withoutNull(schema.body) } } : {};
    schema.body = { content: { ...json, 'multipart/form-data': { schema: parts.body } } };
  }
  return { schema, url };
}

/**
 * OpenAPI 3.1 from the routes' zod schemas (@fastify/swagger + fastify-type-provider-zod), built
 * once when the app is ready, and Swagger UI at /api/docs. Register before the routes: the
 * document only knows the routes added after it.
 */
export async function registerOpenApi(app: FastifyInstance, cookies: AccessCookieNames): Promise<void> {
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
          'Lipputorin rajapinta: lippujen jälleenmyynti, tilit ja yhteydenotot. / The Lipputori API: ticket resale, accounts and contact. Errors answer with the ApiError body; its `message` is Finnish, for the user.',
      },
      // Relative: the API answers where the document is served, on every deployment.
      servers: [{ url: '/', description: 'The site serving this document' }],
      components: { securitySchemes: securitySchemesOf(cookies) },
    },
    transform: (input) => {
      if (!isDocumented(input.url)) return { schema: { hide: true }, url: input.url };
      return documentedSchema(input);
    },
    transformObject: (input) => finishDocument(jsonSchemaTransformObject(input) as OpenApiObject),
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

interface OpenApiObject {
  paths?: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, unknown> };
  [key: string]: unknown;
}
interface OperationObject {
  operationId?: string;
  requestBody?: { content: Record<string, { schema?: JsonSchema; encoding?: Record<string, unknown> }> };
  responses?: Record<string, ResponseObject>;
}
interface ResponseObject {
  description: string;
  content?: Record<string, { schema?: unknown }>;
}

/**
 * Each part's Content-Type in a multipart body: a file's media types (`z.file().mime()`), JSON for
 * an object (the listing's part).
 */
function partEncodings(body: JsonSchema): Record<string, { contentType: string }> {
  const encodings: Record<string, { contentType: string }> = {};
  for (const [name, property] of Object.entries(body.properties ?? {})) {
    const part = (property.items as JsonSchema | undefined) ?? property;
    const mediaTypes = [part, ...(part.anyOf ?? [])].flatMap((schema) =>
      typeof schema.contentMediaType === 'string' ? [schema.contentMediaType] : [],
    );
    if (mediaTypes.length > 0) encodings[name] = { contentType: mediaTypes.join(', ') };
    else if (part.type === 'object') encodings[name] = { contentType: 'application/json' };
  }
  return encodings;
}

/**
 * The whole document's rules: every error answer refers to the one ApiError schema, a multipart
 * body says each part's Content-Type, and no two operations share an id (a route's own
 * `operationId` settles a clash of the derived ones).
 */
function finishDocument(document: OpenApiObject): OpenApiObject {
  const owners = new Map<string, string>();
  for (const [path, operations] of Object.entries(document.paths ?? {}))
    for (const [method, operation] of Object.entries(operations)) {
      const id = operation.operationId ?? '';
      const other = owners.get(id);
      if (other) throw new Error(`operationId ${id} of ${method} ${path} is also ${other}'s: declare one`);
      owners.set(id, `${method} ${path}`);
      const multipart = operation.requestBody?.content['multipart/form-data'];
      if (multipart?.schema) multipart.encoding = partEncodings(multipart.schema);
      for (const [status, response] of Object.entries(operation.responses ?? {}))
        if (Number(status) >= 400 && response.content?.['application/json'])
          response.content['application/json'] = { schema: { $ref: '#/components/schemas/ApiError' } };
    }
  const apiError = z.toJSONSchema(errorBodySchema, { target: 'draft-2020-12' });
  delete apiError.$schema;
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ApiError: apiError },
  };
  return document;
}

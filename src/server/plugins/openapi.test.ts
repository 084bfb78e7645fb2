import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { httpStatusByCode } from '#shared/errors.ts';
import { errorResponses, fileResponse } from '../http/route-schemas.ts';
import { sessionCookieName } from '../modules/accounts/sessions.ts';
import { adminAccessCookieName } from '../modules/admin/admin-access.ts';
import { apiRoutesInTree } from '../test/route-tree.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { isDocumented, operationIdOf, registeredRoutes, registerOpenApi } from './openapi.ts';

interface Schema {
  type?: string;
  format?: string;
  default?: unknown;
  properties?: Record<string, Schema>;
  items?: Schema;
  required?: string[];
  $ref?: string;
}
interface Operation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
  requestBody?: {
    content: Record<string, { schema: Schema; encoding?: Record<string, { contentType: string }> }>;
  };
  responses?: Record<string, { description?: string; content?: Record<string, { schema: Schema }> }>;
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Schema>;
    securitySchemes: Record<string, { type: string; in: string; name: string }>;
  };
}

const cookies = { session: sessionCookieName, adminAccess: adminAccessCookieName };
let t: TestApp;
let document: OpenApiDocument;
beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  document = response.json();
});
afterAll(() => t.close());

/** Fastify's `/api/tickets/:ticketId` (or `:id(^\d+$)`) as OpenAPI writes it: `/api/tickets/{ticketId}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)(\([^)]*\))?/g, '{$1}');

const documentedRoutesInTree = () => apiRoutesInTree(t.app).filter((route) => isDocumented(route.url));

/** Every operation of the document with its method and path. */
const operations = () =>
  Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({ method, path, operation })),
  );

/** A request path for a documented path: any id routes (access is checked before the params). */
const requestPath = (path: string) =>
  path.replace(/\{page\}/, '1').replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 about the Lipputori API', () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info.title).toBe('Lipputori API');
    expect(document.info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(document.info.description).toContain('Lipputori');
  });

  it('describes every route under /api with its method', () => {
    const routes = registeredRoutes(t.app).filter((route) => isDocumented(route.url));
    expect(routes.length).toBeGreaterThan(10);
    // The hook saw every API route the tree has: none was added before the document's plugin.
    expect(new Set(routes.map((route) => `${route.method} ${route.url}`))).toEqual(
      new Set(documentedRoutesInTree().map((route) => `${route.method} ${route.url}`)),
    );
    const missing = routes
      .filter((route) => !document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()])
      .map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
  });

  it('has nothing but the API: no pages, files, development mailbox or the reference itself', () => {
    const paths = Object.keys(document.paths);
    expect(paths.filter((path) => !isDocumented(path))).toEqual([]);
  });

  it('gives every operation a success response', () => {
    for (const [path, operations] of Object.entries(document.paths)) {
      const methods = Object.entries(operations);
      expect(methods.length, path).toBeGreaterThan(0);
      for (const [method, operation] of methods) {
        const statuses = Object.keys(operation.responses ?? {});
        expect(
          statuses.some((status) => ['200', '201', '204', '302'].includes(status)),
          `${method} ${path}`,
        ).toBe(true);
      }
    }
  });

  it('names the error codes of every operation', () => {
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const errors = Object.entries(operation.responses ?? {}).filter(([status]) => status >= '400');
        expect(errors.length, `${method} ${path}`).toBeGreaterThan(0);
        for (const [, response] of errors)
          expect((response as { description?: string }).description, `${method} ${path}`).toMatch(
            /^Error: [a-z-]+/,
          );
      }
    }
  });

  it('gives every operation a unique, readable operationId and a short summary', () => {
    const ids = operations().map(({ operation }) => operation.operationId ?? '');
    for (const id of ids) expect(id).toMatch(/^(get|post|put|patch|delete)[A-Z][A-Za-z0-9]*$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths['/api/tickets/{ticketId}/files/{fileId}']?.get?.operationId).toBe('getTicketFile');
    for (const { method, path, operation } of operations()) {
      expect(operation.summary, `${method} ${path}`).toMatch(/^[A-Z].{5,60}$/);
    }
  });

  it('describes the session and admin access cookies, and which operations need them', async () => {
    expect(document.components.securitySchemes).toEqual({
      session: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: sessionCookieName }),
      adminAccess: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: adminAccessCookieName }),
    });
    expect(document.paths['/api/tickets']?.get?.security).toEqual([]);
    expect(document.paths['/api/account']?.get?.security).toEqual([{ session: [] }]);
    expect(document.paths['/api/admin/access']?.post?.security).toEqual([{ session: [] }]);
    expect(document.paths['/api/admin/sales']?.get?.security).toEqual([{ session: [], adminAccess: [] }]);
    // What the document says is what the server does: without the cookies, each operation that
    // needs them is refused before anything else (401; the admin area 404 as if it did not exist).
    for (const { method, path, operation } of operations()) {
      expect(operation.security, `${method} ${path}`).toBeDefined();
      if (operation.security?.length === 0) continue;
      const response = await t.app.inject({ method: method.toUpperCase() as 'GET', url: requestPath(path) });
      expect(response.statusCode, `${method} ${path}`).toBe(path.startsWith('/api/admin') ? 404 : 401);
    }
    // And the other way: a route that refuses visitors is never documented as public.
    for (const { method, path, operation } of operations()) {
      if (operation.security?.length !== 0 || method !== 'get') continue;
      const response = await t.app.inject({ method: 'GET', url: requestPath(path) });
      expect(response.statusCode, `${method} ${path}`).not.toBe(401);
    }
  });

  it('types files with their media types as binary, never as JSON', () => {
    const fileTypes = (path: string, method = 'get') => {
      const content = document.paths[path]?.[method]?.responses?.['200']?.content ?? {};
      for (const media of Object.values(content))
        expect(media.schema).toEqual({ type: 'string', format: 'binary' });
      return Object.keys(content);
    };
    expect(fileTypes('/api/tickets/{ticketId}/files/{fileId}')).toEqual(['application/pdf']);
    expect(fileTypes('/api/tickets/{ticketId}/files/{fileId}/pages/{page}')).toEqual(['image/webp']);
    expect(fileTypes('/api/tickets/{ticketId}/download')).toEqual(['application/pdf', 'application/zip']);
    expect(fileTypes('/api/admin/sales.csv')).toEqual(['text/csv']);
    // No answer is JSON of any shape: a `z.any()` response documented as JSON would be.
    for (const { method, path, operation } of operations())
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const json = response.content?.['application/json'];
        if (json) expect(json.schema, `${method} ${path} ${status}`).not.toEqual({});
      }
  });

  it("documents the multipart upload of POST /api/listings: the listing's JSON and the PDFs", () => {
    const body = document.paths['/api/listings']?.post?.requestBody?.content['multipart/form-data'];
    expect(body?.schema.required).toEqual(['listing', 'files']);
    expect(body?.schema.properties?.listing?.type).toBe('object');
    expect(body?.schema.properties?.listing?.properties?.eventName?.type).toBe('string');
    expect(body?.schema.properties?.files).toMatchObject({
      type: 'array',
      minItems: 1,
      maxItems: 6,
      items: { type: 'string', format: 'binary' },
    });
    expect(body?.encoding).toEqual({
      listing: { contentType: 'application/json' },
      files: { contentType: 'application/pdf' },
    });
    const image = document.paths['/api/admin/listings/{id}/image']?.put?.requestBody?.content;
    expect(Object.keys(image ?? {})).toEqual(['application/json', 'multipart/form-data']);
    expect(image?.['application/json']?.schema.required).toEqual(['url']);
    expect(image?.['multipart/form-data']?.encoding?.image?.contentType).toBe(
      'image/jpeg, image/png, image/webp',
    );
  });

  it('lists no query parameter with a default as required', () => {
    for (const { method, path, operation } of operations())
      for (const parameter of operation.parameters ?? [])
        if (parameter.in === 'query' && parameter.schema.default !== undefined)
          expect(parameter.required, `${method} ${path} ?${parameter.name}`).toBe(false);
    const list = document.paths['/api/tickets']?.get?.parameters ?? [];
    expect(list.map((parameter) => parameter.name)).toContain('searchTerm');
    expect(list.filter((parameter) => parameter.required)).toEqual([]);
  });

  it('answers every error with the one ApiError schema, and every operation can answer a 4xx', async () => {
    expect(document.components.schemas.ApiError?.required).toEqual(['error']);
    for (const { method, path, operation } of operations()) {
      const errors = Object.entries(operation.responses ?? {}).filter(([status]) => Number(status) >= 400);
      expect(
        errors.some(([status]) => status.startsWith('4')),
        `${method} ${path}`,
      ).toBe(true);
      for (const [status, response] of errors)
        expect(response.content, `${method} ${path} ${status}`).toEqual({
          'application/json': { schema: { $ref: '#/components/schemas/ApiError' } },
        });
    }
    // The 400 every operation documents is real: the text guard answers it on any route.
    const refused = await t.app.inject({ method: 'GET', url: '/api/auth/providers?x=%00' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { code: 'invalid-argument' } });
  });

  it('names the site that serves it as its server', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('is built once: every answer is the same bytes', async () => {
    const again = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(again.json()).toEqual(document);
  });
});

describe('the browsable reference', () => {
  it('answers /api/docs with a page that loads Swagger UI from this server', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src).toMatch(/^\/api\/docs\//);
      const script = await t.app.inject({ method: 'GET', url: src });
      expect(script.statusCode, src).toBe(200);
    }
  });
});

describe('operationIdOf', () => {
  it('joins the method and the words of the path, a word before a parameter made singular', () => {
    expect(operationIdOf('GET', '/api/tickets')).toBe('getTickets');
    expect(operationIdOf('GET', '/api/tickets/:ticketId/files/:fileId/pages/:page')).toBe(
      'getTicketFilePage',
    );
    expect(operationIdOf('POST', '/api/auth/password-reset/request')).toBe('postAuthPasswordResetRequest');
    expect(operationIdOf('GET', '/api/admin/sales.csv')).toBe('getAdminSalesCsv');
    expect(operationIdOf('PATCH', '/api/admin/sales/:id/payout')).toBe('patchAdminSalePayout');
    expect(operationIdOf('PATCH', '/api/admin/sales/payout')).toBe('patchAdminSalesPayout');
  });

  it('refuses a document where two operations would share one', async () => {
    const app = Fastify();
    await registerOpenApi(app, cookies);
    app.get('/api/things/:id', { schema: { summary: 'One thing' } }, async () => ({}));
    app.get('/api/thing', { schema: { summary: 'The thing', operationId: 'getThing' } }, async () => ({}));
    // The document is built as the app gets ready: such an app does not start.
    await expect(app.ready()).rejects.toThrow(/operationId getThing/);
    await app.close();
  });
});

describe('fileResponse', () => {
  it('documents a file with its media types, and sends the bytes as they are', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await registerOpenApi(app, cookies);
    app.get(
      '/api/things/report.csv',
      { schema: { summary: 'A report', response: { 200: fileResponse('The report', 'text/csv') } } },
      async (_request, reply) => reply.type('text/csv; charset=utf-8').send('a;b\r\n'),
    );
    await app.ready();
    const doc = app.swagger() as unknown as OpenApiDocument;
    expect(doc.paths['/api/things/report.csv']?.get?.responses?.['200']).toEqual({
      description: 'The report',
      content: { 'text/csv': { schema: { type: 'string', format: 'binary' } } },
    });
    const report = await app.inject({ method: 'GET', url: '/api/things/report.csv' });
    expect(report.body).toBe('a;b\r\n');
    await app.close();
  });
});

describe('errorResponses', () => {
  it('maps codes to their statuses from the shared catalogue, described with the codes', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await registerOpenApi(app, cookies);
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/things/:thingId',
      {
        schema: {
          params: z.object({ thingId: z.string() }),
          response: {
            200: z.object({ name: z.string() }),
            ...errorResponses('not-found', 'unauthenticated', 'invalid-argument'),
          },
        },
      },
      async (request, reply) =>
        request.params.thingId === 'missing'
          ? reply.status(404).send({ error: { code: 'not-found', message: 'Ei löytynyt' } })
          : { name: 'Lippu' },
    );
    await app.ready();
    const doc = (
      await app.inject({ method: 'GET', url: '/api/docs/openapi.json' })
    ).json() as OpenApiDocument;
    const responses = doc.paths['/api/things/{thingId}']?.get?.responses ?? {};
    expect(Object.keys(responses).sort()).toEqual(
      ['200', ...[httpStatusByCode['not-found'], httpStatusByCode.unauthenticated, 400].map(String)].sort(),
    );
    expect(responses[String(httpStatusByCode['not-found'])]?.description).toContain('not-found');
    expect(responses['400']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/ApiError',
    });
    expect(JSON.stringify(doc.components.schemas.ApiError)).toContain('issues');
    // The error body still goes out as sent: the schema describes it, it does not change it.
    const missing = await app.inject({ method: 'GET', url: '/api/things/missing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: 'not-found', message: 'Ei löytynyt' } });
    await app.close();
  });

  it('puts codes of one status in one entry', () => {
    const responses = errorResponses('unauthenticated', 'not-found', 'unauthenticated');
    expect(Object.keys(responses).map(Number).sort()).toEqual(
      [httpStatusByCode.unauthenticated, httpStatusByCode['not-found']].sort(),
    );
  });
});

import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { httpStatusByCode } from '#shared/errors.ts';
import { apiRoutesInTree } from '../test/route-tree.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { errorResponses, isDocumented, registeredRoutes, registerOpenApi } from './openapi.ts';

interface Operation {
  responses?: Record<string, { description?: string; content?: Record<string, { schema: unknown }> }>;
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, Operation>>;
}

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

  it('names the error codes of every operation that can fail', () => {
    for (const [path, operations] of Object.entries(document.paths)) {
      if (path === '/api/auth/providers') continue; // answers whoever asks, always
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

describe('errorResponses', () => {
  it('maps codes to their statuses from the shared catalogue, described with the codes', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await registerOpenApi(app);
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
    expect(JSON.stringify(responses['400'])).toContain('issues');
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

import { describe, expect, it } from 'vitest';
import { lintOpenApiDocument } from './lint-openapi.ts';

// The app's own document is linted by `npm run lint`; these small ones show what the lint catches.

const error = { description: 'Error', content: { 'application/json': { schema: { type: 'object' } } } };
const documentWith = (operation: Record<string, unknown>) => ({
  openapi: '3.1.0',
  info: { title: 'Lipputori API', version: '1.0.0', description: 'Test' },
  servers: [{ url: '/' }],
  paths: { '/api/things': { get: operation } },
  components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'lt_session' } } },
});

describe('lint-openapi', () => {
  it("passes a clean document and names each problem of a flawed one by Redocly's rule", () => {
    const clean = {
      operationId: 'getThings',
      summary: 'The things',
      security: [{ session: [] }],
      responses: { 200: { description: 'The things' }, 401: error },
    };
    expect(lintOpenApiDocument(documentWith(clean))).toEqual([]);

    // No summary, no security (so the scheme is unused: a warning fails too), and only a 4xx.
    const flawed = { operationId: 'getThings', responses: { 401: error } };
    const problems = lintOpenApiDocument(documentWith(flawed));
    expect(problems.map((problem) => problem.ruleId).sort()).toEqual([
      'no-unused-components',
      'operation-summary',
      'rule/operation-success-response',
      'security-defined',
    ]);
    expect(problems.find((problem) => problem.ruleId === 'operation-summary')?.pointer).toBe(
      '#/paths/~1api~1things/get/summary',
    );
  });

  it('counts a redirect as the success of a browser navigation', () => {
    const redirect = {
      operationId: 'getThings',
      summary: 'Go to the things',
      security: [{ session: [] }],
      responses: { 302: { description: 'Redirect' }, 400: error },
    };
    expect(lintOpenApiDocument(documentWith(redirect))).toEqual([]);
  });
});

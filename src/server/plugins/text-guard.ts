import type { FastifyInstance } from 'fastify';
import { findUnstorableText, unstorableTextMessage } from '#shared/text.ts';
import { AppError } from '../app-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's query schema drops unstorable characters itself (a search term), so they pass. */
    cleansQueryText?: boolean;
  }
}

/**
 * Refuses a request whose body, path or query holds a string that is not storable text (see
 * `#shared/text.ts`), before any schema or service sees it: one rule for every route, now and
 * later, answered with a Finnish 400 on the offending field.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const sources: unknown[] = [request.body, request.params];
    if (!request.routeOptions.config.cleansQueryText) sources.push(request.query);
    for (const source of sources) {
      const path = findUnstorableText(source);
      if (path !== undefined) throw AppError.field('invalid-argument', path, unstorableTextMessage);
    }
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { analyticsEventSchema } from '#shared/analytics/analytics.schema.ts';
import { errorResponses, noContent } from '../../http/route-schemas.ts';
import { recordAnalyticsEvent } from './analytics.service.ts';

export async function analyticsRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/analytics',
    {
      schema: {
        summary: 'Record an analytics event',
        body: analyticsEventSchema,
        response: { 204: noContent, ...errorResponses('invalid-argument', 'resource-exhausted') },
      },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      await recordAnalyticsEvent(app.db, request.body, request.user?.userId ?? null);
      return reply.status(204).send();
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { analyticsEventSchema } from '#shared/analytics/analytics.schema.ts';
import { analyticsEvents } from '../../db/schema/index.ts';

export async function analyticsRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/analytics',
    {
      schema: { body: analyticsEventSchema },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const event = request.body;
      await app.db.insert(analyticsEvents).values({
        category: event.category,
        action: event.action,
        label: event.label ?? null,
        value: event.value ?? null,
        metadata: event.metadata ?? null,
        userId: request.user?.userId ?? null,
      });
      return reply.status(204).send();
    },
  );
}

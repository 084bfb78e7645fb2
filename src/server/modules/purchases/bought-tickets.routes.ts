import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { boughtTicketsSchema } from '#shared/purchases/purchase.schema.ts';
import { errorResponses } from '../../http/route-schemas.ts';
import { boughtTickets } from './bought-tickets.ts';

export async function boughtTicketsRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/purchases',
    {
      schema: {
        summary: "The signed-in user's bought tickets",
        response: { 200: boughtTicketsSchema, ...errorResponses('unauthenticated') },
      },
      config: { access: 'signed-in' },
    },
    async (request, reply) => {
      // The buyer's own purchases: never kept by a shared cache.
      reply.header('cache-control', 'private, no-cache');
      return { tickets: await boughtTickets(app.db, request.user.userId) };
    },
  );
}

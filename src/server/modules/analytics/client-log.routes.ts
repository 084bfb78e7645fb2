import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientLogSchema } from '#shared/purchases/purchase.schema.ts';
import { errorResponses, noContent } from '../../http/route-schemas.ts';

/** A browser's report is a message and a little context: anything bigger is not a report. */
const clientLogBodyLimit = 16 * 1024;

/**
 * POST /api/client-log (spec 01 §7): errors the browser met, written into the server's own log so
 * they are seen with the requests around them. Fire and forget: nothing is stored, the answer is 204.
 */
export async function clientLogRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/client-log',
    {
      schema: {
        summary: 'Report an error seen in the browser',
        body: clientLogSchema,
        response: { 204: noContent, ...errorResponses('invalid-argument', 'resource-exhausted') },
      },
      bodyLimit: clientLogBodyLimit,
      // A page that fails in a loop must not fill the log: a few reports a minute is plenty.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { level, message, component, context, userId: claimedUserId } = request.body;
      // The session says who sent it; the body's word is kept beside it only when it differs.
      const userId = request.user?.userId ?? null;
      const clientLog = {
        message,
        component,
        context,
        userId,
        ...(claimedUserId && claimedUserId !== userId ? { claimedUserId } : {}),
      };
      const logLevel = level === 'error' ? 'error' : level === 'warn' ? 'warn' : 'info';
      request.log[logLevel]({ clientLog }, 'client log');
      return reply.status(204).send();
    },
  );
}

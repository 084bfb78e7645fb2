import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cancellableEventsResponseSchema,
  cancellationCreatedSchema,
  createCancellationSchema,
  eventCancellationsResponseSchema,
  eventSearchQuerySchema,
} from '#shared/admin/event-cancellations.schema.ts';
import { errorResponses } from '../../http/route-schemas.ts';
import { cancelEvent, findCancellableEvents, listEventCancellations } from './event-cancellations.ts';

// The admin area's cancelled events: find an event's listings, cancel them, follow the job.
// Everyone but an admin with the access cookie meets the auth plugin's 404 before any of this runs.

const tags = ['Ylläpito'];
const hidden = 'not-found' as const;

export async function eventCancellationsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' } as const;

  api.get(
    '/api/admin/event-cancellations/events',
    {
      schema: {
        summary: 'Find the events whose listings a cancellation may concern',
        tags,
        querystring: eventSearchQuerySchema,
        response: { 200: cancellableEventsResponseSchema, ...errorResponses(hidden, 'invalid-argument') },
      },
      config: admin,
    },
    async (request) => ({ events: await findCancellableEvents(app.db, request.query.q) }),
  );

  api.get(
    '/api/admin/event-cancellations',
    {
      schema: {
        summary: 'The cancelled events and how far their refunds have come',
        tags,
        response: { 200: eventCancellationsResponseSchema, ...errorResponses(hidden) },
      },
      config: admin,
    },
    async () => ({ cancellations: await listEventCancellations(app.db) }),
  );

  api.post(
    '/api/admin/event-cancellations',
    {
      schema: {
        summary: 'Cancel an event: refund sales, withdraw the rest',
        tags,
        description:
          'Records the cancellation; the background job process-event-cancellations then refunds each sale through the payment provider, takes the unsold listings off sale and mails buyers and sellers.',
        body: createCancellationSchema,
        response: {
          201: cancellationCreatedSchema,
          ...errorResponses(hidden, 'invalid-argument', 'aborted'),
        },
      },
      config: admin,
    },
    async (request, reply) => {
      const id = await cancelEvent(app.db, request.user.userId, request.body);
      if (app.jobs.started)
        app.jobs
          .runSoon('process-event-cancellations')
          .catch((error: unknown) => request.log.error({ err: error }, 'cancellation kick failed'));
      return reply.status(201).send({ id });
    },
  );
}

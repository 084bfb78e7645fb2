import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type EventSearchResult,
  eventSearchMaxResults,
  eventSearchQuerySchema,
  eventSearchResponseSchema,
} from '#shared/listings/event-search.schema.ts';
import { errorResponses } from '../../http/route-schemas.ts';
import { EventCatalogError } from '../../platform/event-catalog/event-catalog.ts';
import type { CancelledEventCheck } from './create-listing.ts';

/**
 * The sell wizard's event search (spec 02 §7 searchEvents), through `app.eventCatalog`, without
 * the events an admin has cancelled: the catalogue may still carry them, and their tickets could
 * not be put on sale anyway.
 */
export async function eventSearchRoutes(
  app: FastifyInstance,
  options: { cancelledEvents: CancelledEventCheck },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/events/search',
    {
      schema: {
        tags: ['events'],
        summary: 'Search events for a new listing',
        description:
          'Tapahtumahaku lipun myyntilomakkeelle: enintään 10 tulevaa tapahtumaa, lähimmät ensin, ilman ylläpidon perumia tapahtumia. / Events matching `q` for the sell wizard, at most 10, soonest first, without the events an admin has cancelled. Answers an empty list when the outside catalogue (Ticketmaster) fails.',
        querystring: eventSearchQuerySchema,
        response: {
          200: eventSearchResponseSchema,
          ...errorResponses('invalid-argument', 'unauthenticated', 'resource-exhausted'),
        },
      },
      config: {
        access: 'signed-in',
        // The wizard asks 500 ms after typing stops, so a person makes a few searches a minute;
        // counted per user (the route is for signed-in users only), so that many sellers behind
        // one address are not limited together, while one account cannot spend the outside
        // catalogue's quota.
        rateLimit: {
          max: 60,
          timeWindow: '1 minute',
          keyGenerator: (request) => (request.user ? `user:${request.user.userId}` : request.ip),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-cache');
      let events: EventSearchResult[];
      try {
        events = await app.eventCatalog.search(request.query.q, eventSearchMaxResults);
      } catch (error) {
        if (!(error instanceof EventCatalogError)) throw error;
        // The seller fills the fields in by hand; the log says why there were no suggestions.
        request.log.warn(
          { catalogue: error.catalogue, reason: error.reason, status: error.status },
          `event search: ${error.message}`,
        );
        events = [];
      }
      events = events.slice(0, eventSearchMaxResults);
      const cancelled = await options.cancelledEvents(
        app.db,
        events.map((event) => ({ eventName: event.name, day: event.dates.start.localDate })),
      );
      return { events: events.filter((_event, index) => !cancelled[index]) };
    },
  );
}

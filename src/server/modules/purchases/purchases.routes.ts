import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listingIdSchema } from '#shared/browsing/ticket-details.schema.ts';
import { requestProblemMessages } from '#shared/errors.ts';
import {
  cancelReservationSchema,
  createReservationSchema,
  paymentLookupQuerySchema,
  paymentLookupSchema,
  paymentStatusSchema,
  paymentVerificationSchema,
  reservationRefSchema,
  reservationSchema,
  reservationValidSchema,
} from '#shared/purchases/purchase.schema.ts';
import { AppError } from '../../app-error.ts';
import { errorResponses, noContent } from '../../http/route-schemas.ts';

// The buyer's side of a purchase (spec 01 §3, §7): reserve, validate, cancel, and the waiting
// page's status checks. The provider's events arrive through payments.routes.ts.

const ticketParams = z.object({ ticketId: listingIdSchema });

export async function purchasesRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { access: 'signed-in' } as const;
  const tags = ['Ostaminen'];

  api.post(
    '/api/purchases/:ticketId/reservation',
    {
      schema: {
        summary: 'Reserve a ticket and start paying',
        tags,
        description:
          'create-intent: holds the ticket for the buyer (RESERVATION_MINUTES) and creates the payment intent. Asked again while the hold lasts, answers the same intent.',
        params: ticketParams,
        body: createReservationSchema,
        response: {
          200: reservationSchema,
          ...errorResponses(
            'unauthenticated',
            'not-found',
            'own_ticket',
            'ticket_unavailable',
            'ticket_reserved',
            'invalid_price',
            'payment_setup_failed',
            'too_many_holds',
            'too_many_abandoned_holds',
            'resource-exhausted',
          ),
        },
      },
      config: { ...signedIn, rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) =>
      app.purchases.holds.reserve(request.params.ticketId, request.user.userId, request.body.priceCents),
  );

  api.post(
    '/api/purchases/:ticketId/reservation/validate',
    {
      schema: {
        summary: 'Check that a reservation still holds',
        tags,
        description:
          'validate-reservation: whether the buyer still holds the ticket for this payment intent.',
        params: ticketParams,
        body: reservationRefSchema,
        response: {
          200: reservationValidSchema,
          ...errorResponses('unauthenticated', 'not-found', 'reservation_invalid', 'reservation_expired'),
        },
      },
      config: signedIn,
    },
    async (request) => {
      const expiresAt = await app.purchases.holds.validate(
        request.params.ticketId,
        request.user.userId,
        request.body.paymentIntentId,
      );
      return { valid: true as const, reservationExpiresAt: expiresAt.toISOString() };
    },
  );

  api.delete(
    '/api/purchases/:ticketId/reservation',
    {
      schema: {
        summary: 'Cancel a reservation',
        tags,
        description:
          'cancel-reservation: the buyer left without paying; the ticket is free for others at once.',
        params: ticketParams,
        querystring: cancelReservationSchema,
        response: { 204: noContent, ...errorResponses('unauthenticated', 'not-found') },
      },
      config: signedIn,
    },
    async (request, reply) => {
      const intents = await app.purchases.holds.cancel(
        request.params.ticketId,
        request.user.userId,
        request.query.paymentIntentId,
      );
      app.afterReply.run(reply, 'cancel payment intents', () =>
        app.purchases.settlement.cancelIntents(intents),
      );
      return reply.status(204).send();
    },
  );

  // navigator.sendBeacon can send only simple content types: its JSON arrives as text/plain.
  app.register(async (beacon) => {
    beacon.addContentTypeParser(
      'text/plain',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(body as string));
        } catch {
          done(
            new AppError('invalid-argument', { message: requestProblemMessages.malformedBody }),
            undefined,
          );
        }
      },
    );
    beacon.withTypeProvider<ZodTypeProvider>().post(
      '/api/purchases/:ticketId/reservation/cancel',
      {
        schema: {
          summary: 'Cancel a reservation as the page closes (beacon)',
          tags,
          description:
            'cancel-reservation for navigator.sendBeacon when the tab closes (JSON sent as text/plain).',
          params: ticketParams,
          body: cancelReservationSchema,
          response: { 204: noContent, ...errorResponses('unauthenticated', 'not-found', 'invalid-argument') },
        },
        bodyLimit: 1024,
        config: signedIn,
      },
      async (request, reply) => {
        const intents = await app.purchases.holds.cancel(
          request.params.ticketId,
          request.user.userId,
          request.body.paymentIntentId,
        );
        app.afterReply.run(reply, 'cancel payment intents', () =>
          app.purchases.settlement.cancelIntents(intents),
        );
        return reply.status(204).send();
      },
    );
  });

  api.get(
    '/api/purchases/:ticketId/status',
    {
      schema: {
        summary: "A purchase's payment status",
        tags,
        description:
          'checkPaymentStatus: success, failed with its errorCode, or pending (the waiting page polls every 3 s).',
        params: ticketParams,
        response: { 200: paymentStatusSchema, ...errorResponses('unauthenticated', 'not-found') },
      },
      config: { ...signedIn, rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return app.purchases.statuses.status(request.params.ticketId, request.user.userId);
    },
  );

  api.post(
    '/api/purchases/:ticketId/verify',
    {
      schema: {
        summary: 'Check a payment with the payment provider',
        tags,
        description:
          'verifyPaymentDirectly: asks the payment provider itself (after 30 s of waiting) and settles what it says.',
        params: ticketParams,
        response: {
          200: paymentVerificationSchema,
          ...errorResponses('unauthenticated', 'not-found', 'resource-exhausted'),
        },
      },
      config: { ...signedIn, rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) => app.purchases.statuses.verify(request.params.ticketId, request.user.userId),
  );

  api.get(
    '/api/purchases/payment',
    {
      schema: {
        summary: 'A payment by its client secret (after a redirect)',
        tags,
        description:
          "The success page's lookup after a provider redirect: the buyer's payment by the intent's client secret.",
        querystring: paymentLookupQuerySchema,
        response: { 200: paymentLookupSchema, ...errorResponses('unauthenticated', 'not-found') },
      },
      config: signedIn,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return app.purchases.statuses.lookup(request.user.userId, request.query.clientSecret);
    },
  );
}

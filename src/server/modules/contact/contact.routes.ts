import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactMessageSchema, newsletterSubscribeSchema } from '#shared/contact/contact.schema.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import { sendContactMessage, subscribeToNewsletter } from './contact.service.ts';

const okResponse = z.object({ ok: z.literal(true) });

export async function contactRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/contact',
    {
      schema: {
        summary: 'Send a message to customer service',
        body: contactMessageSchema,
        response: { 201: okResponse, ...errorResponses('invalid-argument', 'resource-exhausted') },
      },
      config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      await sendContactMessage(app.db, app.mailQueued, app.config.site.supportEmail, request.body);
      return reply.status(201).send({ ok: true });
    },
  );

  api.post(
    '/api/newsletter',
    {
      schema: {
        summary: 'Subscribe to the newsletter',
        body: newsletterSubscribeSchema,
        response: { 200: okResponse, ...errorResponses('invalid-argument', 'resource-exhausted') },
      },
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
    },
    async (request) => {
      await subscribeToNewsletter(app.db, request.body.email);
      return { ok: true as const };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contactMessageSchema,
  newsletterConfirmResponseSchema,
  newsletterLinkSchema,
  newsletterSubscribeSchema,
} from '#shared/contact/contact.schema.ts';
import { requestProblemMessages } from '#shared/errors.ts';
import { AppError } from '../../app-error.ts';
import { errorResponses } from '../../http/route-schemas.ts';
import {
  confirmNewsletter,
  sendContactMessage,
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
} from './contact.service.ts';

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
      await sendContactMessage(app.db, app.mailQueued, app.config.site.supportEmail, request.body, {
        senderUserId: request.user?.userId ?? null,
      });
      return reply.status(201).send({ ok: true });
    },
  );

  api.post(
    '/api/newsletter',
    {
      schema: {
        summary: 'Subscribe to the newsletter',
        description:
          'Stores a pending subscription and mails the address a confirmation link (double opt-in). The answer is the same whether or not the address is already subscribed.',
        body: newsletterSubscribeSchema,
        response: { 200: okResponse, ...errorResponses('invalid-argument', 'resource-exhausted') },
      },
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
    },
    async (request) => {
      await subscribeToNewsletter(app.db, app.mailQueued, app.config.publicUrl, request.body.email);
      return { ok: true as const };
    },
  );

  api.post(
    '/api/newsletter/confirm',
    {
      schema: {
        summary: 'Confirm a newsletter subscription',
        description: "The token of the confirmation mail's link. Confirming again answers already-confirmed.",
        body: newsletterLinkSchema,
        response: {
          200: newsletterConfirmResponseSchema,
          ...errorResponses('invalid-argument', 'newsletter-link-invalid', 'newsletter-link-expired'),
        },
      },
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
    },
    async (request) => confirmNewsletter(app.db, request.body.token),
  );

  api.post(
    '/api/newsletter/unsubscribe',
    {
      schema: {
        summary: 'Unsubscribe from the newsletter',
        description: "The token of a newsletter mail's unsubscribe link; no sign-in needed. Idempotent.",
        body: newsletterLinkSchema,
        response: { 200: okResponse, ...errorResponses('invalid-argument', 'unsubscribe-link-invalid') },
      },
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
    },
    async (request) => {
      await unsubscribeFromNewsletter(app.db, request.body.token);
      return { ok: true as const };
    },
  );

  // RFC 8058 one-click: a mail program POSTs `List-Unsubscribe=One-Click` to the link of the
  // List-Unsubscribe header, the same page a person opens (whose GET only shows a button).
  app.register(async (oneClick) => {
    oneClick.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, body),
    );
    oneClick.withTypeProvider<ZodTypeProvider>().post(
      '/uutiskirje/peru',
      {
        schema: { querystring: newsletterLinkSchema },
        bodyLimit: 1024,
        // The POSTs come from mail providers' servers, many people's from one address: a person's
        // limit would refuse real unsubscriptions, and the tokens (244 random bits) cannot be guessed anyway.
        config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        if (typeof request.body !== 'string' || !request.body.includes('List-Unsubscribe=One-Click'))
          throw new AppError('invalid-argument', { message: requestProblemMessages.malformedBody });
        await unsubscribeFromNewsletter(app.db, request.query.token);
        return reply.status(200).type('text/plain; charset=utf-8').send('Tilaus peruttu.');
      },
    );
  });
}

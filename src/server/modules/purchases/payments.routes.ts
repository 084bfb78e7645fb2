import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestProblemMessages } from '#shared/errors.ts';
import { cardErrorMessage, paymentEventMessages } from '#shared/purchases/payment-messages.ts';
import { localConfirmResultSchema, localConfirmSchema } from '#shared/purchases/purchase.schema.ts';
import { AppError } from '../../app-error.ts';
import { lockTimedOut } from '../../db/errors.ts';
import { errorResponses } from '../../http/route-schemas.ts';
import type { LocalPaymentProvider } from '../../platform/payments/local-payment-provider.ts';
import { PaymentEventSignatureError } from '../../platform/payments/payment-provider.ts';

// The payment provider's side: its signed events (Stripe's, or the local provider's, through
// this one route and handler) and the local provider's test-mode card form.

const received = z.object({ received: z.literal(true) });

export async function paymentsRoutes(
  app: FastifyInstance,
  options: { localProvider?: LocalPaymentProvider },
) {
  // The signature covers the exact bytes: the body is kept raw in this route's own context.
  await app.register(async (webhook) => {
    webhook.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 512 * 1024 },
      (_r, body, done) => done(null, body),
    );
    webhook.withTypeProvider<ZodTypeProvider>().post(
      '/api/payments/webhook',
      {
        schema: {
          summary: "Receive the payment provider's events (webhook)",
          tags: ['Maksut'],
          description:
            "The payment provider's events (Stripe-Signature header over the raw JSON body). Each event acts once; 503 asks the provider to deliver again.",
          response: { 200: received, ...errorResponses('invalid-argument', 'unavailable') },
        },
        bodyLimit: 512 * 1024,
      },
      async (request) => {
        const body = request.body;
        if (!Buffer.isBuffer(body))
          throw new AppError('invalid-argument', { message: requestProblemMessages.malformedBody });
        let event: ReturnType<typeof app.payments.verifyEvent>;
        try {
          event = app.payments.verifyEvent(body, request.headers['stripe-signature'] as string | undefined);
        } catch (error) {
          if (!(error instanceof PaymentEventSignatureError)) throw error;
          request.log.warn({ reason: error.message }, 'payment event with a bad signature');
          throw new AppError('invalid-argument', { message: paymentEventMessages.badSignature });
        }
        if (!event) return { received: true as const };
        try {
          await app.purchases.settlement.handleEvent(event);
        } catch (error) {
          // Busy rows or an unreachable provider: the provider delivers the event again later.
          request.log.error(
            { err: error, eventId: event.id, lockTimeout: lockTimedOut(error) },
            'payment event not handled yet; the provider delivers it again',
          );
          throw new AppError('unavailable');
        }
        return { received: true as const };
      },
    );
  });

  const local = options.localProvider;
  if (!local) return;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/payments/local/confirm',
    {
      schema: {
        summary: 'Pay on the local test card form',
        tags: ['Maksut'],
        description:
          "The local provider's test-mode card form (PAYMENT_PROVIDER=local only): Stripe's test card numbers decide the outcome, sent to the webhook as a signed event.",
        body: localConfirmSchema,
        response: {
          200: localConfirmResultSchema,
          ...errorResponses(
            'unauthenticated',
            'invalid-argument',
            'reservation_invalid',
            'reservation_expired',
            'resource-exhausted',
          ),
        },
      },
      config: { access: 'signed-in', rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const { clientSecret, cardNumber } = request.body;
      await app.purchases.holds.assertPayable(request.user.userId, clientSecret);
      const intent = await local.confirmWithTestCard(clientSecret, cardNumber);
      if (!intent) throw new AppError('reservation_invalid');
      const error = intent.lastErrorCode
        ? { code: intent.lastErrorCode, message: cardErrorMessage(intent.lastErrorCode) }
        : null;
      return { intentStatus: intent.status, error };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { LocalPaymentProvider, localWebhookSecret } from './local-payment-provider.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createStripePaymentProvider } from './stripe-payment-provider.ts';

/**
 * The provider PAYMENT_PROVIDER names, or the one a test hands in; `local` is set for the local
 * provider, which posts its events to our own webhook route, as Stripe would.
 */
export function createConfiguredPaymentProvider(
  app: FastifyInstance,
  config: Pick<AppConfig, 'payments' | 'cookieSecret'>,
  db: Db,
  override: PaymentProvider | undefined,
): { payments: PaymentProvider; local: LocalPaymentProvider | undefined } {
  if (override) return { payments: override, local: undefined };
  if (config.payments.kind === 'stripe')
    return { payments: createStripePaymentProvider(config.payments, config.payments.api), local: undefined };
  const local = new LocalPaymentProvider(db, localWebhookSecret(config.cookieSecret), (body, signature) =>
    deliverLocalEvent(app, body, signature),
  );
  return { payments: local, local };
}

/**
 * Hands a local provider event to the webhook route, as Stripe's servers would, trying again
 * while the route answers 503. An event still not taken stays undelivered and is sent again
 * later (at the next start or by the periodic delivery).
 */
async function deliverLocalEvent(app: FastifyInstance, body: string, signature: string): Promise<boolean> {
  for (let attempt = 1; attempt <= 3; attempt++) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: body,
    });
    if (response.statusCode === 200) return true;
    app.log.warn({ status: response.statusCode, attempt }, 'local payment event not accepted');
  }
  return false;
}

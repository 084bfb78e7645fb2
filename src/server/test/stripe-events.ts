import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

// Stripe webhook deliveries for tests: an event in Stripe's envelope, and its body and
// Stripe-Signature header signed the way Stripe signs them, for POSTing to the webhook route.

/** A snapshot event about `object` (a payment intent from the fake Stripe API, a charge, …). */
export function stripeEvent(type: string, object: { id: string; object: string }) {
  return {
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/**
 * The exact body to send and its `Stripe-Signature` header. `timestampSeconds` (by default now)
 * lets a test send a delivery older than the five minutes Stripe's verification accepts.
 */
export function signStripeEvent(
  payload: object,
  secret: string,
  timestampSeconds?: number,
): { body: string; signature: string } {
  const body = JSON.stringify(payload);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret,
    ...(timestampSeconds === undefined ? {} : { timestamp: timestampSeconds }),
  });
  return { body, signature };
}

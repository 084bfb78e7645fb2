import Stripe from 'stripe';
import { type PaymentEvent, PaymentEventSignatureError } from './payment-provider.ts';

/**
 * Checks a Stripe-style signature (`t=…,v1=…` over the raw body, 5 minutes' tolerance) and reads
 * the event's ids. Both providers use it: the local one signs its events exactly as Stripe does.
 * Only ids are taken: the intent's state is retrieved afresh, never believed from an event that
 * may be old or arrive out of order. Null for events that are not about a payment intent.
 */
export function verifyStripeSignedEvent(
  rawBody: Buffer,
  signatureHeader: string | undefined,
  secret: string,
): PaymentEvent | null {
  if (!signatureHeader) throw new PaymentEventSignatureError('webhook without a Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signatureHeader, secret);
  } catch (error) {
    // A bad signature, or a signed body that is not JSON: either way not an event we take.
    throw new PaymentEventSignatureError(
      `webhook rejected: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  const object = event.data?.object as { object?: unknown; id?: unknown } | undefined;
  if (object?.object !== 'payment_intent' || typeof object.id !== 'string') return null;
  return { id: event.id, type: event.type, paymentIntentId: object.id };
}

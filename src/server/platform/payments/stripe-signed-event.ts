import Stripe from 'stripe';
import { type PaymentEvent, PaymentEventSignatureError } from './payment-provider.ts';

/**
 * Checks a Stripe-style signature (`t=…,v1=…` over the raw body, 5 minutes' tolerance) and reads
 * the event's ids. Both providers use it: the local one signs its events exactly as Stripe does.
 * Only ids are taken: the object's state is retrieved afresh, never believed from an event that
 * may be old or arrive out of order. Null for events that are about nothing we act on.
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
  const kind = object?.object;
  if (typeof object?.id !== 'string' || !isEventObject(kind)) return null;
  // A charge's events other than refunds (succeeded, captured, …) repeat what the intent says.
  if (kind === 'charge' && event.type !== 'charge.refunded') return null;
  return { id: event.id, type: event.type, object: kind, objectId: object.id };
}

const eventObjects: readonly unknown[] = [
  'payment_intent',
  'charge',
  'dispute',
] satisfies PaymentEvent['object'][];
const isEventObject = (value: unknown): value is PaymentEvent['object'] => eventObjects.includes(value);

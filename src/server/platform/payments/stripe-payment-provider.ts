import Stripe from 'stripe';
import {
  type PaymentIntent,
  type PaymentIntentStatus,
  type PaymentProvider,
  PaymentProviderError,
  UnknownPaymentObjectError,
} from './payment-provider.ts';
import { verifyStripeSignedEvent } from './stripe-signed-event.ts';

// Stripe's API through its own SDK (PAYMENT_PROVIDER=stripe). The SDK retries connection failures,
// 409s and 5xx answers itself, sending the same Idempotency-Key each time, so a retried create or
// refund never happens twice at Stripe.

export interface StripeKeys {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
}

/** Where the SDK sends its requests: api.stripe.com by default, a stand-in in tests. */
export interface StripeApiAddress {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

/**
 * Per attempt. Stripe answers in well under a second; a buyer waits for createIntent, so a hung
 * connection should fail over to a retry long before the SDK's default of 80 s.
 */
const requestTimeoutMs = 10_000;

const knownStatuses: ReadonlySet<string> = new Set<PaymentIntentStatus>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
]);

const isKnownStatus = (status: string): status is PaymentIntentStatus => knownStatuses.has(status);

function toPaymentIntent(intent: Stripe.PaymentIntent): PaymentIntent {
  return {
    id: intent.id,
    // Always present when the secret key reads an intent; only publishable-key reads lack it.
    clientSecret: intent.client_secret ?? '',
    // A status newer than this code is neither paid nor failed to us: wait, as for processing,
    // until the intent reaches one we know or the reservation ends.
    status: isKnownStatus(intent.status) ? intent.status : 'processing',
    amountCents: intent.amount,
    currency: intent.currency,
    metadata: { ...intent.metadata },
    lastErrorCode: intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? null,
  };
}

/** An expandable field of Stripe's objects: the id, or the object itself when expanded. */
const idOf = (field: string | { id: string } | null): string =>
  typeof field === 'string' ? field : (field?.id ?? '');

const isStripeError = (error: unknown): error is Stripe.errors.StripeError =>
  error instanceof Stripe.errors.StripeError;

/** A refusal or an unreachable Stripe, as the interface's error; anything else is a bug and stays. */
function providerError(action: string, error: unknown): unknown {
  if (!isStripeError(error)) return error;
  if (error.statusCode === 404 && error.code === 'resource_missing')
    return new UnknownPaymentObjectError(`Stripe ${action}: ${error.message}`, { cause: error });
  const status = error.statusCode ? ` (HTTP ${error.statusCode}${error.code ? `, ${error.code}` : ''})` : '';
  return new PaymentProviderError(`Stripe ${action} failed${status}: ${error.message}`, { cause: error });
}

export function createStripePaymentProvider(keys: StripeKeys, api?: StripeApiAddress): PaymentProvider {
  const stripe = new Stripe(keys.secretKey, {
    maxNetworkRetries: 2,
    timeout: requestTimeoutMs,
    ...(api ? { host: api.host, port: api.port, protocol: api.protocol } : {}),
  });

  const retrieveIntent = async (paymentIntentId: string) => {
    try {
      return toPaymentIntent(await stripe.paymentIntents.retrieve(paymentIntentId));
    } catch (error) {
      throw providerError('payment intent retrieval', error);
    }
  };

  return {
    kind: 'stripe',
    publishableKey: keys.publishableKey,

    async createIntent(input, idempotencyKey) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency,
            description: input.description,
            metadata: input.metadata,
            // The methods switched on in the dashboard: cards, MobilePay for Finnish merchants,
            // Apple Pay and Google Pay, without a code change for each.
            automatic_payment_methods: { enabled: true },
          },
          { idempotencyKey },
        );
        return toPaymentIntent(intent);
      } catch (error) {
        throw providerError('payment intent creation', error);
      }
    },

    retrieveIntent,

    async cancelIntent(paymentIntentId) {
      try {
        return toPaymentIntent(
          await stripe.paymentIntents.cancel(paymentIntentId, { cancellation_reason: 'abandoned' }),
        );
      } catch (error) {
        // Paid, being paid or already cancelled: the intent as it now is answers the caller.
        if (isStripeError(error) && error.code === 'payment_intent_unexpected_state')
          return retrieveIntent(paymentIntentId);
        throw providerError('payment intent cancellation', error);
      }
    },

    async refund(paymentIntentId, idempotencyKey) {
      try {
        await stripe.refunds.create({ payment_intent: paymentIntentId }, { idempotencyKey });
      } catch (error) {
        // A refund under another key (an earlier attempt, the dashboard) already gave it all back.
        if (isStripeError(error) && error.code === 'charge_already_refunded') return;
        throw providerError('refund', error);
      }
    },

    async retrieveCharge(chargeId) {
      try {
        const charge = await stripe.charges.retrieve(chargeId);
        return {
          id: charge.id,
          paymentIntentId: idOf(charge.payment_intent),
          amountCents: charge.amount,
          amountRefundedCents: charge.amount_refunded,
          currency: charge.currency,
        };
      } catch (error) {
        throw providerError('charge retrieval', error);
      }
    },

    async retrieveDispute(disputeId) {
      try {
        const dispute = await stripe.disputes.retrieve(disputeId);
        return {
          id: dispute.id,
          paymentIntentId: idOf(dispute.payment_intent),
          amountCents: dispute.amount,
          status: dispute.status,
          reason: dispute.reason,
        };
      } catch (error) {
        throw providerError('dispute retrieval', error);
      }
    },

    verifyEvent(rawBody, signatureHeader) {
      return verifyStripeSignedEvent(rawBody, signatureHeader, keys.webhookSecret);
    },
  };
}

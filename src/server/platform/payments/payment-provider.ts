import type { PaymentProviderKind } from '#shared/purchases/purchase.schema.ts';

// The card payment provider behind one interface (ARCHITECTURE "payments"): Stripe, or the local
// test-mode provider that behaves like Stripe's test cards. Purchases see only this.

/** Stripe's payment intent statuses that we act on; anything else is treated as not paid. */
export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

/** A payment intent as the provider reports it now. */
export interface PaymentIntent {
  id: string;
  clientSecret: string;
  status: PaymentIntentStatus;
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
  /** The code of the last failed attempt (card_declined, insufficient_funds, …), or null. */
  lastErrorCode: string | null;
}

export interface CreatePaymentIntent {
  amountCents: number;
  currency: 'eur';
  description: string;
  /** Carried on the intent and every event about it: ticketId, buyerId, reservationId. */
  metadata: Record<string, string>;
}

/** What we take from a verified provider event: only ids (the intent is retrieved afresh). */
export interface PaymentEvent {
  id: string;
  type: string;
  paymentIntentId: string;
}

/** The provider's answer that an incoming event is not genuine (bad or missing signature). */
export class PaymentEventSignatureError extends Error {}

/** The provider could not be reached or refused the call; the caller may retry later. */
export class PaymentProviderError extends Error {}

export interface PaymentProvider {
  kind: PaymentProviderKind;
  /** Stripe's publishable key for the browser; null for the local provider. */
  publishableKey: string | null;
  /** `idempotencyKey` is fresh for each attempt, so a retried call never creates two intents. */
  createIntent(input: CreatePaymentIntent, idempotencyKey: string): Promise<PaymentIntent>;
  retrieveIntent(paymentIntentId: string): Promise<PaymentIntent>;
  /**
   * Cancels an intent nobody will pay. Returns the intent as it is afterwards: an intent that
   * succeeded meanwhile cannot be cancelled and comes back succeeded.
   */
  cancelIntent(paymentIntentId: string): Promise<PaymentIntent>;
  /** Refunds the whole payment; the same `idempotencyKey` never refunds twice. */
  refund(paymentIntentId: string, idempotencyKey: string): Promise<void>;
  /**
   * Checks an incoming webhook's signature over the raw body and reads its ids. Throws
   * PaymentEventSignatureError when it is not genuine. Returns null for events that are not
   * about a payment intent (nothing to do).
   */
  verifyEvent(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent | null;
}

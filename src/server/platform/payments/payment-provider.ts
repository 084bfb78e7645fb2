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

/**
 * What we take from a verified provider event: only ids (the object is retrieved afresh). The
 * object is a payment intent (payment_intent.*), a charge (charge.refunded: a refund made at the
 * provider) or a dispute (charge.dispute.*: the buyer's bank took the money back).
 */
export interface PaymentEvent {
  id: string;
  type: string;
  object: 'payment_intent' | 'charge' | 'dispute';
  objectId: string;
}

/** A payment's charge as the provider reports it now: how much of it went back to the buyer. */
export interface PaymentCharge {
  id: string;
  paymentIntentId: string;
  amountCents: number;
  amountRefundedCents: number;
  currency: string;
}

/** A card dispute (chargeback) as the provider reports it now. */
export interface PaymentDispute {
  id: string;
  paymentIntentId: string;
  amountCents: number;
  /**
   * Stripe's status: warning_needs_response, warning_under_review, warning_closed,
   * needs_response, under_review, won, lost, prevented; a newer one counts as still open.
   */
  status: string;
  /** The bank's reason code (fraudulent, product_not_received, …). */
  reason: string;
}

/** The provider's answer that an incoming event is not genuine (bad or missing signature). */
export class PaymentEventSignatureError extends Error {}

/** The provider could not be reached or refused the call; the caller may retry later. */
export class PaymentProviderError extends Error {}

/**
 * The provider has no such object (an event of another account or environment signed with our
 * secret, or a test event): asking again will not help, so the event is acknowledged.
 */
export class UnknownPaymentObjectError extends Error {}

/**
 * The provider refused a refund for good (the card's account is closed, say): asking again under
 * the same key gets the same answer, so the refund needs a person.
 */
export class RefundRefusedError extends PaymentProviderError {}

export interface PaymentProvider {
  kind: PaymentProviderKind;
  /** Stripe's publishable key for the browser; null for the local provider. */
  publishableKey: string | null;
  /** `idempotencyKey` is fresh for each attempt, so a retried call never creates two intents. */
  createIntent(input: CreatePaymentIntent, idempotencyKey: string): Promise<PaymentIntent>;
  /** Throws UnknownPaymentObjectError when the provider has no such intent. */
  retrieveIntent(paymentIntentId: string): Promise<PaymentIntent>;
  /**
   * Cancels an intent nobody will pay. Returns the intent as it is afterwards: an intent that
   * succeeded meanwhile cannot be cancelled and comes back succeeded.
   */
  cancelIntent(paymentIntentId: string): Promise<PaymentIntent>;
  /**
   * Refunds the whole payment; the same `idempotencyKey` never refunds twice. Throws
   * UnknownPaymentObjectError for an intent it does not have, RefundRefusedError for a refund it
   * will never make.
   */
  refund(paymentIntentId: string, idempotencyKey: string): Promise<void>;
  /** Throws UnknownPaymentObjectError when the provider has no such charge. */
  retrieveCharge(chargeId: string): Promise<PaymentCharge>;
  /** Throws UnknownPaymentObjectError when the provider has no such dispute. */
  retrieveDispute(disputeId: string): Promise<PaymentDispute>;
  /**
   * Checks an incoming webhook's signature over the raw body and reads its ids. Throws
   * PaymentEventSignatureError when it is not genuine. Returns null for events that are not
   * about a payment intent, a charge or a dispute (nothing to do).
   */
  verifyEvent(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent | null;
}

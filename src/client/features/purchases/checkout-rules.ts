import { ApiError } from '#client/lib/api-client.ts';
import { errorMessages } from '#shared/errors.ts';

// The purchase page's rules (spec 01 §2 "Purchase", §4, §8 "Purchase"), apart from React so they
// can be tested on their own.

/** Time left on the hold as minutes:seconds ('09:59'); whole seconds rounded up, so '00:00' is the end. */
export function formatCountdown(msLeft: number): string {
  const seconds = Math.max(0, Math.ceil(msLeft / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;
}

/** Codes whose own message tells the buyer why the ticket cannot be held (spec 01 §8 "Purchase"). */
const explainedReservationErrors = new Set([
  'own_ticket',
  'ticket_unavailable',
  'ticket_reserved',
  'invalid_price',
  'payment_setup_failed',
  'not-found',
  'too_many_holds',
  'too_many_abandoned_holds',
]);

/** Refusals that will not change by asking again at once: the buyer is offered the way back only. */
const finalReservationErrors = new Set([
  'own_ticket',
  'ticket_unavailable',
  'invalid_price',
  'not-found',
  'too_many_abandoned_holds',
]);

export interface ReservationProblem {
  message: string;
  /** Whether asking again may help (another buyer's hold ends, the network comes back). */
  retryable: boolean;
}

/** What the buyer is told when the hold could not be made; the spec's default for anything else. */
export function reservationProblem(error: unknown): ReservationProblem {
  const code = error instanceof ApiError ? error.code : 'internal';
  return {
    message:
      error instanceof ApiError && explainedReservationErrors.has(code)
        ? error.message
        : errorMessages.internal,
    retryable: !finalReservationErrors.has(code),
  };
}

/**
 * Where the purchase page goes once the provider has answered a payment (spec 01 §4): 'wait' to
 * the waiting page, which asks the server what came of it; 'retry' stays with a message to try
 * again; 'unexpected' stays with the spec's unexpected-error message.
 */
export function afterConfirm(intentStatus: string, declined: boolean): 'wait' | 'retry' | 'unexpected' {
  switch (intentStatus) {
    case 'succeeded':
    case 'processing':
    case 'requires_action':
      return 'wait';
    case 'requires_payment_method':
      // A declined card is recorded on the server: the waiting page shows its panel. Without a
      // decline the provider only asks for another try, which the server has not heard of.
      return declined ? 'wait' : 'retry';
    default:
      return 'unexpected';
  }
}

/** What the waiting page needs to know about the purchase, in the address or in history state. */
export interface PurchaseRef {
  ticketId: string;
  eventName: string;
  priceCents: number;
}

/**
 * Where Stripe sends the buyer back after a payment that left the page (a bank's check, MobilePay):
 * the waiting page with the purchase in the query; Stripe adds payment_intent,
 * payment_intent_client_secret and redirect_status.
 */
export function paymentReturnUrl(origin: string, purchase: PurchaseRef): string {
  const query = new URLSearchParams({
    ticketId: purchase.ticketId,
    eventName: purchase.eventName,
    price: String(purchase.priceCents),
  });
  return `${origin}/ostopyynto-vastaanotettu?${query}`;
}

/** A card number as typed, in groups of four: '42424242' → '4242 4242'. */
export function cardNumberInput(typed: string): string {
  return (
    typed
      .replace(/\D/g, '')
      .slice(0, 19)
      .match(/.{1,4}/g)
      ?.join(' ') ?? ''
  );
}

/** An expiry as typed, with the slash put in: '1234' → '12/34'. */
export function expiryInput(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** An expiry some years ahead ('12/29'), for a test card picked from the list. */
export function futureExpiry(now = new Date()): string {
  return `12/${String((now.getFullYear() + 3) % 100).padStart(2, '0')}`;
}

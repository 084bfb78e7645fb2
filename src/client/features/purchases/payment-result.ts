import { purchasesText } from '#client/i18n/fi/purchases.ts';
import type { PurchaseRef } from './checkout-rules.ts';

// The waiting and success pages' rules (spec 01 §2, §4 "Payment wait", §8 "Payment error panels
// by errorCode"), apart from React so they can be tested on their own.

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toCents(value: unknown): number | undefined {
  const cents = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
  return typeof cents === 'number' && Number.isSafeInteger(cents) && cents >= 0 ? cents : undefined;
}

/** A purchase from navigation state or the query ({ticketId, eventName, price in cents}), else undefined. */
function purchaseFrom(source: Record<string, unknown>): PurchaseRef | undefined {
  const { ticketId, eventName } = source;
  const priceCents = toCents(source.price);
  if (typeof ticketId !== 'string' || !uuidPattern.test(ticketId)) return undefined;
  if (typeof eventName !== 'string' || !eventName.trim() || priceCents === undefined) return undefined;
  return { ticketId, eventName, priceCents };
}

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** The purchase a page was opened for: navigation state first, else the query (a provider's redirect). */
export function readPurchase(state: unknown, search: URLSearchParams): PurchaseRef | undefined {
  return purchaseFrom(asRecord(state)) ?? purchaseFrom(Object.fromEntries(search));
}

/**
 * The waiting page's navigation state (spec 01 §2): the purchase with its payment intent (the
 * status check itself goes by ticket and buyer), and a declined card's own words.
 */
export interface PaymentWaitState {
  ticketId: string;
  eventName: string;
  /** Cents, as everywhere. */
  price: number;
  paymentIntentId: string;
  cardError?: string;
}

export interface PaymentWaitContext extends PurchaseRef {
  /** Stripe's redirect said the payment failed: no need to ask (spec 01 §4). */
  failedAtOnce: boolean;
  /** The card's own words for a decline, when the purchase page had them. */
  cardError: string | undefined;
}

/** What the waiting page was opened with, or undefined when it has nothing to wait for. */
export function readPaymentWait(state: unknown, search: URLSearchParams): PaymentWaitContext | undefined {
  const purchase = readPurchase(state, search);
  if (!purchase) return undefined;
  const { cardError } = asRecord(state);
  return {
    ...purchase,
    failedAtOnce: search.get('redirect_status') === 'failed',
    cardError: typeof cardError === 'string' && cardError ? cardError : undefined,
  };
}

/**
 * What a panel's button does: try paying again on the purchase page, go back in history, go to
 * the front page, or check the payment again (polling restarts).
 */
export type PanelAction = 'retryPayment' | 'back' | 'home' | 'retry';

export interface PaymentErrorPanel {
  title: string;
  message: string;
  action: PanelAction;
}

const panels = purchasesText.paymentWait.panels;

/** The error panel for a failed payment's code (spec 01 §8, plus our refunded and reservation_expired). */
export function paymentErrorPanel(code: string | null, cardError?: string): PaymentErrorPanel {
  switch (code) {
    case 'payment_failed':
    case 'requires_payment_method':
      return { ...panels.declined, message: cardError ?? panels.declined.message, action: 'retryPayment' };
    case 'requires_action':
      return { ...panels.requiresAction, action: 'back' };
    case 'processing':
    case 'pending':
      return { ...panels.processing, action: 'home' };
    case 'payment_canceled':
      return { ...panels.canceled, action: 'retryPayment' };
    case 'verification_error':
      return { ...panels.verificationError, action: 'retry' };
    case 'network':
      return { ...panels.network, action: 'retry' };
    case 'refunded':
      return { ...panels.refunded, action: 'home' };
    case 'reservation_expired':
      return { ...panels.reservationExpired, action: 'retryPayment' };
    default:
      return { ...panels.unknown, action: 'retry' };
  }
}

/** The success page's reading of a payment intent's status after a redirect (spec 01 §4). */
export function successViewOf(intentStatus: string): 'success' | 'processing' | 'retry' | 'error' {
  if (intentStatus === 'succeeded') return 'success';
  if (intentStatus === 'processing') return 'processing';
  if (intentStatus === 'requires_payment_method') return 'retry';
  return 'error';
}

export type PaymentOutcome =
  | { phase: 'checking' }
  | { phase: 'success' }
  | { phase: 'failed'; errorCode: string | null };

export interface PaymentAnswers {
  failedAtOnce: boolean;
  /** The latest status check's answer. */
  status?: { status: 'success' | 'failed' | 'pending'; errorCode: string | null };
  /** The status check failed: 'network' when no answer came, else the server's failure. */
  statusError?: 'network' | 'verification_error';
  /** The one direct verification's answer, once made. */
  verification?: { success: boolean; errorCode: string | null };
  verificationError?: 'network' | 'verification_error';
}

/** What the waiting page shows, from what it has been told so far (spec 01 §4 "Payment wait"). */
export function paymentOutcome(answers: PaymentAnswers): PaymentOutcome {
  if (answers.failedAtOnce) return { phase: 'failed', errorCode: 'payment_failed' };
  if (answers.status?.status === 'success' || answers.verification?.success) return { phase: 'success' };
  if (answers.status?.status === 'failed') return { phase: 'failed', errorCode: answers.status.errorCode };
  if (answers.verification)
    return { phase: 'failed', errorCode: answers.verification.errorCode ?? 'verification_error' };
  const error = answers.verificationError ?? answers.statusError;
  return error ? { phase: 'failed', errorCode: error } : { phase: 'checking' };
}

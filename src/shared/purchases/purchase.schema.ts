import { z } from 'zod';
import { testCards } from './test-cards.ts';

// Buying (spec 01 §2 Purchase, §3 payment reservation and status, §7 payment endpoints): the
// requests and answers of /api/purchases and /api/payments, shared by the pages and the routes.

/** Which payment provider runs the card step: Stripe, or the embedded test-mode form. */
export const paymentProviderKinds = ['local', 'stripe'] as const;
export type PaymentProviderKind = (typeof paymentProviderKinds)[number];

/** The buyer asks to pay: the all-in price they were shown, so a changed price is noticed. */
export const createReservationSchema = z.object({
  priceCents: z.number().int().min(0).max(10_000_000),
});
export type CreateReservation = z.infer<typeof createReservationSchema>;

/** A hold on the listing for this buyer and the payment intent that pays for it (spec 01 §3). */
export const reservationSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  /** ISO instant when the hold ends; the page counts down to it. */
  reservationExpiresAt: z.string(),
  amountCents: z.number().int(),
  provider: z.enum(paymentProviderKinds),
  /** Stripe's publishable key for Stripe.js; null for the local provider. */
  publishableKey: z.string().nullable(),
});
export type Reservation = z.infer<typeof reservationSchema>;

const paymentIntentIdSchema = z.string().trim().min(1).max(255);

export const reservationRefSchema = z.object({ paymentIntentId: paymentIntentIdSchema });
/** Cancelling names the payment intent when the page knows it; without one, the buyer's hold ends. */
export const cancelReservationSchema = z.object({ paymentIntentId: paymentIntentIdSchema.optional() });

export const reservationValidSchema = z.object({ valid: z.literal(true), reservationExpiresAt: z.string() });

/**
 * Why a payment did not (yet) give the buyer the ticket: the waiting page's error panels (spec 01
 * §8) by these codes, plus `refunded` (paid after another buyer took the ticket: the money went
 * back) and `reservation_expired`.
 */
export const paymentErrorCodes = [
  'payment_failed',
  'requires_payment_method',
  'requires_action',
  'processing',
  'pending',
  'payment_canceled',
  'verification_error',
  'network',
  'refunded',
  'reservation_expired',
] as const;
export type PaymentErrorCode = (typeof paymentErrorCodes)[number];

/** checkPaymentStatus: success, failed (with its code) or still pending (poll again). */
export const paymentStatusSchema = z.object({
  status: z.enum(['success', 'failed', 'pending']),
  errorCode: z.enum(paymentErrorCodes).nullable(),
});
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** verifyPaymentDirectly: asks the provider itself, not only what its events told us. */
export const paymentVerificationSchema = z.object({
  success: z.boolean(),
  errorCode: z.enum(paymentErrorCodes).nullable(),
});
export type PaymentVerification = z.infer<typeof paymentVerificationSchema>;

/** The success page's lookup after a provider redirect, by the intent's client secret. */
export const paymentLookupQuerySchema = z.object({ clientSecret: z.string().trim().min(1).max(500) });
export const paymentLookupSchema = z.object({
  /** The payment intent's status as the provider reports it (succeeded, processing, …). */
  intentStatus: z.string(),
  ticketId: z.uuid(),
  eventName: z.string(),
  priceCents: z.number().int(),
});
export type PaymentLookup = z.infer<typeof paymentLookupSchema>;

/**
 * Where a purchase's money going back stands (docs/decisions/035): under way until the provider
 * confirms it, refunded once it has, failed when the tries were given up (an admin must act).
 */
export const purchaseRefundStates = ['under_way', 'refunded', 'failed'] as const;
export type PurchaseRefundState = (typeof purchaseRefundStates)[number];

/** Why a purchase was refunded: a cancelled event, an upheld complaint, or at the payment provider. */
export const purchaseRefundReasons = ['event_cancelled', 'complaint', 'provider'] as const;

export const purchaseRefundSchema = z.object({
  state: z.enum(purchaseRefundStates),
  reason: z.enum(purchaseRefundReasons),
  amountCents: z.number().int(),
  /** ISO instant: when the provider confirmed it (refunded), else when it was decided. */
  date: z.string(),
});
export type PurchaseRefund = z.infer<typeof purchaseRefundSchema>;

/** One ticket the buyer bought (profile tab "Ostetut liput"). */
export const boughtTicketSchema = z.object({
  ticketId: z.uuid(),
  eventName: z.string(),
  eventImage: z.string().nullable(),
  eventType: z.string(),
  eventDate: z.string(),
  eventTime: z.string(),
  /** The last day ('YYYY-MM-DD') of an event of several days, else null. */
  eventEndDate: z.string().nullable(),
  eventVenue: z.string(),
  location: z.string(),
  ticketCount: z.number().int(),
  pricePaidCents: z.number().int(),
  purchaseDate: z.string(),
  /** The files to open and save; none once the purchase is refunded (the server refuses them). */
  files: z.array(z.object({ id: z.string(), fileName: z.string() })),
  /** The purchase's refund, once one was decided; null for a ticket that stands. */
  refund: purchaseRefundSchema.nullable(),
});
export type BoughtTicket = z.infer<typeof boughtTicketSchema>;
export const boughtTicketsSchema = z.object({ tickets: z.array(boughtTicketSchema) });

export { testCards };

/** The test-mode card form's request (local provider only). */
export const localConfirmSchema = z.object({
  clientSecret: z.string().trim().min(1).max(500),
  cardNumber: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, { error: 'Tarkista kortin numero' })),
  expiry: z.string().regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, { error: 'Tarkista voimassaolo (KK/VV)' }),
  cvc: z.string().regex(/^\d{3,4}$/, { error: 'Tarkista turvakoodi' }),
  name: z.string().trim().min(1, { error: 'Kortinhaltijan nimi on pakollinen' }).max(200),
  email: z.email({ error: 'Virheellinen sähköpostiosoite' }).max(320),
});
export type LocalConfirm = z.input<typeof localConfirmSchema>;

/** What the test-mode card did: the intent's new status, and the card's error when it failed. */
export const localConfirmResultSchema = z.object({
  intentStatus: z.string(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});

/** POST /api/client-log (spec 01 §7): fire and forget, from the browser into the server's log. */
export const clientLogSchema = z.object({
  level: z.enum(['debug', 'info', 'warn', 'error']),
  message: z.string().max(2000),
  context: z.record(z.string(), z.unknown()).optional(),
  component: z.string().max(200).optional(),
  userId: z.string().max(100).nullable().optional(),
});

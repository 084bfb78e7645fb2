import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { paymentLookupMessages } from '#shared/purchases/payment-messages.ts';
import type {
  PaymentErrorCode,
  PaymentLookup,
  PaymentStatus,
  PaymentVerification,
} from '#shared/purchases/purchase.schema.ts';
import { AppError } from '../../app-error.ts';
import type { Db } from '../../db/client.ts';
import { reservations } from '../../db/schema/index.ts';
import type { PaymentProvider } from '../../platform/payments/payment-provider.ts';
import { findListingWithSeller } from '../listings/listings.service.ts';
import type { PaymentSettlement } from './payment-settlement.ts';
import { finishedStatuses, type ReservationRow } from './reservation-lifecycle.ts';

// Answering the buyer's waiting and success pages (spec 01 §7 checkPaymentStatus,
// verifyPaymentDirectly): what our records say, and on request what the provider says now.

export interface PaymentStatusesDeps {
  db: Db;
  payments: PaymentProvider;
  settlement: PaymentSettlement;
  log: FastifyBaseLogger;
}

export class PaymentStatuses {
  private readonly deps: PaymentStatusesDeps;

  constructor(deps: PaymentStatusesDeps) {
    this.deps = deps;
  }

  /** checkPaymentStatus: what our records say about the buyer's payment for this listing. */
  async status(listingId: string, buyerId: string): Promise<PaymentStatus> {
    return statusOf(await this.latestReservation(listingId, buyerId));
  }

  /** verifyPaymentDirectly: asks the provider now, settles what it says, then answers. */
  async verify(listingId: string, buyerId: string): Promise<PaymentVerification> {
    const latest = await this.latestReservation(listingId, buyerId);
    if (latest?.paymentIntentId && !finishedStatuses.includes(latest.status)) {
      try {
        await this.deps.settlement.settle(await this.deps.payments.retrieveIntent(latest.paymentIntentId));
      } catch (error) {
        this.deps.log.error({ err: error, reservationId: latest.id }, 'direct payment verification failed');
        return { success: false, errorCode: 'verification_error' };
      }
    }
    const { status, errorCode } = statusOf(await this.latestReservation(listingId, buyerId));
    // Still no answer after the wait: the payment is being processed (spec 01 §8 panel).
    return { success: status === 'success', errorCode: status === 'pending' ? 'processing' : errorCode };
  }

  /** The success page after a provider redirect: the buyer's payment by its client secret. */
  async lookup(buyerId: string, clientSecret: string): Promise<PaymentLookup> {
    const [row] = await this.deps.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.clientSecret, clientSecret), eq(reservations.buyerId, buyerId)));
    const found = row && (await findListingWithSeller(this.deps.db, row.listingId));
    if (!row?.paymentIntentId || !found)
      throw new AppError('not-found', { message: paymentLookupMessages.notFound });
    const intent = await this.deps.payments.retrieveIntent(row.paymentIntentId);
    return {
      intentStatus: intent.status,
      ticketId: row.listingId,
      eventName: found.listing.eventName,
      priceCents: row.amountCents,
    };
  }

  private async latestReservation(listingId: string, buyerId: string): Promise<ReservationRow | undefined> {
    const [row] = await this.deps.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.listingId, listingId), eq(reservations.buyerId, buyerId)))
      .orderBy(desc(reservations.createdAt))
      .limit(1);
    return row;
  }
}

/** Intent statuses of an open reservation that end the waiting at once, with their panel. */
const errorCodeByIntentStatus: Record<string, PaymentErrorCode | undefined> = {
  requires_action: 'requires_action',
  canceled: 'payment_canceled',
};

/** The waiting page's answer for the buyer's latest reservation of a listing. */
function statusOf(row: ReservationRow | undefined): PaymentStatus {
  if (!row) return { status: 'failed', errorCode: 'verification_error' };
  switch (row.status) {
    case 'succeeded':
      return { status: 'success', errorCode: null };
    case 'refund_pending':
    case 'refunded':
      return { status: 'failed', errorCode: 'refunded' };
    case 'canceled':
      return { status: 'failed', errorCode: 'payment_canceled' };
    case 'expired':
      return { status: 'failed', errorCode: 'reservation_expired' };
    case 'open': {
      if (row.intentStatus === 'requires_payment_method' && row.lastErrorCode)
        return { status: 'failed', errorCode: 'payment_failed' };
      const code = errorCodeByIntentStatus[row.intentStatus ?? ''];
      return code ? { status: 'failed', errorCode: code } : { status: 'pending', errorCode: null };
    }
  }
}

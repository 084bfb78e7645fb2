import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { testCards } from '#shared/purchases/purchase.schema.ts';
import type { Db } from '../../db/client.ts';
import { localPaymentIntents } from '../../db/schema/index.ts';
import {
  type CreatePaymentIntent,
  type PaymentEvent,
  type PaymentIntent,
  type PaymentIntentStatus,
  type PaymentProvider,
  PaymentProviderError,
} from './payment-provider.ts';
import { verifyStripeSignedEvent } from './stripe-signed-event.ts';

// The embedded payment provider (PAYMENT_PROVIDER=local): Stripe's test mode without Stripe.
// Intents live in our database; the test-mode card form confirms them, Stripe's test card
// numbers decide the outcome, and every outcome is sent as a signed Stripe-shaped
// `payment_intent.*` event to the same webhook route Stripe's events reach.

/** Hands a signed event to the webhook route (the app posts it to itself). */
export type DeliverEvent = (body: string, signatureHeader: string) => Promise<void>;

/** The local provider's signing secret: derived from COOKIE_SECRET, so every process agrees. */
export function localWebhookSecret(cookieSecret: string): string {
  return `whsec_${createHmac('sha256', cookieSecret).update('local-payment-events').digest('hex')}`;
}

/** What each test card does, as Stripe's test cards do (anything else is declined, as Stripe does). */
function outcomeOf(cardNumber: string): { status: PaymentIntentStatus; errorCode: string | null } {
  switch (cardNumber) {
    case testCards.succeeds:
      return { status: 'succeeded', errorCode: null };
    case testCards.insufficientFunds:
      return { status: 'requires_payment_method', errorCode: 'insufficient_funds' };
    case testCards.requiresAction:
      return { status: 'requires_action', errorCode: null };
    case testCards.processing:
      return { status: 'processing', errorCode: null };
    default:
      return { status: 'requires_payment_method', errorCode: 'card_declined' };
  }
}

const eventTypeByStatus: Partial<Record<PaymentIntentStatus, string>> = {
  succeeded: 'payment_intent.succeeded',
  requires_payment_method: 'payment_intent.payment_failed',
  requires_action: 'payment_intent.requires_action',
  processing: 'payment_intent.processing',
  canceled: 'payment_intent.canceled',
};

/** Statuses an intent can still be paid or cancelled from. */
const payableStatuses = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

type IntentRow = typeof localPaymentIntents.$inferSelect;

function toPaymentIntent(row: IntentRow): PaymentIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status as PaymentIntentStatus,
    amountCents: row.amountCents,
    currency: row.currency,
    metadata: row.metadata,
    lastErrorCode: row.lastErrorCode,
  };
}

export class LocalPaymentProvider implements PaymentProvider {
  readonly kind = 'local' as const;
  readonly publishableKey = null;
  private readonly db: Db;
  private readonly webhookSecret: string;
  private readonly deliver: DeliverEvent;

  constructor(db: Db, webhookSecret: string, deliver: DeliverEvent) {
    this.db = db;
    this.webhookSecret = webhookSecret;
    this.deliver = deliver;
  }

  async createIntent(input: CreatePaymentIntent, idempotencyKey: string): Promise<PaymentIntent> {
    // The id follows from the key, so a retried call finds the intent it made before.
    const id = `pi_local_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`;
    await this.db
      .insert(localPaymentIntents)
      .values({
        id,
        clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}`,
        amountCents: input.amountCents,
        currency: input.currency,
        status: 'requires_payment_method',
        metadata: input.metadata,
        description: input.description,
      })
      .onConflictDoNothing();
    return this.retrieveIntent(id);
  }

  async retrieveIntent(paymentIntentId: string): Promise<PaymentIntent> {
    const [row] = await this.db
      .select()
      .from(localPaymentIntents)
      .where(eq(localPaymentIntents.id, paymentIntentId));
    if (!row) throw new PaymentProviderError(`No such payment_intent: '${paymentIntentId}'`);
    return toPaymentIntent(row);
  }

  async cancelIntent(paymentIntentId: string): Promise<PaymentIntent> {
    const [canceled] = await this.db
      .update(localPaymentIntents)
      .set({ status: 'canceled', updatedAt: sql`now()` })
      .where(
        and(
          eq(localPaymentIntents.id, paymentIntentId),
          inArray(localPaymentIntents.status, payableStatuses),
        ),
      )
      .returning();
    if (canceled) await this.emit(canceled);
    return this.retrieveIntent(paymentIntentId);
  }

  async refund(paymentIntentId: string): Promise<void> {
    // Refunding is one conditional update: a second call finds it refunded and does nothing.
    const intent = await this.retrieveIntent(paymentIntentId);
    if (intent.status !== 'succeeded')
      throw new PaymentProviderError(`payment_intent ${paymentIntentId} has no successful charge to refund`);
    await this.db
      .update(localPaymentIntents)
      .set({ amountRefundedCents: sql`${localPaymentIntents.amountCents}`, updatedAt: sql`now()` })
      .where(eq(localPaymentIntents.id, paymentIntentId));
  }

  /** How much of an intent was refunded (the tests' and the demo's view of the "bank"). */
  async refundedCents(paymentIntentId: string): Promise<number> {
    const [row] = await this.db
      .select({ refunded: localPaymentIntents.amountRefundedCents })
      .from(localPaymentIntents)
      .where(eq(localPaymentIntents.id, paymentIntentId));
    return row?.refunded ?? 0;
  }

  /**
   * The test-mode card form: pays the intent with a test card and sends the outcome's event.
   * Undefined when no intent has that client secret or it can no longer be paid.
   */
  async confirmWithTestCard(clientSecret: string, cardNumber: string): Promise<PaymentIntent | undefined> {
    const outcome = outcomeOf(cardNumber);
    const [confirmed] = await this.db
      .update(localPaymentIntents)
      .set({ status: outcome.status, lastErrorCode: outcome.errorCode, updatedAt: sql`now()` })
      .where(
        and(
          eq(localPaymentIntents.clientSecret, clientSecret),
          inArray(localPaymentIntents.status, payableStatuses),
        ),
      )
      .returning();
    if (!confirmed) return undefined;
    await this.emit(confirmed);
    return toPaymentIntent(confirmed);
  }

  verifyEvent(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent | null {
    return verifyStripeSignedEvent(rawBody, signatureHeader, this.webhookSecret);
  }

  /** Signs the intent's new state as Stripe would and hands it to the webhook route. */
  private async emit(row: IntentRow): Promise<void> {
    const type = eventTypeByStatus[row.status as PaymentIntentStatus];
    if (!type) return;
    const body = JSON.stringify({
      id: `evt_local_${randomBytes(12).toString('hex')}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: {
        object: {
          id: row.id,
          object: 'payment_intent',
          amount: row.amountCents,
          currency: row.currency,
          status: row.status,
          metadata: row.metadata,
          last_payment_error: row.lastErrorCode ? { code: row.lastErrorCode, type: 'card_error' } : null,
        },
      },
    });
    await this.deliver(
      body,
      Stripe.webhooks.generateTestHeaderString({ payload: body, secret: this.webhookSecret }),
    );
  }
}

import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { testCards } from '#shared/purchases/purchase.schema.ts';
import type { Db, Executor } from '../../db/client.ts';
import { localPaymentEvents, localPaymentIntents } from '../../db/schema/index.ts';
import {
  type CreatePaymentIntent,
  type PaymentCharge,
  type PaymentDispute,
  type PaymentEvent,
  type PaymentIntent,
  type PaymentIntentStatus,
  type PaymentProvider,
  PaymentProviderError,
  RefundRefusedError,
  UnknownPaymentObjectError,
} from './payment-provider.ts';
import { verifyStripeSignedEvent } from './stripe-signed-event.ts';

// The embedded payment provider (PAYMENT_PROVIDER=local): Stripe's test mode without Stripe.
// Intents live in our database; the test-mode card form confirms them, Stripe's test card
// numbers decide the outcome, and every outcome is sent as a signed Stripe-shaped
// `payment_intent.*` event to the same webhook route Stripe's events reach. An event is written in
// the transaction that changed its intent and delivered after the commit, so a crash between the
// two only delays it until the next start (as Stripe retries its own).

/** Hands a signed event to the webhook route (the app posts it to itself); true once it was taken. */
export type DeliverEvent = (body: string, signatureHeader: string) => Promise<boolean>;

/** The local provider's signing secret: derived from COOKIE_SECRET, so every process agrees. */
export function localWebhookSecret(cookieSecret: string): string {
  return `whsec_${createHmac('sha256', cookieSecret).update('local-payment-events').digest('hex')}`;
}

/** What each test card does, as Stripe's test cards do (anything else is declined, as Stripe does). */
function outcomeOf(cardNumber: string): { status: PaymentIntentStatus; errorCode: string | null } {
  switch (cardNumber) {
    case testCards.succeeds:
    case testCards.refundFails:
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

/** A local intent's one charge is named after it: `pi_local_x` is charged as `ch_local_x`. */
const intentIdOfCharge = (chargeId: string) => chargeId.replace(/^ch_/, 'pi_');
const chargeIdOfIntent = (intentId: string) => intentId.replace(/^pi_/, 'ch_');

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
    if (!row) throw new UnknownPaymentObjectError(`No such payment_intent: '${paymentIntentId}'`);
    return toPaymentIntent(row);
  }

  async retrieveCharge(chargeId: string): Promise<PaymentCharge> {
    const intent = await this.retrieveIntent(intentIdOfCharge(chargeId));
    if (intent.status !== 'succeeded') throw new UnknownPaymentObjectError(`No such charge: '${chargeId}'`);
    return {
      id: chargeId,
      paymentIntentId: intent.id,
      amountCents: intent.amountCents,
      amountRefundedCents: await this.refundedCents(intent.id),
      currency: intent.currency,
    };
  }

  /** Test mode has no banks to dispute a payment: no dispute exists here. */
  async retrieveDispute(disputeId: string): Promise<PaymentDispute> {
    throw new UnknownPaymentObjectError(`No such dispute: '${disputeId}'`);
  }

  async cancelIntent(paymentIntentId: string): Promise<PaymentIntent> {
    await this.changeIntent(
      { status: 'canceled', lastErrorCode: null },
      and(eq(localPaymentIntents.id, paymentIntentId), inArray(localPaymentIntents.status, payableStatuses)),
    );
    return this.retrieveIntent(paymentIntentId);
  }

  /**
   * Refunds the whole payment and sends `charge.refunded`, as Stripe does. One conditional update:
   * a second call finds it refunded and does nothing (as Stripe's idempotency key would).
   */
  async refund(paymentIntentId: string): Promise<void> {
    const [card] = await this.db
      .select({ metadata: localPaymentIntents.metadata })
      .from(localPaymentIntents)
      .where(eq(localPaymentIntents.id, paymentIntentId));
    if (card?.metadata.test_refund === 'fails')
      throw new RefundRefusedError(
        `refund of payment_intent ${paymentIntentId} refused: the test card's account does not take refunds`,
      );
    const refunded = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(localPaymentIntents)
        .set({ amountRefundedCents: sql`${localPaymentIntents.amountCents}`, updatedAt: sql`now()` })
        .where(
          and(
            eq(localPaymentIntents.id, paymentIntentId),
            eq(localPaymentIntents.status, 'succeeded'),
            lt(localPaymentIntents.amountRefundedCents, localPaymentIntents.amountCents),
          ),
        )
        .returning();
      if (row) await recordChargeRefunded(tx, row);
      return row;
    });
    if (refunded) {
      await this.deliverUndelivered(refunded.id);
      return;
    }
    const intent = await this.retrieveIntent(paymentIntentId);
    if (intent.status !== 'succeeded')
      throw new PaymentProviderError(`payment_intent ${paymentIntentId} has no successful charge to refund`);
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
   * An intent this form already paid answers as it is (a retry after a lost answer or a crash
   * finds the payment, and its event is sent if it never was). Undefined when no intent has that
   * client secret or it was cancelled.
   */
  async confirmWithTestCard(clientSecret: string, cardNumber: string): Promise<PaymentIntent | undefined> {
    const outcome = outcomeOf(cardNumber);
    const confirmed = await this.changeIntent(
      {
        status: outcome.status,
        lastErrorCode: outcome.errorCode,
        // Kept on the intent as Stripe keeps a test card's behaviour with its charge.
        ...(cardNumber === testCards.refundFails && {
          metadata: sql`${localPaymentIntents.metadata} || '{"test_refund":"fails"}'::jsonb`,
        }),
      },
      and(
        eq(localPaymentIntents.clientSecret, clientSecret),
        inArray(localPaymentIntents.status, payableStatuses),
      ),
    );
    if (confirmed) return toPaymentIntent(confirmed);
    const [row] = await this.db
      .select()
      .from(localPaymentIntents)
      .where(eq(localPaymentIntents.clientSecret, clientSecret));
    if (!row || row.status === 'canceled') return undefined;
    await this.deliverUndelivered(row.id);
    return toPaymentIntent(row);
  }

  /**
   * Sends the events not yet taken by the webhook (all, or one intent's), oldest first: at start,
   * by the sweep, and after each change. Each is signed afresh, as the signature's time counts.
   */
  async deliverUndelivered(paymentIntentId?: string): Promise<number> {
    const pending = await this.db
      .select()
      .from(localPaymentEvents)
      .where(
        and(
          isNull(localPaymentEvents.deliveredAt),
          paymentIntentId ? eq(localPaymentEvents.paymentIntentId, paymentIntentId) : undefined,
        ),
      )
      .orderBy(asc(localPaymentEvents.createdAt), asc(localPaymentEvents.id));
    let delivered = 0;
    for (const event of pending) {
      const taken = await this.deliver(
        event.body,
        Stripe.webhooks.generateTestHeaderString({ payload: event.body, secret: this.webhookSecret }),
      );
      if (!taken) break;
      await this.db
        .update(localPaymentEvents)
        .set({ deliveredAt: sql`now()` })
        .where(eq(localPaymentEvents.id, event.id));
      delivered++;
    }
    return delivered;
  }

  verifyEvent(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent | null {
    return verifyStripeSignedEvent(rawBody, signatureHeader, this.webhookSecret);
  }

  /**
   * Moves the intents `where` selects to a new state and writes the event that says so, in one
   * transaction; then delivers it. Returns the changed intent, or undefined when none matched.
   */
  private async changeIntent(
    change: { status: PaymentIntentStatus; lastErrorCode: string | null; metadata?: SQL },
    where: SQL | undefined,
  ): Promise<IntentRow | undefined> {
    const changed = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(localPaymentIntents)
        .set({ ...change, updatedAt: sql`now()` })
        .where(where)
        .returning();
      if (row) await recordEvent(tx, row);
      return row;
    });
    if (changed) await this.deliverUndelivered(changed.id);
    return changed;
  }
}

/** Writes the Stripe-shaped event of the intent's new state, to be delivered after the commit. */
async function recordEvent(executor: Executor, row: IntentRow): Promise<void> {
  const type = eventTypeByStatus[row.status as PaymentIntentStatus];
  if (!type) return;
  await writeEvent(executor, row.id, type, {
    id: row.id,
    object: 'payment_intent',
    amount: row.amountCents,
    currency: row.currency,
    status: row.status,
    metadata: row.metadata,
    last_payment_error: row.lastErrorCode ? { code: row.lastErrorCode, type: 'card_error' } : null,
  });
}

/** Writes the `charge.refunded` event of the intent's one charge, to be delivered after the commit. */
async function recordChargeRefunded(executor: Executor, row: IntentRow): Promise<void> {
  await writeEvent(executor, row.id, 'charge.refunded', {
    id: chargeIdOfIntent(row.id),
    object: 'charge',
    payment_intent: row.id,
    amount: row.amountCents,
    amount_refunded: row.amountRefundedCents,
    currency: row.currency,
    refunded: row.amountRefundedCents >= row.amountCents,
  });
}

async function writeEvent(
  executor: Executor,
  paymentIntentId: string,
  type: string,
  object: Record<string, unknown>,
): Promise<void> {
  const id = `evt_local_${randomBytes(12).toString('hex')}`;
  const body = JSON.stringify({
    id,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  });
  await executor.insert(localPaymentEvents).values({ id, paymentIntentId, body });
}

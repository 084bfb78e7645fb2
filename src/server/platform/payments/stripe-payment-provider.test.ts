import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeStripeApi, startFakeStripeApi } from '../../test/fake-stripe-api.ts';
import { signStripeEvent, stripeEvent } from '../../test/stripe-events.ts';
import {
  type CreatePaymentIntent,
  PaymentEventSignatureError,
  type PaymentProvider,
  PaymentProviderError,
  UnknownPaymentObjectError,
} from './payment-provider.ts';
import { createStripePaymentProvider } from './stripe-payment-provider.ts';

// The Stripe provider drives the real `stripe` SDK against a stand-in for Stripe's API on this
// machine (test/fake-stripe-api.ts), so what is checked is what the SDK puts on the wire.

const webhookSecret = 'whsec_test_5b1f0c9e2d7a4e8f';
const publishableKey = 'pk_test_51LipputoriTest';
let fake: FakeStripeApi;
let provider: PaymentProvider;

const purchase: CreatePaymentIntent = {
  amountCents: 10_300,
  currency: 'eur',
  description: 'Nightwish – Yesterwynde World Tour, 1 lippu',
  metadata: {
    ticketId: '0b7f2c1e-3a4d-4e5f-8a9b-1c2d3e4f5a6b',
    buyerId: '5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9',
    reservationId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  },
};

/** A port nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  fake = await startFakeStripeApi();
  provider = createStripePaymentProvider(
    { secretKey: fake.secretKey, publishableKey, webhookSecret },
    fake.api,
  );
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

describe('the Stripe payment provider', () => {
  it('names itself and hands the publishable key to the browser', () => {
    expect(provider.kind).toBe('stripe');
    expect(provider.publishableKey).toBe(publishableKey);
  });

  describe('createIntent', () => {
    it('sends the amount, currency, description, metadata and automatic payment methods under the key', async () => {
      const intent = await provider.createIntent(purchase, 'reservation-1-attempt-1');

      expect(fake.requests).toHaveLength(1);
      expect(fake.requests[0]).toMatchObject({
        method: 'POST',
        path: '/v1/payment_intents',
        idempotencyKey: 'reservation-1-attempt-1',
        body: {
          amount: '10300',
          currency: 'eur',
          description: purchase.description,
          metadata: purchase.metadata,
          automatic_payment_methods: { enabled: 'true' },
        },
      });
      expect(intent).toEqual({
        id: expect.stringMatching(/^pi_/),
        clientSecret: expect.stringMatching(new RegExp(`^${intent.id}_secret_`)),
        status: 'requires_payment_method',
        amountCents: 10_300,
        currency: 'eur',
        metadata: purchase.metadata,
        lastErrorCode: null,
      });
    });

    it('creates one intent for the same key sent twice', async () => {
      const first = await provider.createIntent(purchase, 'reservation-1-attempt-1');
      const second = await provider.createIntent(purchase, 'reservation-1-attempt-1');

      expect(second).toEqual(first);
      expect(fake.intents).toHaveLength(1);
      expect(fake.requests.map((request) => request.replayed)).toEqual([false, true]);
    });

    it('refuses a key used before for another amount', async () => {
      await provider.createIntent(purchase, 'reservation-1-attempt-1');

      await expect(
        provider.createIntent({ ...purchase, amountCents: 5_150 }, 'reservation-1-attempt-1'),
      ).rejects.toThrow(PaymentProviderError);
      expect(fake.intents).toHaveLength(1);
    });

    it('creates a second intent under a fresh key', async () => {
      const first = await provider.createIntent(purchase, 'reservation-1-attempt-1');
      const second = await provider.createIntent(purchase, 'reservation-1-attempt-2');

      expect(second.id).not.toBe(first.id);
      expect(fake.intents).toHaveLength(2);
    });

    it('retries a 500 with the same key and creates one intent', async () => {
      fake.failNext(1);

      const intent = await provider.createIntent(purchase, 'reservation-1-attempt-1');

      expect(fake.requests.map((request) => [request.status, request.idempotencyKey])).toEqual([
        [500, 'reservation-1-attempt-1'],
        [200, 'reservation-1-attempt-1'],
      ]);
      expect(fake.intents.map((stored) => stored.id)).toEqual([intent.id]);
    });

    it('gets the intent a lost answer created when it retries with the same key', async () => {
      fake.failNext(1, 'lost-response');

      const intent = await provider.createIntent(purchase, 'reservation-1-attempt-1');

      expect(fake.requests.map((request) => [request.status, request.replayed])).toEqual([
        [0, false],
        [200, true],
      ]);
      expect(fake.intents.map((stored) => stored.id)).toEqual([intent.id]);
    });

    it('gives up after two retries with a PaymentProviderError', async () => {
      fake.failNext(3);

      await expect(provider.createIntent(purchase, 'reservation-1-attempt-1')).rejects.toThrow(
        PaymentProviderError,
      );
      expect(fake.requests).toHaveLength(3);
      expect(fake.intents).toHaveLength(0);
    });

    it('throws PaymentProviderError when Stripe cannot be reached', async () => {
      const unreachable = createStripePaymentProvider(
        { secretKey: fake.secretKey, publishableKey, webhookSecret },
        { host: '127.0.0.1', port: await closedPort(), protocol: 'http' },
      );

      const failure = unreachable.createIntent(purchase, 'reservation-1-attempt-1');

      await expect(failure).rejects.toThrow(PaymentProviderError);
      await expect(failure).rejects.toThrow(/connection to Stripe/);
    });

    it('throws PaymentProviderError when Stripe refuses the key', async () => {
      const wrongKey = createStripePaymentProvider(
        { secretKey: 'sk_test_not_this_account', publishableKey, webhookSecret },
        fake.api,
      );

      await expect(wrongKey.createIntent(purchase, 'reservation-1-attempt-1')).rejects.toThrow(
        /HTTP 401.*Invalid API Key/,
      );
      expect(fake.intents).toHaveLength(0);
    });
  });

  describe('retrieveIntent', () => {
    it('reports the status and the decline code of the last failed attempt', async () => {
      const { id } = await provider.createIntent(purchase, 'reservation-1-attempt-1');
      fake.setStatus(id, 'requires_payment_method', {
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      });

      expect(await provider.retrieveIntent(id)).toMatchObject({
        id,
        status: 'requires_payment_method',
        lastErrorCode: 'insufficient_funds',
      });
      expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${id}` });
    });

    it('falls back to the error code when there is no decline code', async () => {
      const { id } = await provider.createIntent(purchase, 'reservation-1-attempt-1');
      fake.setStatus(id, 'requires_payment_method', { code: 'expired_card' });

      expect((await provider.retrieveIntent(id)).lastErrorCode).toBe('expired_card');
    });

    it('reports a paid intent as succeeded with no error', async () => {
      const { id } = await provider.createIntent(purchase, 'reservation-1-attempt-1');
      fake.setStatus(id, 'succeeded');

      expect(await provider.retrieveIntent(id)).toMatchObject({
        status: 'succeeded',
        amountCents: 10_300,
        metadata: purchase.metadata,
        lastErrorCode: null,
      });
    });

    it('throws UnknownPaymentObjectError for an intent Stripe does not have', async () => {
      await expect(provider.retrieveIntent('pi_doesnotexist')).rejects.toThrow(/No such payment_intent/);
      await expect(provider.retrieveIntent('pi_doesnotexist')).rejects.toThrow(UnknownPaymentObjectError);
    });

    it('throws PaymentProviderError while Stripe answers 500', async () => {
      fake.failNext(3, 'server-error');
      await expect(provider.retrieveIntent('pi_doesnotexist')).rejects.toThrow(PaymentProviderError);
    });
  });

  describe('cancelIntent', () => {
    it('cancels an intent nobody paid, as abandoned', async () => {
      const { id } = await provider.createIntent(purchase, 'reservation-1-attempt-1');

      expect((await provider.cancelIntent(id)).status).toBe('canceled');
      expect(fake.requests.at(-1)).toMatchObject({
        method: 'POST',
        path: `/v1/payment_intents/${id}/cancel`,
        body: { cancellation_reason: 'abandoned' },
      });
    });

    it('returns an intent that succeeded meanwhile as succeeded', async () => {
      const { id } = await provider.createIntent(purchase, 'reservation-1-attempt-1');
      fake.setStatus(id, 'succeeded');

      const intent = await provider.cancelIntent(id);

      expect(intent.status).toBe('succeeded');
      expect(fake.intent(id).status).toBe('succeeded');
      expect(fake.requests.slice(1).map((request) => [request.method, request.status])).toEqual([
        ['POST', 400],
        ['GET', 200],
      ]);
    });

    it('returns an intent cancelled before as canceled', async () => {
      const { id } = await provider.createIntent(purchase, 'reservation-1-attempt-1');
      await provider.cancelIntent(id);

      expect((await provider.cancelIntent(id)).status).toBe('canceled');
    });

    it('throws UnknownPaymentObjectError for an intent Stripe does not have', async () => {
      await expect(provider.cancelIntent('pi_doesnotexist')).rejects.toThrow(UnknownPaymentObjectError);
    });
  });

  describe('refund', () => {
    it('refunds the whole payment of the intent under the key', async () => {
      const { id } = await provider.createIntent(purchase, 'reservation-1-attempt-1');
      fake.setStatus(id, 'succeeded');

      await provider.refund(id, 'refund-reservation-1');

      expect(fake.requests.at(-1)).toMatchObject({
        method: 'POST',
        path: '/v1/refunds',
        body: { payment_intent: id },
        idempotencyKey: 'refund-reservation-1',
      });
      expect(fake.refunds).toMatchObject([{ payment_intent: id, amount: 10_300, status: 'succeeded' }]);
    });

    it('refunds once for the same key sent twice', async () => {
      const { id } = await provider.createIntent(purchase, 'reservation-1-attempt-1');
      fake.setStatus(id, 'succeeded');

      await provider.refund(id, 'refund-reservation-1');
      await provider.refund(id, 'refund-reservation-1');

      expect(fake.refunds).toHaveLength(1);
    });

    it('counts a payment already refunded under another key as done', async () => {
      const { id } = await provider.createIntent(purchase, 'reservation-1-attempt-1');
      fake.setStatus(id, 'succeeded');
      await provider.refund(id, 'refund-reservation-1');

      await expect(provider.refund(id, 'refund-from-dashboard')).resolves.toBeUndefined();
      expect(fake.requests.at(-1)?.status).toBe(400);
      expect(fake.refunds).toHaveLength(1);
    });

    it('refunds once when the first answer is lost and the SDK retries', async () => {
      const { id } = await provider.createIntent(purchase, 'reservation-1-attempt-1');
      fake.setStatus(id, 'succeeded');
      fake.failNext(1, 'lost-response');

      await provider.refund(id, 'refund-reservation-1');

      expect(fake.refunds).toHaveLength(1);
    });

    it('throws PaymentProviderError for an intent that was never paid', async () => {
      const { id } = await provider.createIntent(purchase, 'reservation-1-attempt-1');

      await expect(provider.refund(id, 'refund-reservation-1')).rejects.toThrow(PaymentProviderError);
      expect(fake.refunds).toHaveLength(0);
    });
  });

  describe('verifyEvent', () => {
    const intentEvent = async (type = 'payment_intent.succeeded') => {
      const { id } = await provider.createIntent(purchase, `event-${type}`);
      return stripeEvent(type, fake.setStatus(id, 'succeeded'));
    };

    it('reads the ids of a genuine payment intent event', async () => {
      const event = await intentEvent();
      const { body, signature } = signStripeEvent(event, webhookSecret);

      expect(provider.verifyEvent(Buffer.from(body), signature)).toEqual({
        id: event.id,
        type: 'payment_intent.succeeded',
        object: 'payment_intent',
        objectId: event.data.object.id,
      });
    });

    it('refuses an event signed with another secret', async () => {
      const { body, signature } = signStripeEvent(await intentEvent(), 'whsec_someone_else');

      expect(() => provider.verifyEvent(Buffer.from(body), signature)).toThrow(PaymentEventSignatureError);
    });

    it('refuses a body changed after signing', async () => {
      const { body, signature } = signStripeEvent(await intentEvent(), webhookSecret);
      const tampered = body.replace('payment_intent.succeeded', 'payment_intent.canceled');

      expect(tampered).not.toBe(body);
      expect(() => provider.verifyEvent(Buffer.from(tampered), signature)).toThrow(
        PaymentEventSignatureError,
      );
    });

    it('refuses an event without a signature header', async () => {
      const { body } = signStripeEvent(await intentEvent(), webhookSecret);

      expect(() => provider.verifyEvent(Buffer.from(body), undefined)).toThrow(PaymentEventSignatureError);
      expect(() => provider.verifyEvent(Buffer.from(body), '')).toThrow(PaymentEventSignatureError);
      expect(() => provider.verifyEvent(Buffer.from(body), 'not a signature')).toThrow(
        PaymentEventSignatureError,
      );
    });

    it('refuses a genuine event signed longer ago than five minutes', async () => {
      const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
      const { body, signature } = signStripeEvent(await intentEvent(), webhookSecret, tenMinutesAgo);

      expect(() => provider.verifyEvent(Buffer.from(body), signature)).toThrow(
        /rejected: Timestamp outside the tolerance zone/,
      );
    });

    it('reads the ids of a refund or a dispute, and answers null for events about anything else', async () => {
      const { id } = await provider.createIntent(purchase, 'reservation-1-attempt-1');
      const charge = { id: 'ch_3LipputoriCharge', object: 'charge', payment_intent: id };
      const dispute = { id: 'dp_3LipputoriDispute', object: 'dispute', payment_intent: id };
      const verified = (type: string, object: { id: string; object: string }) => {
        const { body, signature } = signStripeEvent(stripeEvent(type, object), webhookSecret);
        return provider.verifyEvent(Buffer.from(body), signature);
      };

      expect(verified('charge.refunded', charge)).toMatchObject({ object: 'charge', objectId: charge.id });
      expect(verified('charge.dispute.created', dispute)).toMatchObject({
        object: 'dispute',
        objectId: dispute.id,
      });
      // A charge's other events repeat what its intent's say.
      expect(verified('charge.succeeded', charge)).toBeNull();
      expect(verified('customer.created', { id: 'cus_1', object: 'customer' })).toBeNull();
    });

    it('reads a refunded charge and a dispute as Stripe reports them now', async () => {
      const { id } = await provider.createIntent(purchase, 'reservation-2-attempt-1');
      fake.setStatus(id, 'succeeded');
      const charge = fake.refundInDashboard(id, 500);
      expect(await provider.retrieveCharge(charge.id)).toEqual({
        id: charge.id,
        paymentIntentId: id,
        amountCents: purchase.amountCents,
        amountRefundedCents: 500,
        currency: 'eur',
      });
      const dispute = fake.openDispute(id, 'fraudulent');
      expect(await provider.retrieveDispute(dispute.id)).toEqual({
        id: dispute.id,
        paymentIntentId: id,
        amountCents: purchase.amountCents,
        status: 'needs_response',
        reason: 'fraudulent',
      });
      await expect(provider.retrieveDispute('dp_doesnotexist')).rejects.toThrow(UnknownPaymentObjectError);
    });
  });
});

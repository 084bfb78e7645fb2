import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripeApi, startFakeStripeApi } from './fake-stripe-api.ts';

// The fake's browser part, which the Stripe journey (e2e/stripe-checkout.spec.ts) relies on: it must
// refuse what Stripe refuses to a publishable key, or the journey could pass where Stripe would not.

let fake: FakeStripeApi;
let base = '';

beforeAll(async () => {
  fake = await startFakeStripeApi();
  base = `http://${fake.api.host}:${fake.api.port}`;
});
afterAll(() => fake.close());

/** A new intent, made as our server makes it (secret key, automatic payment methods). */
async function createIntent(): Promise<{ id: string; client_secret: string }> {
  const response = await fetch(`${base}/v1/payment_intents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${fake.secretKey}` },
    body: new URLSearchParams({
      amount: '5150',
      currency: 'eur',
      'automatic_payment_methods[enabled]': 'true',
    }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string; client_secret: string };
}

/** A call as Stripe.js makes it: the publishable key and the fields in the form. */
function browserCall(path: string, fields: Record<string, string>, method: 'GET' | 'POST' = 'POST') {
  const form = new URLSearchParams({ key: fake.publishableKey, ...fields });
  return method === 'GET' ? fetch(`${base}${path}?${form}`) : fetch(`${base}${path}`, { method, body: form });
}

describe("the fake Stripe API's browser calls", () => {
  it('reads and confirms an intent with its client secret, open to any page', async () => {
    const intent = await createIntent();
    const read = await browserCall(
      `/v1/payment_intents/${intent.id}`,
      { client_secret: intent.client_secret },
      'GET',
    );
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBe('*');
    expect(await read.json()).toMatchObject({ payment_method_types: ['card', 'mobilepay'] });

    const confirmed = await browserCall(`/v1/payment_intents/${intent.id}/confirm`, {
      client_secret: intent.client_secret,
      'payment_method_data[type]': 'mobilepay',
    });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ status: 'succeeded' });
    expect(fake.intent(intent.id)).toMatchObject({ status: 'succeeded', amount_received: 5150 });
  });

  it('refuses a wrong client secret, a type the intent does not take, a second confirmation and anything else', async () => {
    const intent = await createIntent();
    const confirm = (fields: Record<string, string>) =>
      browserCall(`/v1/payment_intents/${intent.id}/confirm`, fields);

    expect((await confirm({ client_secret: `${intent.id}_secret_wrong` })).status).toBe(404);
    expect(
      (await confirm({ client_secret: intent.client_secret, 'payment_method_data[type]': 'klarna' })).status,
    ).toBe(400);
    expect(fake.intent(intent.id).status).toBe('requires_payment_method');
    expect(
      (await confirm({ client_secret: intent.client_secret, 'payment_method_data[type]': 'card' })).status,
    ).toBe(200);
    const again = await confirm({ client_secret: intent.client_secret, 'payment_method_data[type]': 'card' });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: { code: 'payment_intent_unexpected_state' } });

    // What only the secret key may do.
    expect((await browserCall('/v1/payment_intents', { amount: '5150', currency: 'eur' })).status).toBe(401);
    expect((await browserCall('/v1/refunds', { payment_intent: intent.id })).status).toBe(401);
    const wrongKey = await fetch(`${base}/v1/payment_intents/${intent.id}?key=pk_test_other`);
    expect(wrongKey.status).toBe(401);
  });
});

import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PaymentIntentStatus } from '../platform/payments/payment-provider.ts';

/**
 * A stand-in for Stripe's REST API on loopback, for the part Lipputori uses: create, retrieve and
 * cancel payment intents, refund them, and read charges and disputes. It speaks the protocol the `stripe` SDK speaks
 * (form-encoded bodies with bracketed keys, Bearer secret key, Idempotency-Key, Stripe-shaped JSON
 * objects and `{ error: { type, code, message } }` errors with Stripe's HTTP statuses), so the real
 * SDK runs against it. Tests move an intent along with `setStatus` (what the buyer's browser and
 * the bank would do at Stripe), refund in the dashboard with `refundInDashboard`, open and decide
 * disputes with `openDispute` and `setDisputeStatus`, count requests in `requests`, and make
 * requests fail with `failNext`.
 *
 * The browser's part, as Stripe.js calls it with the publishable key and the intent's client secret
 * (and CORS open to any page, as Stripe's is): retrieving the intent and confirming it with a payment
 * method of one of its types. Its test payment methods are always authorised, like 4242 4242 4242
 * 4242 or an approved test MobilePay payment. The browser journeys (e2e/stripe-checkout.spec.ts) use it.
 */

/** A form-encoded body as Stripe reads it: `metadata[ticketId]=x` becomes `{ metadata: { ticketId: 'x' } }`. */
export type StripeForm = { [key: string]: string | StripeForm };

export interface FakeStripeRequest {
  method: string;
  /** Without the query string. */
  path: string;
  body: StripeForm;
  idempotencyKey: string | undefined;
  /** The answer was the stored one of an earlier request with the same Idempotency-Key. */
  replayed: boolean;
  /** The HTTP status answered; 0 when the connection was dropped instead. */
  status: number;
}

/** The last failed payment attempt, as Stripe writes `last_payment_error`. */
export interface FakeStripePaymentError {
  code: string;
  decline_code?: string;
  message?: string;
  type?: string;
}

/** A payment intent as Stripe answers it (the fields we and the SDK read, plus the usual others). */
export interface FakeStripeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  automatic_payment_methods: { enabled: boolean; allow_redirects: 'always' } | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: 'automatic_async';
  client_secret: string;
  confirmation_method: 'automatic';
  created: number;
  currency: string;
  description: string | null;
  last_payment_error: (FakeStripePaymentError & { type: string }) | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Record<string, string>;
  payment_method: string | null;
  payment_method_types: string[];
  status: PaymentIntentStatus;
}

export interface FakeStripeRefund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  status: 'succeeded';
}

/** A charge as Stripe answers it: the money of a succeeded intent, and how much went back. */
export interface FakeStripeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  created: number;
  currency: string;
  disputed: boolean;
  paid: true;
  payment_intent: string;
  refunded: boolean;
  status: 'succeeded';
}

/** A dispute (chargeback) as Stripe answers it. */
export interface FakeStripeDispute {
  id: string;
  object: 'dispute';
  amount: number;
  charge: string;
  created: number;
  currency: string;
  payment_intent: string;
  reason: string;
  status: string;
}

/**
 * `server-error`: a 500 before the request reached the API (nothing done, nothing stored under its
 * key), as from a load balancer. `lost-response`: the request is carried out and its answer stored
 * under its Idempotency-Key, then the connection drops before the answer is sent.
 */
export type FakeStripeFailure = 'server-error' | 'lost-response';

export interface FakeStripeApi {
  /** The second argument of createStripePaymentProvider. */
  readonly api: { host: string; port: number; protocol: 'http' };
  /** The only secret key it accepts. */
  readonly secretKey: string;
  /** The only publishable key it accepts (the browser's calls). */
  readonly publishableKey: string;
  /** Every request since the start or the last reset, in order. */
  readonly requests: readonly FakeStripeRequest[];
  readonly intents: readonly FakeStripeIntent[];
  readonly refunds: readonly FakeStripeRefund[];
  intent(id: string): FakeStripeIntent;
  /** The charge of a succeeded intent. */
  chargeOf(paymentIntentId: string): FakeStripeCharge;
  /** A refund made by a person in Stripe's dashboard: the whole rest, or `amount` cents. */
  refundInDashboard(paymentIntentId: string, amount?: number): FakeStripeCharge;
  /** The buyer's bank disputes the payment of an intent. */
  openDispute(paymentIntentId: string, reason?: string): FakeStripeDispute;
  setDisputeStatus(id: string, status: string): FakeStripeDispute;
  /** Moves an intent to a status, as a payment attempt at Stripe would; a success creates its charge. */
  setStatus(id: string, status: PaymentIntentStatus, lastError?: FakeStripePaymentError): FakeStripeIntent;
  /** The next `count` requests fail. */
  failNext(count: number, how?: FakeStripeFailure): void;
  /** Forgets every object, request, idempotency key and pending failure. */
  reset(): void;
  close(): Promise<void>;
}

interface Answer {
  status: number;
  body: unknown;
}

interface StoredAnswer extends Answer {
  /** What the key was first used for: the same key with other parameters is refused. */
  request: string;
}

const confirmableStatuses: readonly PaymentIntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
];

const cancellableStatuses: readonly PaymentIntentStatus[] = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
];

const stripeId = (prefix: string) =>
  `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const now = () => Math.floor(Date.now() / 1000);

const stripeError = (status: number, error: Record<string, unknown>): Answer => ({ status, body: { error } });
const invalidRequest = (status: number, message: string, fields: Record<string, unknown> = {}) =>
  stripeError(status, { type: 'invalid_request_error', message, ...fields });
const noSuchIntent = (id: string, param: string) =>
  invalidRequest(404, `No such payment_intent: '${id}'`, { code: 'resource_missing', param });

/** Stripe's form encoding: `a[b][c]=v` nests; repeated indexes (`a[0]`) become keys '0', '1', …. */
function parseStripeForm(text: string): StripeForm {
  const form: StripeForm = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match?.[1]) continue;
    const path = [match[1], ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1] ?? '')];
    let target = form;
    for (const part of path.slice(0, -1)) {
      const next = target[part];
      if (typeof next === 'object') {
        target = next;
      } else {
        const nested: StripeForm = {};
        target[part] = nested;
        target = nested;
      }
    }
    target[path.at(-1) ?? ''] = value;
  }
  return form;
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

/** Who calls: the server with the secret key, or a browser with the publishable key. */
type Caller = 'server' | 'browser';

export interface FakeStripeOptions {
  secretKey?: string;
  publishableKey?: string;
  /** A fixed port on 127.0.0.1 (another process must find it); any free one by default. */
  port?: number;
}

export async function startFakeStripeApi(options: FakeStripeOptions = {}): Promise<FakeStripeApi> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(16).toString('hex')}`;
  const publishableKey = options.publishableKey ?? `pk_test_${randomBytes(16).toString('hex')}`;
  let intents = new Map<string, FakeStripeIntent>();
  let refunds: FakeStripeRefund[] = [];
  let charges = new Map<string, FakeStripeCharge>();
  let disputes = new Map<string, FakeStripeDispute>();
  let answersByKey = new Map<string, StoredAnswer>();
  let requests: FakeStripeRequest[] = [];
  let failures: FakeStripeFailure[] = [];

  const findIntent = (id: string) => {
    const intent = intents.get(id);
    if (!intent) throw new Error(`The fake Stripe has no payment intent ${id}`);
    return intent;
  };

  const findCharge = (paymentIntentId: string) => {
    const chargeId = findIntent(paymentIntentId).latest_charge;
    const charge = chargeId ? charges.get(chargeId) : undefined;
    if (!charge) throw new Error(`The fake Stripe's intent ${paymentIntentId} has no charge`);
    return charge;
  };

  const createIntent = (form: StripeForm): Answer => {
    const amount = typeof form.amount === 'string' ? Number(form.amount) : Number.NaN;
    if (form.amount === undefined)
      return invalidRequest(400, 'Missing required param: amount.', {
        code: 'parameter_missing',
        param: 'amount',
      });
    if (!Number.isInteger(amount) || amount < 0)
      return invalidRequest(400, 'Invalid integer: amount', {
        code: 'parameter_invalid_integer',
        param: 'amount',
      });
    if (typeof form.currency !== 'string')
      return invalidRequest(400, 'Missing required param: currency.', {
        code: 'parameter_missing',
        param: 'currency',
      });
    if (form.currency === 'eur' && amount < 50)
      return invalidRequest(400, 'Amount must be at least €0.50 eur', {
        code: 'amount_too_small',
        param: 'amount',
      });
    const metadata = typeof form.metadata === 'object' ? form.metadata : {};
    const automatic =
      typeof form.automatic_payment_methods === 'object' ? form.automatic_payment_methods : null;
    const id = stripeId('pi');
    const intent: FakeStripeIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      automatic_payment_methods:
        automatic?.enabled === 'true' ? { enabled: true, allow_redirects: 'always' } : null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic_async',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      confirmation_method: 'automatic',
      created: now(),
      currency: form.currency,
      description: typeof form.description === 'string' ? form.description : null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: Object.fromEntries(
        Object.entries(metadata).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      ),
      payment_method: null,
      payment_method_types: automatic ? ['card', 'mobilepay'] : ['card'],
      status: 'requires_payment_method',
    };
    intents.set(id, intent);
    return { status: 200, body: intent };
  };

  /** A payment attempt that went through: the money is taken, with its charge and payment method. */
  /** The payment went through: the intent is paid, with its one charge. */
  const succeed = (intent: FakeStripeIntent) => {
    intent.status = 'succeeded';
    intent.last_payment_error = null;
    intent.amount_received = intent.amount;
    intent.payment_method ??= stripeId('pm');
    if (!intent.latest_charge) {
      intent.latest_charge = stripeId('ch');
      charges.set(intent.latest_charge, {
        id: intent.latest_charge,
        object: 'charge',
        amount: intent.amount,
        amount_refunded: 0,
        created: now(),
        currency: intent.currency,
        disputed: false,
        paid: true,
        payment_intent: intent.id,
        refunded: false,
        status: 'succeeded',
      });
    }
    return intent;
  };

  const confirmIntent = (intent: FakeStripeIntent, form: StripeForm): Answer => {
    if (!confirmableStatuses.includes(intent.status))
      return invalidRequest(
        400,
        `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
        { code: 'payment_intent_unexpected_state', payment_intent: intent },
      );
    const data = typeof form.payment_method_data === 'object' ? form.payment_method_data : {};
    const type = typeof data.type === 'string' ? data.type : '';
    if (!intent.payment_method_types.includes(type))
      return invalidRequest(
        400,
        `The payment method type "${type}" is invalid. Please ensure the provided type is activated in your dashboard and your account is enabled for any preview features that you are trying to use.`,
        { code: 'payment_intent_invalid_parameter', param: 'payment_method_data[type]' },
      );
    return { status: 200, body: succeed(intent) };
  };

  const cancelIntent = (id: string, form: StripeForm): Answer => {
    const intent = intents.get(id);
    if (!intent) return noSuchIntent(id, 'intent');
    if (!cancellableStatuses.includes(intent.status))
      return invalidRequest(
        400,
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${cancellableStatuses.join(', ')}.`,
        { code: 'payment_intent_unexpected_state', payment_intent: intent },
      );
    intent.status = 'canceled';
    intent.canceled_at = now();
    intent.cancellation_reason =
      typeof form.cancellation_reason === 'string' ? form.cancellation_reason : null;
    return { status: 200, body: intent };
  };

  /** Gives back `amount` (default: all that is left) of an intent's charge, as Stripe refunds do. */
  const refundCharge = (intent: FakeStripeIntent, charge: FakeStripeCharge, amount?: number) => {
    const refund: FakeStripeRefund = {
      id: stripeId('re'),
      object: 'refund',
      amount: amount ?? charge.amount - charge.amount_refunded,
      charge: charge.id,
      created: now(),
      currency: intent.currency,
      metadata: {},
      payment_intent: intent.id,
      reason: null,
      status: 'succeeded',
    };
    charge.amount_refunded += refund.amount;
    charge.refunded = charge.amount_refunded >= charge.amount;
    refunds.push(refund);
    return refund;
  };

  const createRefund = (form: StripeForm): Answer => {
    if (typeof form.payment_intent !== 'string')
      return invalidRequest(400, 'Missing required param: payment_intent.', {
        code: 'parameter_missing',
        param: 'payment_intent',
      });
    const intent = intents.get(form.payment_intent);
    if (!intent)
      return invalidRequest(400, `No such payment_intent: '${form.payment_intent}'`, {
        code: 'resource_missing',
        param: 'payment_intent',
      });
    const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
    if (intent.status !== 'succeeded' || !charge)
      return invalidRequest(
        400,
        `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
        { code: 'payment_intent_unexpected_state', param: 'payment_intent' },
      );
    if (charge.refunded)
      return invalidRequest(400, `Charge ${charge.id} has already been refunded.`, {
        code: 'charge_already_refunded',
      });
    return { status: 200, body: refundCharge(intent, charge) };
  };

  const retrieve = (objects: Map<string, object>, kind: string, id: string): Answer => {
    const found = objects.get(id);
    return found
      ? { status: 200, body: found }
      : invalidRequest(404, `No such ${kind}: '${id}'`, { code: 'resource_missing', param: 'id' });
  };

  /** The browser's calls: the intent only with its own client secret, as at Stripe. */
  const browserRoute = (method: string, path: string, form: StripeForm): Answer => {
    const intentPath = /^\/v1\/payment_intents\/([^/]+)(\/confirm)?$/.exec(path);
    const id = intentPath?.[1] ? decodeURIComponent(intentPath[1]) : undefined;
    if (!id) return invalidRequest(401, 'This API call cannot be made with a publishable API key.');
    const intent = intents.get(id);
    if (!intent || form.client_secret !== intent.client_secret) return noSuchIntent(id, 'intent');
    if (method === 'GET' && !intentPath?.[2]) return { status: 200, body: intent };
    if (method === 'POST' && intentPath?.[2]) return confirmIntent(intent, form);
    return invalidRequest(404, `Unrecognized request URL (${method}: ${path}).`);
  };

  const route = (method: string, path: string, form: StripeForm, caller: Caller): Answer => {
    if (caller === 'browser') return browserRoute(method, path, form);
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(form);
    if (method === 'POST' && path === '/v1/refunds') return createRefund(form);
    const intentPath = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(path);
    const id = intentPath?.[1] ? decodeURIComponent(intentPath[1]) : undefined;
    if (id && !intentPath?.[2] && method === 'GET') {
      const intent = intents.get(id);
      return intent ? { status: 200, body: intent } : noSuchIntent(id, 'intent');
    }
    if (id && intentPath?.[2] && method === 'POST') return cancelIntent(id, form);
    const objectPath = /^\/v1\/(charges|disputes)\/([^/]+)$/.exec(path);
    if (objectPath?.[2] && method === 'GET') {
      const objectId = decodeURIComponent(objectPath[2]);
      return objectPath[1] === 'charges'
        ? retrieve(charges, 'charge', objectId)
        : retrieve(disputes, 'dispute', objectId);
    }
    return invalidRequest(404, `Unrecognized request URL (${method}: ${path}).`);
  };

  const send = (response: ServerResponse, answer: Answer, headers: Record<string, string> = {}) => {
    const body = JSON.stringify(answer.body);
    response.writeHead(answer.status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'request-id': stripeId('req'),
      'access-control-allow-origin': '*',
      ...headers,
    });
    response.end(body);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const method = request.method ?? 'GET';
    const url = new URL(request.url ?? '/', 'http://stripe.invalid');
    const rawBody = await readBody(request);
    const form = parseStripeForm(method === 'GET' ? url.search.slice(1) : rawBody);
    const header = request.headers['idempotency-key'];
    const idempotencyKey = typeof header === 'string' ? header : undefined;
    const record: FakeStripeRequest = {
      method,
      path: url.pathname,
      body: form,
      idempotencyKey,
      replayed: false,
      status: 0,
    };
    requests.push(record);

    const failure = failures.shift();
    if (failure === 'server-error') {
      record.status = 500;
      send(response, stripeError(500, { type: 'api_error', message: 'An unknown error occurred' }));
      return;
    }

    const caller: Caller | undefined =
      request.headers.authorization === `Bearer ${secretKey}`
        ? 'server'
        : form.key === publishableKey
          ? 'browser'
          : undefined;
    if (!caller) {
      record.status = 401;
      const given = request.headers.authorization?.replace(/^Bearer /, '');
      send(
        response,
        invalidRequest(
          401,
          given
            ? `Invalid API Key provided: ${given.slice(0, 8)}****${given.slice(-4)}`
            : 'You did not provide an API key.',
        ),
      );
      return;
    }

    // Stripe keeps an answer per key for POSTs only: GETs are safe to repeat anyway.
    const keyed = method === 'POST' && idempotencyKey !== undefined;
    const fingerprint = `${method} ${url.pathname} ${rawBody}`;
    const stored = keyed ? answersByKey.get(idempotencyKey) : undefined;
    let answer: Answer;
    let headers: Record<string, string> = {};
    if (stored && stored.request !== fingerprint) {
      answer = stripeError(400, {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
      });
    } else if (stored) {
      answer = stored;
      record.replayed = true;
      headers = { 'idempotent-replayed': 'true', 'idempotency-key': idempotencyKey ?? '' };
    } else {
      answer = route(method, url.pathname, form, caller);
      if (keyed) {
        // A snapshot, as Stripe replays the first answer even after the object has changed.
        answersByKey.set(idempotencyKey, { ...structuredClone(answer), request: fingerprint });
        headers = { 'idempotency-key': idempotencyKey };
      }
    }

    if (failure === 'lost-response') {
      response.socket?.destroy();
      return;
    }
    record.status = answer.status;
    send(response, answer, headers);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;

  return {
    api: { host: '127.0.0.1', port, protocol: 'http' },
    secretKey,
    publishableKey,
    get requests() {
      return requests;
    },
    get intents() {
      return [...intents.values()];
    },
    get refunds() {
      return refunds;
    },
    intent: findIntent,
    setStatus(id, status, lastError) {
      const intent = findIntent(id);
      intent.status = status;
      intent.last_payment_error = lastError ? { type: 'card_error', ...lastError } : null;
      return status === 'succeeded' ? succeed(intent) : intent;
    },
    chargeOf: findCharge,
    refundInDashboard(paymentIntentId, amount) {
      const charge = findCharge(paymentIntentId);
      refundCharge(findIntent(paymentIntentId), charge, amount);
      return charge;
    },
    openDispute(paymentIntentId, reason = 'fraudulent') {
      const charge = findCharge(paymentIntentId);
      charge.disputed = true;
      const dispute: FakeStripeDispute = {
        id: stripeId('dp'),
        object: 'dispute',
        amount: charge.amount,
        charge: charge.id,
        created: now(),
        currency: charge.currency,
        payment_intent: paymentIntentId,
        reason,
        status: 'needs_response',
      };
      disputes.set(dispute.id, dispute);
      return dispute;
    },
    setDisputeStatus(id, status) {
      const dispute = disputes.get(id);
      if (!dispute) throw new Error(`The fake Stripe has no dispute ${id}`);
      dispute.status = status;
      return dispute;
    },
    failNext(count, how = 'server-error') {
      failures.push(...Array.from({ length: count }, () => how));
    },
    reset() {
      intents = new Map();
      refunds = [];
      charges = new Map();
      disputes = new Map();
      answersByKey = new Map();
      requests = [];
      failures = [];
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

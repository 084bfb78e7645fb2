import type { BrowserContext, Route } from '@playwright/test';

// A stand-in for Stripe.js, served to the browser in place of https://js.stripe.com by the
// journeys' request interception, never part of the app's bundle. It is what
// @stripe/react-stripe-js calls (Stripe(), elements(), create('payment'), mount, on/off,
// confirmPayment), done the way Stripe.js does it on the page: the script from js.stripe.com, the
// Payment Element as a frame from js.stripe.com that asks for the Payment Request API (allow
// "payment"), and the intent read and confirmed on api.stripe.com with the publishable key and
// client secret. So the browser applies the site's Content-Security-Policy and Permissions-Policy
// to each, and a host they do not admit fails the journey. api.stripe.com's calls are answered by
// the fake Stripe API (src/server/test/fake-stripe-api.ts), the one the server talks to.

const origin = 'https://js.stripe.com';
const paymentFramePath = '/v3/elements-inner-payment.html';

/** The payment methods' names on the stub's tabs. */
export const stubMethodNames: Record<string, string> = {
  card: 'Kortti',
  mobilepay: 'MobilePay',
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
};

/** The frame's title, as the journeys find it. */
export const stubFrameTitle = 'Turvallinen maksulomake';

/** Runs on the page as the script from js.stripe.com: defines window.Stripe. */
function installStripe(train: string, frameUrl: string, methodNames: Record<string, string>, title: string) {
  type Handler = (event?: unknown) => void;
  interface StubElements {
    clientSecret: string;
    selected: string;
  }
  const apiBase = 'https://api.stripe.com';
  // Stripe keeps apple_pay and google_pay apart from the intent's types: the device decides.
  const wallets = ['apple_pay', 'google_pay'];
  // Stripe's own order when the page gives none; paymentMethodOrder puts its methods first.
  const defaultOrder = [...wallets, 'mobilepay', 'card'];
  const redirectingMethods = new Set(['mobilepay']);
  const elementsState = new WeakMap<object, StubElements>();

  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const intentId = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? '';

  function ordered(types: string[], order: string[] | undefined): string[] {
    const first = (order ?? []).filter((type) => types.includes(type));
    const rest = defaultOrder.filter((type) => types.includes(type) && !first.includes(type));
    return [...first, ...rest, ...types.filter((type) => !first.includes(type) && !rest.includes(type))];
  }

  function Stripe(publishableKey: string) {
    const api = async (method: 'GET' | 'POST', path: string, fields: Record<string, string>) => {
      const body = form({ key: publishableKey, ...fields });
      const response =
        method === 'GET'
          ? await fetch(`${apiBase}${path}?${body}`)
          : await fetch(`${apiBase}${path}`, {
              method,
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body,
            });
      return (await response.json()) as {
        error?: { type: string; message: string; code?: string };
        status?: string;
        payment_method_types?: string[];
      };
    };

    return {
      // react-stripe-js registers itself, and knows a Stripe object by these methods.
      _registerWrapper() {},
      registerAppInfo() {},
      createToken() {},
      createPaymentMethod() {},
      confirmCardPayment() {},
      elements(options: { clientSecret: string }) {
        const elements = {
          update() {},
          create(type: string, elementOptions: { paymentMethodOrder?: string[] }) {
            if (type !== 'payment') throw new Error(`The Stripe.js stub has no ${type} element`);
            const handlers = new Map<string, Set<Handler>>();
            const emit = (name: string, event?: unknown) => {
              for (const handler of handlers.get(name) ?? []) handler(event);
            };
            const state = elementsState.get(elements) as StubElements;
            let frame: HTMLIFrameElement | undefined;
            const onMessage = (event: MessageEvent) => {
              if (!frame || event.source !== frame.contentWindow || event.origin !== new URL(frameUrl).origin)
                return;
              const data = event.data as { type: string; method?: string };
              if (data.type === 'select' && data.method) state.selected = data.method;
              if (data.type === 'ready') emit('ready');
            };
            return {
              on(name: string, handler: Handler) {
                handlers.set(name, (handlers.get(name) ?? new Set()).add(handler));
              },
              off(name: string, handler: Handler) {
                handlers.get(name)?.delete(handler);
              },
              update() {},
              async mount(node: HTMLElement) {
                const intent = await api('GET', `/v1/payment_intents/${intentId(state.clientSecret)}`, {
                  client_secret: state.clientSecret,
                }).catch(() => undefined);
                if (!intent?.payment_method_types) {
                  emit('loaderror', { elementType: 'payment', error: intent?.error });
                  return;
                }
                const methods = ordered(
                  [...intent.payment_method_types, ...wallets],
                  elementOptions.paymentMethodOrder,
                );
                frame = document.createElement('iframe');
                frame.title = title;
                frame.allow = 'payment *';
                frame.style.cssText = 'border:0;width:100%;height:64px';
                frame.src = `${frameUrl}#${encodeURIComponent(JSON.stringify({ methods, methodNames }))}`;
                window.addEventListener('message', onMessage);
                node.appendChild(frame);
              },
              unmount() {
                frame?.remove();
              },
              destroy() {
                window.removeEventListener('message', onMessage);
                frame?.remove();
              },
            };
          },
        };
        elementsState.set(elements, { clientSecret: options.clientSecret, selected: '' });
        return elements;
      },
      async confirmPayment(params: {
        elements: object;
        confirmParams: { return_url: string };
        redirect?: 'always' | 'if_required';
      }) {
        const state = elementsState.get(params.elements);
        if (!state?.selected) return { error: { type: 'validation_error', message: 'Valitse maksutapa.' } };
        const id = intentId(state.clientSecret);
        // Apple Pay and Google Pay pay with a card from the wallet.
        const type = wallets.includes(state.selected) ? 'card' : state.selected;
        const intent = await api('POST', `/v1/payment_intents/${id}/confirm`, {
          client_secret: state.clientSecret,
          'payment_method_data[type]': type,
          return_url: params.confirmParams.return_url,
        });
        if (intent.error) return { error: intent.error };
        if (params.redirect === 'always' || redirectingMethods.has(state.selected)) {
          // As after the buyer approved the payment in MobilePay: back to the return address.
          const back = new URL(params.confirmParams.return_url);
          back.searchParams.set('payment_intent', id);
          back.searchParams.set('payment_intent_client_secret', state.clientSecret);
          back.searchParams.set('redirect_status', intent.status === 'succeeded' ? 'succeeded' : 'failed');
          window.location.assign(back.toString());
          return new Promise(() => {});
        }
        return { paymentIntent: intent };
      },
    };
  }
  Stripe.version = train;
  (window as unknown as { Stripe: unknown }).Stripe = Stripe;
}

/** Runs in the Payment Element's frame: the methods as tabs; wallets only where the frame may ask for payment. */
function paymentFrame() {
  const { methods, methodNames } = JSON.parse(decodeURIComponent(location.hash.slice(1))) as {
    methods: string[];
    methodNames: Record<string, string>;
  };
  // As Stripe does: no Apple Pay or Google Pay where the Payment Request API is not allowed.
  const policy = (document as unknown as { featurePolicy?: { allowsFeature(name: string): boolean } })
    .featurePolicy;
  const paymentAllowed = policy?.allowsFeature('payment') ?? false;
  const shown = methods.filter((method) => paymentAllowed || !['apple_pay', 'google_pay'].includes(method));
  const list = document.createElement('div');
  list.setAttribute('role', 'tablist');
  list.setAttribute('aria-label', 'Maksutapa');
  const select = (method: string) => {
    for (const tab of Array.from(list.children)) tab.setAttribute('aria-selected', String(tab.id === method));
    parent.postMessage({ type: 'select', method }, '*');
  };
  for (const method of shown) {
    const tab = document.createElement('button');
    tab.type = 'button';
    tab.id = method;
    tab.setAttribute('role', 'tab');
    tab.textContent = methodNames[method] ?? method;
    tab.addEventListener('click', () => select(method));
    list.appendChild(tab);
  }
  document.body.appendChild(list);
  if (shown[0]) select(shown[0]);
  parent.postMessage({ type: 'ready' }, '*');
}

async function serve(route: Route): Promise<void> {
  const url = new URL(route.request().url());
  const script = /^\/([a-z0-9]+)\/stripe\.js$/.exec(url.pathname);
  if (script) {
    const args = [script[1], `${origin}${paymentFramePath}`, stubMethodNames, stubFrameTitle];
    await route.fulfill({
      contentType: 'text/javascript',
      body: `(${installStripe})(...${JSON.stringify(args)});`,
    });
  } else if (url.pathname === paymentFramePath) {
    await route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="fi"><body><script>(${paymentFrame})();</script></body></html>`,
    });
  } else {
    await route.fulfill({ status: 404, body: 'not in the Stripe.js stub' });
  }
}

/**
 * Serves the Stripe.js stub for js.stripe.com and passes api.stripe.com's calls to the fake Stripe
 * API at `apiBase` (http://127.0.0.1:port), for every page of the context.
 */
export async function routeStripe(context: BrowserContext, apiBase: string): Promise<void> {
  await context.route(`${origin}/**`, serve);
  await context.route('https://api.stripe.com/**', async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${apiBase}${url.pathname}${url.search}` });
    await route.fulfill({ response });
  });
}

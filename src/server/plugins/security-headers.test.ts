import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { registerSecurityHeaders } from './security-headers.ts';

// The page's policies per payment provider: Stripe's Payment Element, wallets and 3-D Secure need
// Stripe's own hosts (docs/decisions/017); the local provider needs nothing from outside.

const stripeEnv = {
  NODE_ENV: 'test',
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_lipputori',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_lipputori',
  STRIPE_WEBHOOK_SECRET: 'whsec_lipputori',
};

async function headersFor(env: NodeJS.ProcessEnv) {
  const app = Fastify();
  registerSecurityHeaders(app, loadConfig(env));
  app.get('/', async () => 'ok');
  const response = await app.inject({ url: '/' });
  await app.close();
  return response.headers;
}

/** The CSP as directive → sources, so a test names every source of a directive. */
function directives(csp: unknown): Record<string, string[]> {
  expect(typeof csp).toBe('string');
  return Object.fromEntries(
    String(csp)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

describe('security headers with the local provider', () => {
  it('allows nothing from outside for scripts, frames and connections', async () => {
    const headers = await headersFor({ NODE_ENV: 'test' });
    const csp = directives(headers['content-security-policy']);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['frame-src']).toBeUndefined();
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(headers['permissions-policy']).toBe(
      'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(self), usb=(), browsing-topics=()',
    );
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  });
});

describe('security headers with Stripe', () => {
  it('adds exactly the hosts Stripe.js documents for the Payment Element and 3-D Secure', async () => {
    const csp = directives((await headersFor(stripeEnv))['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(csp['frame-src']).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    expect(csp['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
    // Everything else stays as strict as with the local provider.
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
  });

  it("lets Stripe's frames ask for Apple Pay and Google Pay, and keeps a wallet's window its opener", async () => {
    const headers = await headersFor(stripeEnv);
    expect(headers['permissions-policy']).toBe(
      'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(self "https://js.stripe.com" "https://*.js.stripe.com"), usb=(), browsing-topics=()',
    );
    expect(headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it('keeps upgrade-insecure-requests and HSTS in production', async () => {
    const headers = await headersFor({
      ...stripeEnv,
      NODE_ENV: 'production',
      COOKIE_SECRET: 'x'.repeat(32),
      PUBLIC_URL: 'https://lipputori.example',
      ADMIN_ACCESS_KEY: 'tuotanto-avain-2026',
    });
    const csp = directives(headers['content-security-policy']);
    expect(csp['upgrade-insecure-requests']).toEqual([]);
    expect(csp['script-src']).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(headers['strict-transport-security']).toBeTruthy();
  });
});

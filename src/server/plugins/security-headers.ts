import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { AppConfig } from '../config.ts';

/**
 * The hosts Stripe.js needs on the page, as Stripe's integration security guide lists them
 * ("Content Security Policy"): its script and the Payment Element's frames on js.stripe.com and
 * its subdomains, 3-D Secure and redirecting methods in frames on hooks.stripe.com, and its API.
 * The guide's maps.googleapis.com serves the Address Element's autocomplete only, which we do not
 * use (docs/decisions/017).
 */
const stripeSources = {
  scriptSrc: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connectSrc: ['https://api.stripe.com'],
};

/** Stripe's frames call the Payment Request API for Apple Pay and Google Pay. */
const stripePaymentFrames = '"https://js.stripe.com" "https://*.js.stripe.com"';

/**
 * Security headers from helmet, computed once at start and copied onto every response.
 * (@fastify/helmet rebuilds helmet's middleware on every request, which cost a third of the
 * public list's throughput; see docs/decisions/004.) With Stripe as the provider the page also
 * admits Stripe's own hosts; with the local provider nothing from outside.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): void {
  const stripe = config.payments.kind === 'stripe';
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(stripe ? stripeSources.scriptSrc : [])],
        // MUI's emotion writes <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'", ...(stripe ? stripeSources.connectSrc : [])],
        // Without Stripe, frames fall back to default-src.
        ...(stripe ? { frameSrc: ["'self'", ...stripeSources.frameSrc] } : {}),
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.env === 'production' ? [] : null,
      },
    },
    // Google Pay may open its sheet in a window of its own; 'same-origin' would cut that window
    // off from Stripe's frame that opened it.
    crossOriginOpenerPolicy: { policy: stripe ? 'same-origin-allow-popups' : 'same-origin' },
    strictTransportSecurity: config.env === 'production',
  });
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
    getHeader: () => undefined,
  };
  middleware({} as never, recorder as never, () => {});
  // Powerful browser features the site never uses stay off, also for anything it embeds; payment
  // is our own origin's, and Stripe's frames' for the wallets.
  const payment = stripe ? `payment=(self ${stripePaymentFrames})` : 'payment=(self)';
  headers['permissions-policy'] =
    `accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), ${payment}, usb=(), browsing-topics=()`;
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

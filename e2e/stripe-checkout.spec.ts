import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { purchaseJourneyListingIds } from '../src/server/seed/demo-data.ts';
import { type FakeStripeApi, startFakeStripeApi } from '../src/server/test/fake-stripe-api.ts';
import { type ServerProcess, startServerProcess } from '../src/server/test/server-process.ts';
import { signStripeEvent, stripeEvent } from '../src/server/test/stripe-events.ts';
import { createScratchDatabase } from '../src/server/test/test-app.ts';
import type { TicketDetails } from '../src/shared/browsing/ticket-details.schema.ts';
import { formatEuros } from '../src/shared/money.ts';
import { summarizePrices } from '../src/shared/pricing.ts';
import { demoBuyer, logIn } from './support/demo-accounts.ts';
import { test as base, expect, isPhone } from './support/fixtures.ts';
import { routeStripe, stubFrameTitle } from './support/stripe-js-stub.ts';

// Paying on a site run with PAYMENT_PROVIDER=stripe (issue 21): the site's own Content-Security-
// Policy and Permissions-Policy must let Stripe.js, its Payment Element frame and its API calls
// through. Stripe.js is a stub served in place of js.stripe.com (support/stripe-js-stub.ts), so
// the browser enforces the policies on the real hosts; the server talks to the fake Stripe API; the
// payment is completed by a signed payment_intent.succeeded, as Stripe's webhook would deliver it.
//
// Each worker starts its own Stripe-mode server on a free port, with its own demo database.

const webhookSecret = 'whsec_lipputori_e2e';

interface StripeSite {
  server: ServerProcess;
  fake: FakeStripeApi;
}

const test = base.extend<{ stripeBrowser: undefined }, { stripeSite: StripeSite }>({
  stripeSite: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern.
    async ({}, use) => {
      const fake = await startFakeStripeApi({ publishableKey: 'pk_test_lipputori_e2e' });
      const dataDir = await mkdtemp(path.join(tmpdir(), 'lipputori-e2e-stripe-'));
      const scratch = process.env.DATABASE_URL
        ? await createScratchDatabase(process.env.DATABASE_URL)
        : undefined;
      const server = await startServerProcess({
        ...(scratch ? { DATABASE_URL: scratch.url } : {}),
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        RATE_LIMITS: 'off',
        SEED_DEMO_DATA: 'true',
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: fake.secretKey,
        STRIPE_PUBLISHABLE_KEY: fake.publishableKey,
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_API_URL: `http://${fake.api.host}:${fake.api.port}`,
      });
      await use({ server, fake });
      await server.stop();
      await fake.close();
      await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ stripeSite }, use) => {
    await use(stripeSite.server.base);
  },
  /**
   * js.stripe.com served by the stub and api.stripe.com by the fake, for every page; and every
   * policy violation the browser reports on the page fails the journey. Except
   * zod's one `new Function('')` probe, made and caught on every site of ours whatever the
   * provider (the policy has no 'unsafe-eval'; zod then parses without compiling).
   */
  stripeBrowser: [
    async ({ page, stripeSite }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        const text = message.text();
        const zodProbe =
          text === 'Refused to load eval (script-src)' || text.startsWith('Refused to evaluate a string');
        if (/Refused to|Content Security Policy|Permissions policy/i.test(text) && !zodProbe)
          violations.push(text);
      });
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`Refused to load ${event.blockedURI} (${event.violatedDirective})`);
        });
      });
      await routeStripe(page.context(), `http://${stripeSite.fake.api.host}:${stripeSite.fake.api.port}`);
      await use(undefined);
      expect(violations, 'the browser refused something on the page').toEqual([]);
    },
    { auto: true },
  ],
});

/** The purchase journeys' 'buy' listing of this project, on this worker's own demo database. */
async function listingToBuy(page: Page): Promise<TicketDetails> {
  const id = purchaseJourneyListingIds()[isPhone(page) ? 0 : 3];
  const response = await page.request.get(`/api/tickets/${id}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as TicketDetails;
}

test('a buyer pays with MobilePay in the Payment Element, card first and wallets last, and the signed event completes the sale', async ({
  page,
  stripeSite,
}) => {
  // Two full page loads (the purchase page, the return from MobilePay) on a server of its own.
  test.slow();
  await logIn(page, demoBuyer);
  const ticket = await listingToBuy(page);
  const total = summarizePrices(ticket).buyerTotalCents;
  await page.goto(`/osta/${ticket.id}`);
  await page.getByRole('button', { name: 'Seuraava' }).click();

  // Stripe.js from js.stripe.com, the Payment Element in its frame from js.stripe.com.
  const frame = page.frameLocator(`iframe[title="${stubFrameTitle}"]`);
  const methods = frame.getByRole('tablist', { name: 'Maksutapa' }).getByRole('tab');
  await expect(methods).toHaveText(['Kortti', 'MobilePay', 'Apple Pay', 'Google Pay']);
  const paymentFrame = page.frames().find((candidate) => candidate.url().includes('elements-inner-payment'));
  expect(new URL(paymentFrame?.url() ?? 'about:blank').origin).toBe('https://js.stripe.com');

  await frame.getByRole('tab', { name: 'MobilePay' }).click();
  await expect(frame.getByRole('tab', { name: 'MobilePay' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: `Maksa ${formatEuros(total)}` }).click();

  // Back from MobilePay to the waiting page: the sale waits for Stripe's event.
  await expect(page).toHaveURL(/\/ostopyynto-vastaanotettu\?.*redirect_status=succeeded/);
  // A page load of its own, not through goto: the journey waits for the live app here itself.
  await page.locator('html[data-live]').waitFor({ state: 'attached' });
  await expect(page.getByRole('status').getByRole('heading', { name: 'Käsitellään maksua' })).toBeVisible();
  const paymentIntentId = new URL(page.url()).searchParams.get('payment_intent') ?? '';
  const intent = stripeSite.fake.intent(paymentIntentId);
  expect(intent).toMatchObject({ status: 'succeeded', amount: total, metadata: { ticketId: ticket.id } });

  const { body, signature } = signStripeEvent(stripeEvent('payment_intent.succeeded', intent), webhookSecret);
  const delivery = await page.request.post('/api/payments/webhook', {
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    data: body,
  });
  expect(delivery.status()).toBe(200);

  await expect(page).toHaveURL('/osto-onnistui');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kiitos ostoksestasi!');
  const summary = page.getByRole('region', { name: 'Ostoksesi' });
  await expect(summary).toContainText(`Tapahtuma${ticket.eventName}`);
  await expect(summary).toContainText(`Summa (sis. alv)${formatEuros(total)}`);
});

import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { purchaseJourneyListingIds } from '../src/server/seed/demo-data.ts';
import type { TicketDetails } from '../src/shared/browsing/ticket-details.schema.ts';
import { formatEuros } from '../src/shared/money.ts';
import { serviceFeeVat, summarizePrices } from '../src/shared/pricing.ts';
import { expect, expectNoA11yViolations, gotoFirstPaint, isPhone, test } from './support/fixtures.ts';

// Buying (spec 01 §2 "Purchase", "Payment result wait", "Purchase success"; §4; §8): the two
// steps, the hold and its countdown, the test-mode card form, the waiting page's panels, the
// success page, the receipt and the bought ticket's PDF.
//
// The journeys run beside the other specs on one demo database: each buys or holds a demo listing
// of its own that no other spec reads (the seed keeps six for them), and every buyer is made for
// the test.

type Journey = 'buy' | 'decline' | 'release';
const journeys: Journey[] = ['buy', 'decline', 'release'];

/** The demo listing kept for this journey in this project (src/server/seed/demo-data.ts). */
async function journeyListing(page: Page, journey: Journey): Promise<TicketDetails> {
  const id = purchaseJourneyListingIds()[journeys.indexOf(journey) + (isPhone(page) ? 0 : journeys.length)];
  const response = await page.request.get(`/api/tickets/${id}`);
  expect(response.ok(), `the ${journey} journey's listing`).toBe(true);
  return (await response.json()) as TicketDetails;
}

interface Buyer {
  email: string;
}

/** A new buyer, signed in on the page's browser context. */
async function signUpBuyer(request: APIRequestContext): Promise<Buyer> {
  const stamp = `${Date.now().toString(36)}${randomUUID().slice(0, 6)}`;
  const password = 'Salasana1';
  const buyer = { email: `ostaja-${stamp}@example.fi`, username: `ostaja_${stamp}` };
  const response = await request.post('/api/auth/register', {
    data: {
      ...buyer,
      firstName: 'Testi',
      lastName: 'Ostaja',
      password,
      password2: password,
      isAdult: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return buyer;
}

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });
const timer = (page: Page) => page.getByRole('timer');
const cardForm = (page: Page) => page.getByRole('form', { name: 'Korttimaksu (testitila)' });

/** The value of a price breakdown line, by its label. */
function line(breakdown: Locator, label: string): Locator {
  return breakdown.locator('div', { has: breakdown.page().getByText(label, { exact: true }) }).locator('dd');
}

/** From the ticket page's buy button (the bar at the bottom on a phone) to step 0. */
async function openPurchase(page: Page, ticket: TicketDetails): Promise<void> {
  await page.goto(`/liput/${ticket.id}`);
  const buy = isPhone(page)
    ? page.getByRole('complementary', { name: 'Hinta ja osto' }).getByRole('link', { name: /^Osta lip/ })
    : page.getByRole('link', { name: /^Osta lip/ });
  await buy.click();
  await expect(page).toHaveURL(`/osta/${ticket.id}`);
  await expect(stepHeading(page, 'Vahvista tiedot')).toBeVisible();
}

/** Through step 0 to the payment step, with the hold's countdown. */
async function openPaymentStep(page: Page, ticket: TicketDetails): Promise<void> {
  await openPurchase(page, ticket);
  await page.getByRole('button', { name: 'Seuraava' }).click();
  await expect(stepHeading(page, 'Maksu')).toBeVisible();
  await expect(timer(page)).toHaveText(/^(10:00|0\d:[0-5]\d)$/);
}

test('a buyer confirms, pays with 4242, waits, is thanked, gets the receipt and downloads the ticket', async ({
  page,
}) => {
  const buyer = await signUpBuyer(page.request);
  const ticket = await journeyListing(page, 'buy');
  const total = summarizePrices(ticket).buyerTotalCents;

  await openPurchase(page, ticket);
  await expect(page).toHaveTitle('Osta lippu – Lipputori');
  await expect(page.getByRole('heading', { level: 1, name: 'Osta lippu' })).toBeVisible();
  const step = page.getByRole('region', { name: 'Vahvista tiedot' });
  await expect(step.getByRole('heading', { level: 3, name: ticket.eventName })).toBeVisible();
  await expect(step).toContainText(`Lippujen määrä${ticket.ticketCount} kpl`);
  const breakdown = step.getByTestId('price-breakdown-buyer');
  await expect(line(breakdown, 'Yhteensä (sis. alv)')).toHaveText(formatEuros(total));
  await expect(line(breakdown, 'Palvelumaksu 3 % (sis. alv)')).toHaveText(
    formatEuros(summarizePrices(ticket).buyerFeeCents),
  );
  // Decision 032: our fee carries VAT, the private seller's ticket price none from us.
  await expect(step).toContainText('Palvelumaksu sisältää arvonlisäveron 25,5 %');
  await expectNoA11yViolations(page);

  // 'Takaisin' on the first step is the browser's back.
  await page.getByRole('button', { name: 'Takaisin' }).click();
  await expect(page).toHaveURL(`/liput/${ticket.id}`);
  await page.goForward();
  await expect(stepHeading(page, 'Vahvista tiedot')).toBeVisible();
  await page.getByRole('button', { name: 'Seuraava' }).click();

  // The hold, counted down each second.
  await expect(stepHeading(page, 'Maksu')).toBeVisible();
  await expect(timer(page)).toHaveText(/^(10:00|0\d:[0-5]\d)$/);
  const shown = (await timer(page).textContent()) ?? '';
  await expect(timer(page)).not.toHaveText(shown);
  await expect(page.getByText('Testitila — oikeaa rahaa ei veloiteta')).toBeVisible();
  const form = cardForm(page);
  await expect(form.getByRole('list', { name: 'Testikortit' }).getByRole('listitem')).toHaveCount(6);
  await expect(form.getByLabel('Kortinhaltijan nimi')).toHaveValue('Testi Ostaja');
  await expect(form.getByLabel('Sähköposti kuittia varten')).toHaveValue(buyer.email);
  await expectNoA11yViolations(page);

  // Typed by hand: the number in groups of four, the slash put in.
  await form.getByRole('button', { name: `Maksa ${formatEuros(total)}` }).click();
  await expect(form.getByLabel('Kortin numero')).toHaveAccessibleDescription('Tarkista kortin numero');
  await expectNoA11yViolations(page);
  await form.getByLabel('Kortin numero').pressSequentially('4242424242424242');
  await expect(form.getByLabel('Kortin numero')).toHaveValue('4242 4242 4242 4242');
  await form.getByLabel('Voimassa (KK/VV)').pressSequentially('1230');
  await expect(form.getByLabel('Voimassa (KK/VV)')).toHaveValue('12/30');
  await form.getByLabel('Turvakoodi (CVC)').fill('123');

  // The first status check is held back, so the waiting page can be seen before it answers.
  let answerStatus = () => {};
  const statusHeld = new Promise<void>((resolve) => {
    answerStatus = resolve;
  });
  await page.route(`**/api/purchases/${ticket.id}/status`, async (route) => {
    await statusHeld;
    await route.continue();
  });
  await form.getByRole('button', { name: `Maksa ${formatEuros(total)}` }).click();
  await expect(page).toHaveURL('/ostopyynto-vastaanotettu');
  await expect(page).toHaveTitle('Maksua käsitellään – Lipputori');
  await expect(page.getByRole('heading', { level: 1, name: 'Ostopyyntö vastaanotettu' })).toBeVisible();
  await expect(page.getByRole('status').getByRole('heading', { name: 'Käsitellään maksua' })).toBeVisible();
  await expect(page.getByText(/^Älä sulje tätä sivua/)).toBeVisible();
  await expect(page.getByText(ticket.eventName)).toBeVisible();
  await expect(page.getByText(formatEuros(total))).toBeVisible();
  await expectNoA11yViolations(page);
  answerStatus();

  await expect(page).toHaveURL('/osto-onnistui');
  await expect(page).toHaveTitle('Kiitos ostoksestasi – Lipputori');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kiitos ostoksestasi!');
  await expect(page.getByText(/Voit ladata lipun profiilistasi/)).toBeVisible();
  const summary = page.getByRole('region', { name: 'Ostoksesi' });
  await expect(summary).toContainText(`Tapahtuma${ticket.eventName}`);
  await expect(summary).toContainText(`Lipun tunnus${ticket.id}`);
  await expect(summary).toContainText(`Summa (sis. alv)${formatEuros(total)}`);
  await expect(page.getByRole('link', { name: 'Siirry profiiliin' })).toHaveAttribute('href', '/profiili');
  await expect(page.getByRole('link', { name: 'Palaa etusivulle' })).toHaveAttribute('href', '/');
  await expectNoA11yViolations(page);
  await page.unroute(`**/api/purchases/${ticket.id}/status`);

  // The receipt is in the development mailbox.
  const subject = `Kuitti: ${ticket.eventName}`;
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get('/api/dev/mails')).json()) as {
        to: string;
        subject: string;
        text: string;
      }[];
      const receipt = mails.find((mail) => mail.to === buyer.email && mail.subject === subject);
      return receipt?.text ?? '';
    })
    .toContain(`/liput/${ticket.id}`);
  await gotoFirstPaint(page, '/dev/posti');
  // The buyer's mails: the receipt, and the link that confirms the address sent at registration.
  const receipt = page
    .getByRole('article')
    .filter({ hasText: buyer.email })
    .filter({ has: page.getByRole('heading', { name: subject }) });
  await expect(receipt).toBeVisible();
  await expect(receipt).toContainText(formatEuros(total));
  const fee = serviceFeeVat(summarizePrices(ticket).buyerFeeCents);
  await expect(receipt).toContainText('Lipputori Oy, Y-tunnus 1234567-1');
  await expect(receipt).toContainText(/Tilausnumero: [0-9a-f-]{36}/);
  await expect(receipt).toContainText(`(ei arvonlisäveroa)`);
  await expect(receipt).toContainText(
    `josta veroton osuus ${formatEuros(fee.netCents)} ja alv 25,5 % ${formatEuros(fee.vatCents)}`,
  );

  // The ticket page is the buyer's now, with the PDF to download.
  await page.goto(`/liput/${ticket.id}`);
  const bought = page.getByRole('region', { name: 'Ostettu' });
  await expect(bought).toContainText(`Maksettu hinta${formatEuros(total)}`);
  await expectNoA11yViolations(page);
  const downloading = page.waitForEvent('download');
  await bought.getByRole('link', { name: 'Lataa lippu' }).first().click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
});

test('a declined card shows its panel, and its retry goes back to the purchase with the hold kept', async ({
  page,
}) => {
  await signUpBuyer(page.request);
  const ticket = await journeyListing(page, 'decline');
  await openPaymentStep(page, ticket);

  // A test card is put in with one press.
  await cardForm(page).getByRole('button', { name: 'Käytä testikorttia: Kortti hylätään' }).click();
  await expect(cardForm(page).getByLabel('Kortin numero')).toHaveValue('4000 0000 0000 0002');
  await cardForm(page)
    .getByRole('button', { name: /^Maksa / })
    .click();

  await expect(page).toHaveURL('/ostopyynto-vastaanotettu');
  const panel = page.getByTestId('payment-error-panel');
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText('Maksu hylättiin');
  await expect(panel).toContainText('Korttisi hylättiin. Tarkista kortin tiedot tai käytä toista korttia.');
  await expect(page.getByText(ticket.eventName)).toBeVisible();
  await expectNoA11yViolations(page);

  await panel.getByRole('button', { name: 'Yritä maksua uudelleen' }).click();
  await expect(page).toHaveURL(`/osta/${ticket.id}`);
  await expect(stepHeading(page, 'Vahvista tiedot')).toBeVisible();
  // The buyer still holds the ticket: the payment step opens on the same hold.
  await page.getByRole('button', { name: 'Seuraava' }).click();
  await expect(timer(page)).toHaveText(/^0\d:[0-5]\d$/);
  await expect(cardForm(page)).toBeVisible();
});

test('leaving the payment step frees the ticket for the next buyer at once', async ({ page, otherPage }) => {
  await signUpBuyer(page.request);
  await signUpBuyer(otherPage.request);
  const ticket = await journeyListing(page, 'release');
  const priceCents = summarizePrices(ticket).buyerTotalCents;

  await openPaymentStep(page, ticket);

  // Meanwhile the ticket is held: another buyer is told so.
  await otherPage.goto(`/osta/${ticket.id}`);
  await otherPage.getByRole('button', { name: 'Seuraava' }).click();
  const reserved = otherPage.getByText(
    'Toinen käyttäjä on juuri ostamassa lippua, yritä myöhemmin uudelleen.',
  );
  await expect(reserved).toBeVisible();
  await expect(timer(otherPage)).toHaveCount(0);
  await expectNoA11yViolations(otherPage);

  // The first buyer goes back to the ticket page: the hold is released as the step closes.
  const released = page.waitForResponse(
    (response) => response.request().method() === 'DELETE' && response.url().includes('/reservation'),
  );
  await page.goBack();
  await expect(page).toHaveURL(`/liput/${ticket.id}`);
  expect((await released).status()).toBe(204);

  await otherPage.getByRole('button', { name: 'Yritä uudelleen' }).click();
  await expect(reserved).toBeHidden();
  await expect(timer(otherPage)).toHaveText(/^(10:00|0\d:[0-5]\d)$/);
  await expect(cardForm(otherPage)).toBeVisible();

  // Closing the page (here: reloading it) releases the hold as well, by a beacon.
  await otherPage.reload();
  await expect(stepHeading(otherPage, 'Vahvista tiedot')).toBeVisible();
  await expect
    .poll(async () =>
      (await page.request.post(`/api/purchases/${ticket.id}/reservation`, { data: { priceCents } })).status(),
    )
    .toBe(200);
  await page.goForward();
  await page.getByRole('button', { name: 'Seuraava' }).click();
  await expect(timer(page)).toHaveText(/^(10:00|0\d:[0-5]\d)$/);
});

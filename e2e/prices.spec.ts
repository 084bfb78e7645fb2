import type { APIRequestContext, Locator } from '@playwright/test';
import type { TicketCard } from '../src/shared/browsing/public-list.schema.ts';
import type { TicketDetails } from '../src/shared/browsing/ticket-details.schema.ts';
import { formatEuros } from '../src/shared/money.ts';
import { summarizePrices } from '../src/shared/pricing.ts';
import { demoBuyer, demoSeller, logIn } from './support/demo-accounts.ts';
import { expect, expectNoA11yViolations, isPhone, test } from './support/fixtures.ts';

// Honest prices (issue 12): every price is the all-in price the buyer pays, beside the face value;
// the breakdowns add up, on the buyer's side and in the seller's box, to the shared pricing rule.

const seller = demoSeller;
const buyer = demoBuyer;

async function listed(request: APIRequestContext): Promise<TicketCard[]> {
  return (await (await request.get('/api/tickets?pageSize=48')).json()).items as TicketCard[];
}

async function details(request: APIRequestContext, id: string): Promise<TicketDetails> {
  return (await (await request.get(`/api/tickets/${id}`)).json()) as TicketDetails;
}

/** The value of a breakdown line, by its label. */
function line(breakdown: Locator, label: string): Locator {
  return breakdown.locator('div', { has: breakdown.page().getByText(label, { exact: true }) }).locator('dd');
}

test('a package of tickets shows its total, the price per ticket and a breakdown that adds up', async ({
  page,
}) => {
  await logIn(page, buyer);
  const candidates = (await listed(page.request)).filter((card) => card.ticketCount > 1);
  let ticket: TicketDetails | undefined;
  for (const card of candidates) {
    const candidate = await details(page.request, card.id);
    if (candidate.viewer === 'user') {
      ticket = candidate;
      break;
    }
  }
  if (!ticket) throw new Error('no demo package the buyer could buy');
  const prices = summarizePrices(ticket);
  const count = ticket.ticketCount;

  await page.goto(`/liput/${ticket.id}`);
  await expect(page.getByTestId('ticket-price')).toHaveText(formatEuros(prices.buyerTotalCents));
  await expect(page.getByTestId('ticket-price-note')).toHaveText(
    `yhteensä · ${count} lippua · ${formatEuros(prices.buyerTotalPerTicketCents)}/kpl, sis. palvelumaksun ${formatEuros(prices.buyerFeeCents)}`,
  );
  const breakdown = page.getByTestId('price-breakdown-buyer');
  await expect(line(breakdown, `Liput (${count} kpl)`)).toHaveText(formatEuros(prices.ticketPriceCents));
  await expect(line(breakdown, 'Palvelumaksu 3 % (sis. alv)')).toHaveText(formatEuros(prices.buyerFeeCents));
  await expect(line(breakdown, 'Yhteensä (sis. alv)')).toHaveText(formatEuros(prices.buyerTotalCents));
  await expect(line(breakdown, 'Alkuperäinen hinta kuluineen')).toHaveText(
    formatEuros(prices.faceValueCents),
  );
  expect(prices.ticketPriceCents + prices.buyerFeeCents).toBe(prices.buyerTotalCents);

  const buy = page.getByRole('link', { name: `Osta liput (${count} kpl)` });
  const bar = page.getByRole('complementary', { name: 'Hinta ja osto' });
  if (isPhone(page)) {
    // The price box is far down on a phone: the bar at the bottom carries the total and the action.
    await expect(bar).toBeInViewport();
    await expect(bar).toContainText(formatEuros(prices.buyerTotalCents));
    await expect(bar.getByRole('link', { name: `Osta liput (${count} kpl)` })).toHaveAttribute(
      'href',
      `/osta/${ticket.id}`,
    );
    // Scrolled to the end, the bar covers nothing: the footer's last line is still in view above it.
    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
    await expect
      .poll(async () => {
        const barTop = (await bar.boundingBox())?.y ?? 0;
        const footerBottom = await page
          .locator('footer')
          .evaluate((footer) => footer.getBoundingClientRect().bottom);
        return footerBottom <= barTop + 1;
      })
      .toBe(true);
  } else {
    await expect(bar).toBeHidden();
    await expect(buy).toHaveAttribute('href', `/osta/${ticket.id}`);
    await expect(buy).toBeInViewport();
  }
  await expectNoA11yViolations(page);
});

test('a visitor sees the all-in price and is offered to log in from the bar on a phone', async ({ page }) => {
  const [card] = await listed(page.request);
  if (!card) throw new Error('no listed demo tickets');
  const prices = summarizePrices(card);
  await page.goto(`/liput/${card.id}`);
  await expect(page.getByTestId('ticket-price')).toHaveText(formatEuros(prices.buyerTotalCents));
  const bar = page.getByRole('complementary', { name: 'Hinta ja osto' });
  if (!isPhone(page)) return expect(bar).toBeHidden();
  await expect(bar).toBeInViewport();
  await expectNoA11yViolations(page);
  await bar.getByRole('button', { name: 'Kirjaudu sisään' }).click();
  await expect(page).toHaveURL('/kirjaudu');
});

test("the seller's box adds up: buyer's price − buyer's fee = your price − your fee = payout", async ({
  page,
}) => {
  await logIn(page, seller);
  let own: TicketDetails | undefined;
  for (const card of await listed(page.request)) {
    const candidate = await details(page.request, card.id);
    if (candidate.viewer === 'seller' && candidate.additionalFeesCents > 0) {
      own = candidate;
      break;
    }
  }
  if (!own) throw new Error('the demo seller has no listed ticket with fees');
  const prices = summarizePrices(own);

  await page.goto(`/liput/${own.id}`);
  const box = page.getByTestId('price-breakdown-seller');
  await expect(line(box, 'Ostaja maksaa')).toHaveText(formatEuros(prices.buyerTotalCents));
  await expect(line(box, 'Ostajan palvelumaksu 3 %')).toHaveText(
    `\u2212\u00a0${formatEuros(prices.buyerFeeCents)}`,
  );
  await expect(line(box, 'Myyntihintasi')).toHaveText(formatEuros(prices.ticketPriceCents));
  await expect(line(box, 'Palvelumaksusi 3 % (sis. alv)')).toHaveText(
    `\u2212\u00a0${formatEuros(prices.sellerFeeCents)}`,
  );
  await expect(line(box, 'Sinulle tilitetään')).toHaveText(formatEuros(prices.sellerReceivableCents));
  expect(prices.buyerTotalCents - prices.buyerFeeCents - prices.sellerFeeCents).toBe(
    prices.sellerReceivableCents,
  );
  // The seller sees their own box, not the buyer's breakdown or the buy bar.
  await expect(page.getByTestId('price-breakdown-buyer')).toHaveCount(0);
  await expect(page.getByRole('complementary', { name: 'Hinta ja osto' })).toHaveCount(0);
  await expectNoA11yViolations(page);
});

test('the promises on the home page say what the buyer really pays', async ({ page }) => {
  await page.goto('/');
  const promises = page.getByRole('region', { name: 'Turvallista ja reilua lippukauppaa' });
  await expect(promises).toContainText('enintään lipun alkuperäisen hinnan kuluineen');
  await expect(promises).toContainText('3 %:n palvelumaksun');
  await expect(page.locator('body')).not.toContainText('ylihintaa ei makseta koskaan');
});

import type { APIRequestContext, Page } from '@playwright/test';
import { demoListingIds } from '../src/server/seed/demo-data.ts';
import { eventImagePlaceholder } from '../src/shared/browsing/event-image.ts';
import type { TicketCard } from '../src/shared/browsing/public-list.schema.ts';
import type { TicketDetails } from '../src/shared/browsing/ticket-details.schema.ts';
import { finnishEventMoment } from '../src/shared/dates.ts';
import { formatEuros } from '../src/shared/money.ts';
import { summarizePrices } from '../src/shared/pricing.ts';
import { demoBuyer, demoSeller, logIn } from './support/demo-accounts.ts';
import {
  collectPageErrors,
  expect,
  expectNoA11yViolations,
  holdMessage,
  isPhone,
  test,
} from './support/fixtures.ts';
import { sharedData, stubShareSheet } from './support/share-sheet.ts';
import { countInsertedStyleRules, insertedStyleRules } from './support/style-rules.ts';

// The market journeys (spec 01 §2-§4, §8): the home list's search, sort, filter and pages in the
// URL, and the public ticket page as a visitor, as its seller and as its buyer.

interface Card {
  id: string;
  eventName: string;
  eventType: string;
  location: string;
  listingPriceCents: number;
}
interface List {
  items: Card[];
  total: number;
}

const seller = demoSeller;
const buyer = demoBuyer;

async function listTickets(request: APIRequestContext, query = ''): Promise<List> {
  const response = await request.get(`/api/tickets?pageSize=48${query ? `&${query}` : ''}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as List;
}

function cards(page: Page) {
  return page
    .locator('#tickets')
    .getByRole('link')
    .filter({ has: page.getByRole('heading', { level: 3 }) });
}

const categories = (page: Page) => page.getByRole('navigation', { name: 'Kategoria' });

/** Text with the no-break spaces of prices as plain spaces, to compare. */
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

async function cardIds(page: Page): Promise<string[]> {
  const hrefs = await cards(page).evaluateAll((links) =>
    links.map((link) => link.getAttribute('href') ?? ''),
  );
  return hrefs.map((href) => href.replace('/liput/', ''));
}

/** A card's price, its first amount: '1 234,50 €' → 123450 */
function parseCents(text: string): number {
  const match = /(\d[\d \u00a0\u202f]*),(\d{2})[ \u00a0]*€/.exec(text);
  if (!match?.[1] || !match[2]) throw new Error(`no price in ${text}`);
  return Number(match[1].replace(/\D/g, '')) * 100 + Number(match[2]);
}

/** The first listed ticket the signed-in user sees as `viewer` ('user', 'seller', …). */
async function firstListedAs(request: APIRequestContext, viewer: string): Promise<Card | undefined> {
  for (const item of (await listTickets(request)).items) {
    const details = (await (await request.get(`/api/tickets/${item.id}`)).json()) as { viewer: string };
    if (details.viewer === viewer) return item;
  }
  return undefined;
}

interface Details {
  viewer: string;
  eventName: string;
  hasAssignedSeat: boolean;
  seatInfo: { sector: string; row: string; seat: string }[];
  viewCount: number | null;
}

/** The details of listed tickets, as a visitor gets them. */
async function listedDetails(request: APIRequestContext): Promise<(Details & { id: string })[]> {
  const { items } = await listTickets(request);
  return Promise.all(
    items.map(async (item) => ({
      id: item.id,
      ...((await (await request.get(`/api/tickets/${item.id}`)).json()) as Details),
    })),
  );
}

test('search is case- and accent-insensitive and lives in the URL', async ({ page }) => {
  await page.goto('/');
  await expect(cards(page).first()).toBeVisible();
  const search = page.getByLabel('Hae tapahtumaa, kaupunkia tai tyyppiä');

  await search.fill('tampere');
  await expect(page).toHaveURL('/?searchTerm=tampere');
  const tampere = await listTickets(page.request, 'searchTerm=tampere');
  expect(tampere.total).toBeGreaterThan(0);
  await expect(cards(page)).toHaveCount(Math.min(tampere.total, isPhone(page) ? 8 : 15));
  for (const text of await cards(page).allInnerTexts()) expect(text).toContain('Tampere');

  await search.fill('nayttely');
  await expect(page).toHaveURL('/?searchTerm=nayttely');
  const found = await listTickets(page.request, 'searchTerm=nayttely');
  const exhibitions = await listTickets(page.request, 'filterCategory=N%C3%A4yttely');
  expect(exhibitions.total).toBeGreaterThan(0);
  // Every exhibition is found by the type's name written without the accent.
  const foundIds = new Set(found.items.map((item) => item.id));
  for (const item of exhibitions.items) expect(foundIds.has(item.id)).toBe(true);
  await expect(cards(page)).toHaveCount(Math.min(found.total, isPhone(page) ? 8 : 15));
  for (const id of await cardIds(page)) expect(foundIds.has(id)).toBe(true);

  await search.fill('');
  await expect(page).toHaveURL('/');
  await page.goto('/?searchTerm=ei-tallaista-tapahtumaa-xyz');
  await expect(page.getByText('Lippuja ei löytynyt käyttämälläsi haulla')).toBeVisible();
});

test('sort and category filter change the list, reset the page and omit defaults', async ({ page }) => {
  await page.goto('/?currentPage=2');
  await expect(page.getByText('Sivu 2')).toBeVisible();

  await page.getByLabel('Järjestys').selectOption({ label: 'Halvimmat ensin' });
  await expect(page).toHaveURL('/?sortBy=priceAsc');
  await expect(page.getByText('Sivu 1')).toBeVisible();
  const all = await listTickets(page.request, 'sortBy=priceAsc');
  await expect(cards(page).first().getByRole('heading')).toHaveText(all.items[0]?.eventName ?? '');
  const prices = (await cards(page).allInnerTexts()).map(parseCents);
  expect(prices.length).toBeGreaterThan(1);
  for (let i = 1; i < prices.length; i += 1) expect(prices[i]).toBeGreaterThanOrEqual(prices[i - 1] ?? 0);

  await expect(page.getByText(`${all.total} ilmoitusta`)).toBeVisible();

  await categories(page).getByRole('link', { name: 'Urheilu' }).click();
  await expect(page).toHaveURL('/?sortBy=priceAsc&filterCategory=Urheilu');
  const sport = await listTickets(page.request, 'filterCategory=Urheilu');
  await expect(page.getByText(`${sport.total} ilmoitusta`)).toBeVisible();
  expect(sport.items.every((item) => item.eventType === 'urheilu')).toBe(true);
  await expect(cards(page)).toHaveCount(Math.min(sport.total, isPhone(page) ? 8 : 15));
  const sportIds = new Set(sport.items.map((item) => item.id));
  for (const id of await cardIds(page)) expect(sportIds.has(id)).toBe(true);
  await expectNoA11yViolations(page);

  // Back to the defaults: nothing left in the URL.
  await page.getByLabel('Järjestys').selectOption({ label: 'Lähimmät ensin' });
  await expect(page).toHaveURL('/?filterCategory=Urheilu');
  await categories(page).getByRole('link', { name: 'Kaikki' }).click();
  await expect(page).toHaveURL('/');
  await expect(categories(page).getByRole('link', { name: 'Kaikki' })).toHaveAttribute(
    'aria-current',
    'true',
  );

  // The back button walks back through the filter changes.
  await page.goBack();
  await expect(page).toHaveURL('/?filterCategory=Urheilu');
  await expect(categories(page).getByRole('link', { name: 'Urheilu' })).toHaveAttribute(
    'aria-current',
    'true',
  );
});

test('a ticket opened from page 2 comes back to the same page', async ({ page }) => {
  await page.goto('/');
  await expect(cards(page).first()).toBeVisible();
  const [firstOfPageOne] = await cardIds(page);
  await page.getByRole('button', { name: 'Seuraava' }).click();
  await expect(page).toHaveURL('/?currentPage=2');
  await expect(page.getByText('Sivu 2')).toBeVisible();
  // The previous page stays on screen until the next one has arrived.
  await expect.poll(async () => (await cardIds(page))[0]).not.toBe(firstOfPageOne);
  const firstCard = cards(page).first();
  const firstName = (await firstCard.getByRole('heading').textContent()) ?? '';
  const lastCard = cards(page).last();
  await lastCard.scrollIntoViewIfNeeded();
  const lastName = (await lastCard.getByRole('heading').textContent()) ?? '';

  await lastCard.click();
  await expect(page).toHaveURL(/\/liput\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(lastName);
  await expect(page).toHaveTitle(`${lastName} – Lipputori`);

  await page.goBack();
  await expect(page).toHaveURL('/?currentPage=2');
  await expect(cards(page).first().getByRole('heading')).toHaveText(firstName);
  // The list is where the visitor left it, not at the top.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);

  // The page's own back link uses the address the card passed along. (Clicked once the restore
  // above has stopped moving the list, so the click lands on the card it aimed at.)
  let lastScrollY = -1;
  await expect
    .poll(
      async () => {
        const scrollY = await page.evaluate(() => window.scrollY);
        const settled = scrollY === lastScrollY;
        lastScrollY = scrollY;
        return settled;
      },
      { intervals: [300] },
    )
    .toBe(true);
  await cards(page).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstName);
  await page.getByRole('link', { name: 'Takaisin' }).click();
  await expect(page).toHaveURL('/?currentPage=2');
});

test('a card shows its listing: name, place, weekday and time, the all-in price with the fee, and the ticket against face value', async ({
  page,
}) => {
  const response = await page.request.get(`/api/tickets?pageSize=${isPhone(page) ? 8 : 15}`);
  const { items } = (await response.json()) as { items: TicketCard[] };
  expect(items.some((item) => item.ticketCount > 1)).toBe(true);
  // The first card's image fails to load: the card shows the placeholder picture instead.
  const brokenImage = items[0]?.eventImage;
  if (!brokenImage) throw new Error('the first demo listing has no image');
  await page.route(`**${brokenImage}`, (route) => route.fulfill({ status: 404 }));

  await page.goto('/');
  await expect(cards(page)).toHaveCount(items.length);
  for (const [index, item] of items.entries()) {
    const card = cards(page).nth(index);
    const prices = summarizePrices(item);
    await expect(card).toHaveAttribute('href', `/liput/${item.id}`);
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(item.eventName);
    const text = spaced(await card.innerText());
    expect(parseCents(text)).toBe(prices.buyerTotalCents);
    expect(text.includes(`${item.eventVenue}, ${item.location}`)).toBe(item.eventVenue !== 'Unknown');
    expect(text).toContain(finnishEventMoment(item));
    // The total with our fee apart, then the ticket against its face value (issue 23: 9).
    expect(text).toContain(spaced(`sis. palvelumaksun ${formatEuros(prices.buyerFeeCents)}`));
    const under = prices.ticketPriceCents < prices.faceValueCents;
    expect(text).toContain(
      spaced(
        `${item.ticketCount > 1 ? 'Liput' : 'Lippu'} ${under ? 'alle alkuperäisen hinnan' : 'alkuperäiseen hintaan'} ${formatEuros(prices.faceValueCents)}`,
      ),
    );
    expect(text.includes(`${item.ticketCount} kpl`)).toBe(item.ticketCount > 1);
    if (item.ticketCount > 1) {
      expect(text).toContain(
        spaced(`${item.ticketCount} lippua · ${formatEuros(prices.buyerTotalPerTicketCents)}/kpl`),
      );
    }
    expect(text.includes('alkuperäisestä')).toBe(prices.percentBelowFaceValue !== null);
    if (prices.percentBelowFaceValue !== null) {
      expect(text).toContain(`\u2212${prices.percentBelowFaceValue} % alkuperäisestä`);
    }
  }
  const firstPicture = cards(page).first().locator('img');
  await firstPicture.scrollIntoViewIfNeeded();
  await expect(firstPicture).toHaveAttribute('src', eventImagePlaceholder);
});

test('an event shows the same fitting picture on every card: the ice-hockey derby a hockey rink', async ({
  page,
}) => {
  await page.goto('/?searchTerm=derby');
  await expect(cards(page).first()).toBeVisible();
  expect(await cards(page).count()).toBeGreaterThan(1);
  for (const picture of await cards(page).locator('img').all()) {
    await expect(picture).toHaveAttribute('src', '/defaults/events/urheilu/2.webp');
  }
});

test('scrollToTickets scrolls to the list and leaves the URL', async ({ page }) => {
  await page.goto('/?scrollToTickets=true');
  await expect(page).toHaveURL('/');
  await expect(cards(page).first()).toBeInViewport();
});

test('a visitor sees the ticket but must log in to buy', async ({ page }) => {
  const [ticket] = (await listTickets(page.request)).items;
  if (!ticket) throw new Error('no listed demo tickets');
  await page.goto(`/liput/${ticket.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ticket.eventName);
  await expect(page.getByTestId('ticket-price')).toHaveText(/€/);
  await expect(page.getByText(/^Myyjä: /)).toBeVisible();
  await expect(page.getByTestId('event-countdown')).toHaveText(
    /Tapahtumaan aikaa: \d+ (pv \d+ h|h \d+ min|min)/,
  );
  await expect(page.getByText('Sinun pitää kirjautua sisään, jotta voit ostaa lipun')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Osta lippu' })).toHaveCount(0);
  await expectNoA11yViolations(page);

  // (On a phone the same button is also in the bar at the bottom of the screen.)
  await page.getByRole('button', { name: 'Kirjaudu sisään' }).first().click();
  await expect(page).toHaveURL('/kirjaudu');
  expect(await page.evaluate(() => window.sessionStorage.getItem('auth_return_to'))).toBe(
    `/liput/${ticket.id}`,
  );
});

test('a signed-in user gets the buy button', async ({ page }) => {
  await logIn(page, buyer);
  const ticket = await firstListedAs(page.request, 'user');
  if (!ticket) throw new Error('every listed demo ticket belongs to the buyer account');
  await page.goto(`/liput/${ticket.id}`);
  await expect(page.getByRole('link', { name: 'Osta lippu' }).first()).toHaveAttribute(
    'href',
    `/osta/${ticket.id}`,
  );
  await expectNoA11yViolations(page);
});

test('the seller edits and shares their own listing', async ({ page }) => {
  // A clock the test can stop: the "copied" message is checked before it closes itself.
  await page.clock.install();
  await logIn(page, seller);
  const own = await firstListedAs(page.request, 'seller');
  if (!own) throw new Error('the demo seller has no listed tickets');
  await stubShareSheet(page, isPhone(page));

  await page.goto(`/liput/${own.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(own.eventName);
  await expect(page.getByRole('link', { name: 'Muokkaa ilmoitusta' })).toHaveAttribute(
    'href',
    `/muokkaa/${own.id}`,
  );
  await expect(page.getByText('Sinulle tilitetään')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Osta lippu' })).toHaveCount(0);
  await expectNoA11yViolations(page);

  const share = page.getByRole('button', { name: 'Jaa' });
  const shareUrl = `${new URL(page.url()).origin}/liput/jaa/${own.id}`;
  if (isPhone(page)) {
    await share.click();
    await expect.poll(() => sharedData(page)).toEqual([{ title: own.eventName, url: shareUrl }]);
    return;
  }
  const copied = page.getByText('Linkki kopioitu leikepöydälle');
  await holdMessage(page, copied, () => share.click());
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shareUrl);
  await expectNoA11yViolations(page, { pageTimeStopped: true });
  await page.clock.resume();
  await expect(copied).toBeHidden();
});

test('the buyer of a sold ticket sees the price paid and downloads the PDF', async ({ page }) => {
  const [soldId] = demoListingIds('sold');
  if (!soldId) throw new Error('no sold demo listing');

  // Everyone else is told the ticket is sold.
  await page.goto(`/liput/${soldId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tämä lippu on jo myyty');
  await expectNoA11yViolations(page);

  await logIn(page, buyer);
  await page.goto(`/liput/${soldId}`);
  await expect(page.getByRole('heading', { name: 'Ostettu' })).toBeVisible();
  await expect(page.getByText('Maksettu hinta')).toBeVisible();
  await expectNoA11yViolations(page);
  const view = page.getByRole('link', { name: 'Näytä lippu' }).first();
  await expect(view).toHaveAttribute('href', /\/files\/[^/?]+$/);
  await expect(view).toHaveAttribute('target', '_blank');
  const download = page.getByRole('link', { name: 'Lataa lippu' }).first();
  const href = await download.getAttribute('href');
  if (!href) throw new Error('no download link');
  const response = await page.request.get(href);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  expect(response.headers()['content-disposition']).toMatch(/^attachment;/);
  expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

test('a share link has Open Graph tags and opens the ticket page', async ({ page }) => {
  const [ticket] = (await listTickets(page.request)).items;
  if (!ticket) throw new Error('no listed demo tickets');
  const html = await (await page.request.get(`/liput/jaa/${ticket.id}`)).text();
  const ogTitle = /<meta[^>]+property="og:title"[^>]+content="([^"]*)"/.exec(html)?.[1] ?? '';
  expect(ogTitle).toContain(ticket.eventName.replace(/&/g, '&amp;'));

  await page.goto(`/liput/jaa/${ticket.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ticket.eventName);
});

test('a missing ticket shows its error', async ({ page }) => {
  await page.goto('/liput/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lippua ei löytynyt');
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'Takaisin etusivulle' }).click();
  await expect(page).toHaveURL('/');
});

test('the home page paints its hero and the cookie banner before any JavaScript runs', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Lipputori vaivattomasti' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Myy lippu' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Evästeet' })).toBeVisible();
  await context.close();
});

test('a visitor’s ticket page arrives drawn, and the app takes it over as it is', async ({
  browser,
  baseURL,
  page,
}) => {
  const [ticket] = (await listTickets(page.request)).items;
  if (!ticket) throw new Error('no listed demo tickets');

  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const drawn = await noScript.newPage();
  await drawn.goto(`/liput/${ticket.id}`);
  await expect(drawn.getByRole('heading', { level: 1 })).toHaveText(ticket.eventName);
  await expect(drawn.getByTestId('ticket-price')).toHaveText(/€/);
  await expect(drawn).toHaveTitle(`${ticket.eventName} – Lipputori`);
  await noScript.close();

  // The app hydrates the server's page with the data and the styles sent in it: no second request
  // for the ticket, no style rule compiled again, and no mismatch for React to report.
  await countInsertedStyleRules(page);
  const ticketRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith(`/api/tickets/${ticket.id}`)) ticketRequests.push(request.url());
  });
  // Not even a 401 from asking who is signed in: a visitor is an answer, not an error.
  const errors = collectPageErrors(page);
  await page.goto(`/liput/${ticket.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ticket.eventName);
  await expect(page.locator('html[data-live]')).toBeAttached();
  expect(await insertedStyleRules(page)).toBe(0);
  await page.getByRole('button', { name: 'Kirjaudu sisään' }).first().click();
  await expect(page).toHaveURL('/kirjaudu');
  expect(ticketRequests).toEqual([]);
  expect(errors).toEqual([]);
});

test('the ticket page lists the seats, and the view count only above 10', async ({ page }) => {
  const details = await listedDetails(page.request);
  const seated = details.find((ticket) => ticket.hasAssignedSeat && ticket.seatInfo.length > 1);
  const popular = details.find((ticket) => ticket.viewCount !== null);
  const quiet = details.find((ticket) => ticket.viewCount === null);
  if (!seated || !popular || !quiet)
    throw new Error('the demo data lacks a seated, a popular or a quiet listing');

  await page.goto(`/liput/${seated.id}`);
  for (const [index, seat] of seated.seatInfo.entries()) {
    await expect(
      page.getByText(`Lippu ${index + 1}: Sektori ${seat.sector}, Rivi ${seat.row}, Paikka ${seat.seat}`),
    ).toBeVisible();
  }

  await page.goto(`/liput/${popular.id}`);
  await expect(page.getByText(`${popular.viewCount} katselukertaa`)).toBeVisible();
  await page.goto(`/liput/${quiet.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(quiet.eventName);
  await expect(page.getByText(/katselukertaa/)).toHaveCount(0);
});

test('a sold ticket’s page offers the other tickets of the same event', async ({ page }) => {
  const [soldId] = demoListingIds('sold');
  if (!soldId) throw new Error('no sold demo listing');
  const sold = (await (await page.request.get(`/api/tickets/${soldId}`)).json()) as TicketDetails;
  expect(sold.sameEvent.length).toBeGreaterThan(0);

  await page.goto(`/liput/${soldId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tämä lippu on jo myyty');
  const offered = page.getByRole('region', { name: 'Muita lippuja samaan tapahtumaan' });
  await expect(offered.getByRole('link')).toHaveCount(sold.sameEvent.length);
  await expectNoA11yViolations(page);
  await offered.getByRole('link').first().click();
  await expect(page).toHaveURL(`/liput/${sold.sameEvent[0]?.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(sold.eventName);
});

test('an expired listing’s page says it is no longer for sale', async ({ page }) => {
  const [expiredId] = demoListingIds('expired');
  if (!expiredId) throw new Error('the demo has no expired listings');
  await page.goto(`/liput/${expiredId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tämä lippu ei ole enää myynnissä');
  await expect(page.getByRole('link', { name: 'Takaisin etusivulle' })).toBeVisible();
  await expectNoA11yViolations(page);
});

test('a ticket that fails to load can be tried again', async ({ page, baseURL }) => {
  const [ticket] = (await listTickets(page.request)).items;
  if (!ticket) throw new Error('no listed demo tickets');
  // With a session the server cannot confirm, the page is not drawn on the server (it may be the
  // ticket's seller or buyer): the app fetches the ticket itself.
  await page.context().addCookies([{ name: 'lt_session', value: 'vanhentunut', url: baseURL ?? '' }]);
  let serverDown = true;
  await page.route(`**/api/tickets/${ticket.id}`, (route) =>
    serverDown ? route.fulfill({ status: 503, json: { error: { code: 'unavailable' } } }) : route.fallback(),
  );
  await page.goto(`/liput/${ticket.id}`);
  // Two automatic retries first, then the error with a retry button.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Virhe lipun lataamisessa...', {
    timeout: 15_000,
  });
  await expectNoA11yViolations(page);
  serverDown = false;
  await page.getByRole('button', { name: 'Yritä uudelleen' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ticket.eventName);
});

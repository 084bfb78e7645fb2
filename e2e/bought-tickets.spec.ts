import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { finnishDate } from '../src/shared/dates.ts';
import { formatEuros } from '../src/shared/money.ts';
import type { BoughtTicket } from '../src/shared/purchases/purchase.schema.ts';
import { demoBuyer, logIn } from './support/demo-accounts.ts';
import {
  collectPageErrors,
  expect,
  expectNoA11yViolations,
  openWithAppHeld,
  test,
} from './support/fixtures.ts';

// The buyer's tickets (spec 01 §2 Profile, tab 0): what was bought, the price paid, the ticket's
// page and the package to save. The demo buyer's purchases come from the seed; the journeys only
// read them, so both projects run at once on the same demo database.

async function boughtTickets(request: APIRequestContext): Promise<BoughtTicket[]> {
  const response = await request.get('/api/purchases');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { tickets: BoughtTicket[] }).tickets;
}

const boughtList = (page: Page) => page.getByRole('region', { name: /^Ostetut liput \(\d+\)$/ });

test('the buyer sees the bought tickets with the price paid and saves each package', async ({ page }) => {
  await logIn(page, demoBuyer);
  const tickets = await boughtTickets(page.request);
  const single = tickets.find((ticket) => ticket.files.length === 1);
  const several = tickets.find((ticket) => ticket.files.length > 1);
  if (!single || !several) throw new Error('the demo buyer needs a ticket of one file and one of several');

  await page.goto('/profiili');
  await expect(page.getByRole('tab', { name: 'Ostetut liput' })).toHaveAttribute('aria-selected', 'true');
  const list = boughtList(page);
  await expect(list.getByRole('heading', { level: 2 })).toHaveText(`Ostetut liput (${tickets.length})`);
  // Newest purchase first, as the server sends them.
  await expect(list.getByRole('heading', { level: 3 })).toHaveText(tickets.map((ticket) => ticket.eventName));
  await expectNoA11yViolations(page);

  for (const [ticket, label, kind] of [
    [single, 'Lataa lippu', { name: /-lippu\.pdf$/, magic: '%PDF' }],
    [several, 'Lataa liput', { name: /-liput\.zip$/, magic: 'PK' }],
  ] as const) {
    const card = list.getByRole('article', { name: ticket.eventName, exact: true });
    await expect(card).toContainText(`Hinta${formatEuros(ticket.pricePaidCents)}`);
    await expect(card).toContainText(`Ostopäivä${finnishDate(new Date(ticket.purchaseDate))}`);
    await expect(card.getByRole('link', { name: 'Näytä lippu' })).toHaveAttribute(
      'href',
      `/liput/${ticket.ticketId}`,
    );
    const link = card.getByRole('link', { name: label, exact: true });
    await expect(link).toHaveAttribute('href', `/api/tickets/${ticket.ticketId}/download`);
    await expect(link).toHaveAttribute('download', '');

    const saving = page.waitForEvent('download');
    await link.click();
    const download = await saving;
    expect(download.suggestedFilename()).toMatch(kind.name);
    expect(download.suggestedFilename()).toContain(ticket.eventName.split(' ')[0] ?? '');
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, kind.magic.length).toString('latin1')).toBe(kind.magic);
  }

  // The ticket's own page shows the buyer the price paid and each file.
  await list
    .getByRole('article', { name: several.eventName, exact: true })
    .getByRole('link', { name: 'Näytä lippu' })
    .click();
  await expect(page).toHaveURL(`/liput/${several.ticketId}`);
  const purchased = page.getByRole('region', { name: 'Ostettu' });
  await expect(purchased).toContainText(formatEuros(several.pricePaidCents));
  await expect(purchased.getByRole('link', { name: 'Lataa lippu' })).toHaveCount(several.files.length);
});

test('a user who has bought nothing is shown the way to the tickets on sale', async ({ page }) => {
  const stamp = `${test.info().project.name}-${Date.now().toString(36)}`;
  const registered = await page.request.post('/api/auth/register', {
    data: {
      firstName: 'Uusi',
      lastName: 'Ostaja',
      email: `ostot-${stamp}@example.fi`,
      username: `ostot_${stamp.replace(/-/g, '_')}`.slice(0, 30),
      password: 'Salasana1',
      password2: 'Salasana1',
      isAdult: true,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);

  await page.goto('/profiili');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('heading', { level: 2, name: 'Ostetut liput' })).toBeVisible();
  await expect(panel.getByText('Ostamasi liput tulevat näkyviin tähän.', { exact: false })).toBeVisible();
  await expectNoA11yViolations(page);
  await panel.getByRole('link', { name: 'Selaa lippuja' }).click();
  await expect(page).toHaveURL('/');
});

test('when the complaints cannot be read the tickets are shown all the same, offering no complaint', async ({
  page,
}) => {
  await logIn(page, demoBuyer);
  const tickets = await boughtTickets(page.request);
  let asked = 0;
  await page.route('**/api/complaints', async (route) => {
    asked += 1;
    await route.fulfill({
      status: 503,
      json: { error: { code: 'unavailable', message: 'Palvelu ei vastaa' } },
    });
  });

  // The user details tab comes without the lists: the app asks for them when the tab is opened.
  await page.goto('/profiili?tab=2');
  await page.getByRole('tab', { name: 'Ostetut liput' }).click();
  // The list waits for the complaints' first answer only: it is drawn while they are retried.
  const list = boughtList(page);
  await expect(list.getByRole('heading', { level: 3 })).toHaveText(tickets.map((ticket) => ticket.eventName));
  expect(asked).toBeGreaterThan(0);
  // Without the complaints a card cannot know whether one was filed: it offers none.
  await expect(list.getByRole('link', { name: 'Tee reklamaatio' })).toHaveCount(0);
});

test('the profile comes drawn for the signed-in user, and the app takes it over as it is', async ({
  page,
}) => {
  await logIn(page, demoBuyer);
  const tickets = await boughtTickets(page.request);
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) calls.push(pathname);
  });
  const errors = collectPageErrors(page);

  // Before any of the app's code has run: the tabs and every card are there.
  const app = await openWithAppHeld(page, '/profiili');
  await expect(page.getByRole('tab', { name: 'Ostetut liput' })).toHaveAttribute('aria-selected', 'true');
  await expect(boughtList(page).getByRole('heading', { level: 3 })).toHaveText(
    tickets.map((ticket) => ticket.eventName),
  );
  await expect(page).toHaveTitle('Profiili – Lipputori');
  app.start();

  await expect(page.locator('html[data-live]')).toBeAttached();
  // The server sent the lists in the page (decision 029); the app asked only who is signed in.
  expect(calls).toEqual(['/api/me']);
  // Live: the tabs answer, and the other tab's list is asked for as it opens.
  const listings = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/listings/mine',
  );
  await page.getByRole('tab', { name: 'Myynnissä olevat' }).click();
  await expect(page).toHaveURL(/\?tab=1$/);
  await listings;
  await expect(page.getByRole('tabpanel', { name: 'Myynnissä olevat' }).getByRole('progressbar')).toHaveCount(
    0,
  );
  expect(calls).toEqual(['/api/me', '/api/listings/mine']);
  expect(errors).toEqual([]);
});

test('a bought ticket’s page comes drawn for its buyer, and the app takes it over as it is', async ({
  page,
}) => {
  await logIn(page, demoBuyer);
  const [ticket] = await boughtTickets(page.request);
  if (!ticket) throw new Error('the demo buyer has bought nothing');
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) calls.push(pathname);
  });
  const errors = collectPageErrors(page);

  // Before any of the app's code has run: the buyer's part of the page, with the files, is there.
  const app = await openWithAppHeld(page, `/liput/${ticket.ticketId}`);
  const purchased = page.getByRole('region', { name: 'Ostettu' });
  await expect(purchased).toContainText(formatEuros(ticket.pricePaidCents));
  await expect(purchased.getByRole('link', { name: 'Lataa lippu' })).toHaveCount(ticket.files.length);
  app.start();

  await expect(page.locator('html[data-live]')).toBeAttached();
  // The server sent the ticket as the API answers its buyer; the app asked only who is signed in.
  expect(calls).toEqual(['/api/me']);
  expect(errors).toEqual([]);
});

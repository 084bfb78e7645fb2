import type { Locator, Page } from '@playwright/test';
import { demoBuyer, demoSeller, logIn, openAdminArea } from './support/demo-accounts.ts';
import { expect, test } from './support/fixtures.ts';

// The signed-in pages keep their layout from the first paint (issue 23, decision 029): the server
// sends them as a loading shell, the app then waits for the session and the page's data, and none
// of those steps may move what is already on the screen, the footer least of all. The browser's
// own layout-shift entries are summed as Lighthouse does (shifts right after an input left out).
// The page's API answers are held until the app has painted its first, loading, frame, so every
// in-between state is drawn and measured however fast the machine is.

declare global {
  interface Window {
    layoutShift: number;
  }
}

interface LayoutShift extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
}

/** Loads `path` and sums its layout shifts until it is drawn whole (`ready`, when more than its heading). */
async function measureLayoutShift(page: Page, path: string, ready?: Locator): Promise<number> {
  await page.addInitScript(() => {
    window.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShift[])
        if (!entry.hadRecentInput) window.layoutShift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/**', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(path);
  // Two frames: the loading state has been laid out and painted.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  release();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(main.getByRole('progressbar').and(page.locator('.MuiCircularProgress-root'))).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toBeAttached();
  if (ready) await expect(ready).toBeVisible();
  // What the last frame shifted is reported with it.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  return page.evaluate(() => window.layoutShift);
}

async function listedTicket(page: Page): Promise<{ id: string; eventName: string }> {
  const own = (await (await page.request.get('/api/listings/mine')).json()) as { listings: { id: string }[] };
  const ownIds = new Set(own.listings.map((listing) => listing.id));
  const list = (await (await page.request.get('/api/tickets?pageSize=24')).json()) as {
    items: { id: string; eventName: string }[];
  };
  const ticket = list.items.find((item) => !ownIds.has(item.id));
  if (!ticket) throw new Error('no listed ticket');
  return ticket;
}

const budget = 0.02;

test('the seller’s pages keep their layout while the session and their data arrive', async ({ page }) => {
  await logIn(page, demoSeller);
  const own = (await (await page.request.get('/api/listings/mine')).json()) as { listings: { id: string }[] };
  for (const path of ['/myy-lippu', '/profiili', '/profiili?tab=1', `/muokkaa/${own.listings[0]?.id}`]) {
    expect(await measureLayoutShift(page, path), path).toBeLessThanOrEqual(budget);
    await page.unrouteAll();
  }
});

test('the buyer’s checkout, payment, bought ticket and complaint pages keep their layout while they load', async ({
  page,
}) => {
  await logIn(page, demoBuyer);
  const ticket = await listedTicket(page);
  const purchase = `ticketId=${ticket.id}&eventName=${encodeURIComponent(ticket.eventName)}&price=4500`;
  const bought = (await (await page.request.get('/api/purchases')).json()) as {
    tickets: { ticketId: string }[];
  };
  const complainable = [];
  for (const { ticketId } of bought.tickets) {
    const view = (await (await page.request.get(`/api/complaints/${ticketId}`)).json()) as {
      canFile: boolean;
    };
    if (view.canFile) complainable.push(ticketId);
  }
  if (!complainable[0]) throw new Error('the demo buyer has no ticket to complain about');
  for (const path of [
    `/osta/${ticket.id}`,
    `/ostopyynto-vastaanotettu?${purchase}`,
    `/osto-onnistui?${purchase}`,
    `/liput/${complainable[0]}`,
    `/liput/${complainable[0]}/reklamaatio`,
  ]) {
    expect(await measureLayoutShift(page, path), path).toBeLessThanOrEqual(budget);
    await page.unrouteAll();
  }
});

test('the admin area keeps its layout while it loads', async ({ page }) => {
  await openAdminArea(page);
  // The server has checked the access and sends the area drawn (decision 029); the app takes it
  // over and asks the access status again.
  const tabs = page.getByRole('main').getByRole('tablist');
  expect(await measureLayoutShift(page, '/admin', tabs), '/admin').toBeLessThanOrEqual(budget);
});

test('the info pages arrive drawn and the app takes them over as they are', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  for (const path of [
    '/miten-se-toimii',
    '/ukk',
    '/tietoa-meista',
    '/ota-yhteytta',
    '/kayttoehdot',
    '/tietosuojaseloste',
  ]) {
    const html = await (await page.request.get(path, { headers: { accept: 'text/html' } })).text();
    // The page's own heading is in the server's answer, in markup the app hydrates.
    expect(html, path).toContain('<div id="root" data-hydrate>');
    expect(html, path).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    const heading = /<h1[^>]*>([^<]+)<\/h1>/.exec(html)?.[1] ?? '';
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  // A hydration mismatch is reported as an error (React then redraws the page).
  expect(errors).toEqual([]);
});

import type { Page } from '@playwright/test';
import { expect, isPhone, openWithAppHeld, test } from './support/fixtures.ts';

// A slow phone paints the server's page a second or more before the app starts. What a visitor
// does in that second must not be lost: typing in the search, a tap on the menu. The app's start
// is held back here (openWithAppHeld) until the test lets it go.

const searchBox = (page: Page) =>
  page.getByRole('searchbox', { name: 'Hae tapahtumaa, kaupunkia tai tyyppiä' });
const appLive = (page: Page) => expect(page.locator('html[data-live="true"]')).toBeAttached();

test('text typed into the search before the app starts is kept and searched', async ({ page }) => {
  const app = await openWithAppHeld(page, '/');
  await searchBox(page).pressSequentially('derby');
  await expect(page.locator('html[data-live]')).toHaveCount(0);

  app.start();
  await appLive(page);
  await expect(searchBox(page)).toHaveValue('derby');
  await expect(page).toHaveURL('/?searchTerm=derby');
  const cards = page
    .locator('#tickets')
    .getByRole('link')
    .filter({ has: page.getByRole('heading', { level: 3 }) });
  // The list shown before the search stays until the results arrive: wait for them.
  await expect
    .poll(async () => {
      const texts = await cards.allInnerTexts();
      return texts.length > 0 && texts.every((text) => text.toLowerCase().includes('derby'));
    })
    .toBe(true);
});

test('Enter in the search before the app starts searches through the form', async ({ page }) => {
  const app = await openWithAppHeld(page, '/?sortBy=priceAsc');
  await searchBox(page).fill('tampere');
  await searchBox(page).press('Enter');
  // The browser sent the form: the next page is the search, with the chosen order kept.
  await expect(page).toHaveURL('/?sortBy=priceAsc&searchTerm=tampere');
  await expect(searchBox(page)).toHaveValue('tampere');
  app.start();
  await appLive(page);
  await expect(page.locator('#tickets').getByRole('heading', { level: 3 }).first()).toBeVisible();
  await expect(searchBox(page)).toHaveValue('tampere');
});

test('a category tapped before the app starts is a link that works', async ({ page }) => {
  const app = await openWithAppHeld(page, '/');
  await page.getByRole('navigation', { name: 'Kategoria' }).getByRole('link', { name: 'Urheilu' }).click();
  await expect(page).toHaveURL('/?filterCategory=Urheilu');
  app.start();
  await appLive(page);
  await expect(
    page.getByRole('navigation', { name: 'Kategoria' }).getByRole('link', { name: 'Urheilu' }),
  ).toHaveAttribute('aria-current', 'true');
});

test('the menu answers a tap before the app starts, and opens the drawer after', async ({ page }) => {
  const app = await openWithAppHeld(page, '/');
  if (!isPhone(page)) {
    // A desktop has the navigation bar: plain links, which work before the app too.
    await page
      .getByRole('navigation', { name: 'Päävalikko' })
      .getByRole('link', { name: 'Usein kysytty' })
      .click();
    await expect(page).toHaveURL('/ukk');
    app.start();
    await appLive(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    return;
  }
  await page.getByRole('button', { name: 'Avaa valikko' }).click();
  // Before the app: the footer's list of every page.
  const siteMap = page.getByRole('navigation', { name: 'Palvelu' });
  await expect(siteMap).toBeInViewport();
  await expect(siteMap.getByRole('link', { name: 'Myy lippu' })).toBeVisible();

  app.start();
  await appLive(page);
  await page.getByRole('button', { name: 'Avaa valikko' }).click();
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Myy lippu' })).toBeVisible();
});

test('nothing on screen moves when the app starts and the tickets arrive', async ({ page }) => {
  // Every layout shift the browser reports from the first paint on (Lighthouse's CLS counts the
  // same entries): only movement inside the viewport counts, as a reader sees it.
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
        shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const app = await openWithAppHeld(page, '/');
  app.start();
  await appLive(page);
  await expect(page.locator('#tickets').getByRole('heading', { level: 3 }).first()).toBeVisible();
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
});

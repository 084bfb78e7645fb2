import type { Page } from '@playwright/test';
import { expect, isPhone, test } from './support/fixtures.ts';

// Back from a ticket, by the browser's button or the page's 'Takaisin', puts the list back with the
// card that was opened where it was on the screen: every time, at both widths.

const cards = (page: Page) =>
  page
    .locator('#tickets')
    .getByRole('link')
    .filter({ has: page.getByRole('heading', { level: 3 }) });

test('back and Takaisin return to the opened card, six times out of six', async ({ page }) => {
  await page.goto('/');
  await expect(cards(page).first()).toBeVisible();
  const count = await cards(page).count();
  // Cards from the top to the bottom of the page and back, each reached by scrolling.
  const picks = [1, 5, 3, 7, 2, 6].map((index) => Math.min(index, count - 1));

  for (const [round, index] of picks.entries()) {
    const card = cards(page).nth(index);
    // The card somewhere down the screen, a different place each round.
    const topBefore = 120 + 30 * round;
    await card.evaluate((element, top) => {
      window.scrollTo({
        top: window.scrollY + element.getBoundingClientRect().top - top,
        behavior: 'instant',
      });
    }, topBefore);
    await expect.poll(async () => Math.round((await card.boundingBox())?.y ?? 0)).toBe(topBefore);
    const href = await card.getAttribute('href');
    await card.click();
    await expect(page).toHaveURL(href ?? '');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    if (round % 2 === 0) await page.goBack();
    else await page.getByRole('link', { name: 'Takaisin', exact: true }).click();

    await expect(page).toHaveURL('/');
    const opened = page.locator(`#tickets a[href="${href}"]`);
    await expect(opened).toBeInViewport();
    await expect
      .poll(async () => Math.abs(((await opened.boundingBox())?.y ?? 0) - topBefore))
      .toBeLessThan(3);
    await expect(opened).toBeFocused();
  }
  // 'Takaisin' went back in history, not forward: one entry left before the list, none after it.
  expect(await page.evaluate(() => (window.history.state as { idx: number }).idx)).toBe(0);
  expect(isPhone(page) || count >= 8).toBe(true);
});

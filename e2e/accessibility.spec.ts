import type { Page } from '@playwright/test';
import { publicPagePaths } from '../src/shared/public-pages.ts';
import { demoSeller, logIn, openAdminArea } from './support/demo-accounts.ts';
import { expect, expectNoA11yViolations, test } from './support/fixtures.ts';
import { createPendingListing, signUpNewUser } from './support/test-data.ts';

// Keyboard and screen-reader users: the skip link is the first Tab stop of every page and leads
// into the page, the cookie banner's choice comes right after it while it is shown (it is drawn at
// the bottom, but a keyboard user should not have to pass the whole header first), and the admin
// area has no axe violation of any impact on any of its tabs.

/** What has focus: its tag, id and accessible text, and whether it sits inside the cookie banner. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const rect = element?.getBoundingClientRect();
    return {
      tag: element?.tagName.toLowerCase() ?? '',
      id: element?.id ?? '',
      text: element?.textContent?.trim() ?? '',
      inBanner: Boolean(element?.closest('[role="region"][aria-label="Evästeet"]')),
      onScreen: rect !== undefined && rect.bottom > 0 && rect.top < window.innerHeight && rect.width > 0,
    };
  });
}

async function expectSkipLinkFirst(page: Page) {
  const skipLink = page.getByRole('link', { name: 'Siirry sisältöön' });
  await expect(skipLink).not.toBeInViewport();
  await page.keyboard.press('Tab');
  await expect(skipLink).toBeFocused();
  await expect(skipLink).toBeInViewport();
  expect((await focused(page)).onScreen).toBe(true);
}

/** From the skip link, Tab goes through the banner up to its 'Vain välttämättömät' button. */
async function expectBannerNext(page: Page) {
  for (let step = 0; step < 5; step++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    expect(now.inBanner, `Tab ${step + 2} reached ${now.tag} ${now.text}`).toBe(true);
    if (now.text === 'Vain välttämättömät') return;
  }
  throw new Error('the banner’s buttons were not reached right after the skip link');
}

for (const path of ['/', '/kirjaudu']) {
  test(`on ${path} the first Tab reaches the skip link, which moves focus into the page`, async ({
    page,
  }) => {
    await page.goto(path);
    await expect(page.getByRole('region', { name: 'Evästeet' })).toBeHidden();
    await expectSkipLinkFirst(page);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    // The next Tab continues inside the page, past the header.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
  });

  test.describe('a first visit', () => {
    test.use({ visitor: 'new' });
    test(`on ${path} the cookie banner comes right after the skip link`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('region', { name: 'Evästeet' })).toBeVisible();
      await expectSkipLinkFirst(page);
      await expectBannerNext(page);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('region', { name: 'Evästeet' })).toBeHidden();
    });
  });

  test(`on ${path} the skip link and the banner work before any JavaScript runs`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto(path);
    await expectSkipLinkFirst(page);
    await expectBannerNext(page);
    await page.getByRole('link', { name: 'Siirry sisältöön' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await context.close();
  });
}

test('the admin area has no axe violation on any tab', async ({ page, playwright, baseURL }) => {
  // Two cards to review: their regions must not share names.
  const seller = await playwright.request.newContext({ baseURL });
  await signUpNewUser(seller, 'saavutettavuus');
  for (const what of ['A', 'B'])
    await createPendingListing(seller, `Saavutettavuustesti ${what} ${test.info().project.name}`);
  await seller.dispose();

  await openAdminArea(page);
  await page.goto('/admin');
  await expect(page.getByRole('article').nth(1)).toBeVisible();
  await expectNoA11yViolations(page);

  for (const [tab, heading] of [
    ['Maksuseuranta', 'Maksuseuranta'],
    ['Tapahtumaloki', 'Tapahtumaloki'],
    ['Taustatyöt', 'Taustatyöt'],
  ]) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: /Ladataan/ })).toHaveCount(0);
    await expectNoA11yViolations(page);
  }
});

// Every page a visitor and a seller opens, with no axe violation of any impact (the admin area's
// tabs above, the money pages in their own journeys).
const visitorPages = [
  ...publicPagePaths,
  '/kirjaudu',
  '/rekisteroidy',
  '/salasanan-vaihto',
  '/uutiskirje/vahvista?token=vaara',
  '/uutiskirje/peru?token=vaara',
  '/ei-ole-olemassa',
];
const signedInPages = ['/myy-lippu', '/profiili', '/profiili?tab=1', '/profiili?tab=2'];

test('every page a visitor opens has no axe violation', async ({ page }) => {
  for (const path of visitorPages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoA11yViolations(page);
  }
  // A ticket page, from the list.
  await page.goto('/');
  await page.locator('#tickets').getByRole('link').first().click();
  // Arrived: the list stays on screen, dimmed, until the ticket page is there.
  await expect(page).toHaveURL(/\/liput\//);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoA11yViolations(page);
});

test('every page a signed-in seller opens has no axe violation', async ({ page }) => {
  await logIn(page, demoSeller);
  for (const path of signedInPages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The page's data has arrived: no loading spinner left.
    await expect(page.getByRole('progressbar', { name: /Ladataan/ })).toHaveCount(0);
    await expectNoA11yViolations(page);
  }
});

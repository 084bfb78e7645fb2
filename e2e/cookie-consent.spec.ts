import { expect, expectNoA11yViolations, test } from './support/fixtures.ts';

test.use({ visitor: 'new' });

test.beforeEach(async ({ page }) => {
  // Keep the newsletter out of the way; this journey is about cookies.
  await page.addInitScript(() =>
    window.localStorage.setItem('newsletter_last_shown', new Date().toISOString()),
  );
});

test('choices made in the cookie settings survive a reload and gate analytics', async ({ page }) => {
  const analyticsCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/analytics')) analyticsCalls.push(request.postData() ?? '');
  });

  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Evästeet' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Tallenna valinnat' })).toBeHidden();

  await expectNoA11yViolations(page);

  await banner.getByRole('button', { name: 'Näytä evästeasetukset' }).click();
  await expect(banner.getByRole('switch', { name: 'Välttämättömät' })).toBeChecked();
  await expectNoA11yViolations(page);
  await expect(banner.getByRole('switch', { name: 'Välttämättömät' })).toBeDisabled();
  await banner.getByRole('switch', { name: 'Analytiikka' }).check();
  await expect(banner.getByRole('switch', { name: 'Toiminnalliset' })).not.toBeChecked();
  await banner.getByRole('button', { name: 'Tallenna valinnat' }).click();
  await expect(banner).toBeHidden();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Lipputori vaivattomasti' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Evästeet' })).toBeHidden();
  const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('cookie_consent') ?? '{}'));
  expect(stored).toMatchObject({ necessary: true, analytics: true, functional: false });
  expect(await page.evaluate(() => window.localStorage.getItem('analytics_consent'))).toBe('true');

  // With consent, page views are reported.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Tietosuojaseloste' }).click();
  await expect.poll(() => analyticsCalls.length).toBeGreaterThan(0);
  expect(JSON.parse(analyticsCalls[0] ?? '{}')).toMatchObject({
    category: 'navigation',
    action: 'page_view',
  });
});

test('"Vain välttämättömät" stores a refusal and no analytics is sent', async ({ page }) => {
  const analyticsCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/analytics')) analyticsCalls.push(request.postData() ?? '');
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Vain välttämättömät' }).click();
  await expect(page.getByRole('region', { name: 'Evästeet' })).toBeHidden();
  await page.reload();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Käyttöehdot' }).click();
  await expect(page).toHaveURL('/kayttoehdot');
  expect(await page.evaluate(() => window.localStorage.getItem('analytics_consent'))).toBe('false');

  // The footer link brings the banner back to change the choice.
  await page.getByRole('contentinfo').getByRole('button', { name: 'Evästeasetukset' }).click();
  const banner = page.getByRole('region', { name: 'Evästeet' });
  await expect(banner).toBeVisible();
  await expectNoA11yViolations(page);
  await banner.getByRole('button', { name: 'Hyväksy kaikki' }).click();
  expect(await page.evaluate(() => window.localStorage.getItem('analytics_consent'))).toBe('true');

  // The next page view is reported; reports go out in order, so none went out before the consent.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Tietosuojaseloste' }).click();
  await expect.poll(() => analyticsCalls.length).toBeGreaterThan(0);
  const labels = analyticsCalls.map((call) => (JSON.parse(call) as { label?: string }).label);
  expect(labels).toContain('/tietosuojaseloste');
  expect(labels).not.toContain('/');
  expect(labels).not.toContain('/kayttoehdot');
});

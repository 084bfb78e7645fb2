import type { Page } from '@playwright/test';
import { expect, openWithAppHeld, test } from './support/fixtures.ts';

// On a cold phone the cookie banner is on screen a second or more before the app is live. A
// choice tapped then takes at once and is saved once the app starts: the banner never comes back.
test.use({ visitor: 'new' });

test.beforeEach(async ({ page }) => {
  // Keep the newsletter out of the way; this journey is about the banner.
  await page.addInitScript(() =>
    window.localStorage.setItem('newsletter_last_shown', new Date().toISOString()),
  );
});

const banner = (page: Page) => page.getByRole('region', { name: 'Evästeet' });
const storedConsent = (page: Page) =>
  page.evaluate(() => JSON.parse(window.localStorage.getItem('cookie_consent') ?? 'null'));

for (const { path, kind } of [
  { path: '/', kind: 'a page the app takes over as drawn' },
  { path: '/ukk', kind: 'a page the app draws over the shell' },
]) {
  test(`'Vain välttämättömät' tapped before the app is live closes the banner and is saved (${kind})`, async ({
    page,
  }) => {
    const app = await openWithAppHeld(page, path, 'app entry');
    await banner(page).getByRole('button', { name: 'Vain välttämättömät' }).click();
    await expect(banner(page)).toBeHidden();
    await expect(page.locator('html[data-live]')).toHaveCount(0);
    expect(await storedConsent(page)).toBeNull();

    app.start();
    await expect(page.locator('html[data-live="true"]')).toBeAttached();
    await expect.poll(() => storedConsent(page)).toMatchObject({ analytics: false, functional: false });
    await expect(banner(page)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
  });
}

test("'Hyväksy kaikki' tapped before the app is live turns analytics on once it starts", async ({ page }) => {
  const app = await openWithAppHeld(page, '/', 'app entry');
  await banner(page).getByRole('button', { name: 'Hyväksy kaikki' }).click();
  await expect(banner(page)).toBeHidden();
  app.start();
  await expect.poll(() => storedConsent(page)).toMatchObject({ analytics: true, functional: true });
  await expect(banner(page)).toHaveCount(0);
});

test('the banner keeps working as usual once the app is live', async ({ page }) => {
  await page.goto('/');
  await banner(page).getByRole('button', { name: 'Vain välttämättömät' }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await storedConsent(page)).toMatchObject({ analytics: false });
});

test('text typed into the contact form before the app is live is kept, and the message sends', async ({
  page,
}) => {
  // A returning visitor's cookie choice is made: this journey is about the form.
  await page
    .context()
    .addCookies([{ name: 'cookie_consent_saved', value: '1', url: test.info().project.use.baseURL ?? '' }]);
  await page.addInitScript(() =>
    window.localStorage.setItem(
      'cookie_consent',
      JSON.stringify({
        necessary: true,
        analytics: false,
        functional: false,
        savedAt: new Date().toISOString(),
      }),
    ),
  );
  const app = await openWithAppHeld(page, '/ota-yhteytta', 'app entry');
  const form = page.getByRole('form', { name: 'Lähetä meille viesti' });
  await form.getByLabel('Nimi').pressSequentially('Maija Meikäläinen');
  await form.getByLabel('Viesti').pressSequentially('Kirjoitettu ennen kuin sivu heräsi.');
  await expect(page.locator('html[data-live]')).toHaveCount(0);

  app.start();
  await expect(page.locator('html[data-live="true"]')).toBeAttached();
  await expect(form.getByLabel('Nimi')).toHaveValue('Maija Meikäläinen');
  await expect(form.getByLabel('Viesti')).toHaveValue('Kirjoitettu ennen kuin sivu heräsi.');
  // The form knows the text too, not just the field: with the rest filled in, it sends.
  await form.getByLabel('Sähköposti').fill('maija@example.fi');
  await form.getByLabel('Aihe').fill(`Aikainen ${test.info().project.name} ${Date.now()}`);
  await form.getByRole('button', { name: 'Lähetä viesti' }).click();
  await expect(page.getByText('Kiitos viestistäsi!')).toBeVisible();
});

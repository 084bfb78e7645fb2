import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, isPhone, test } from './support/fixtures.ts';

// Google and Facebook sign-in through a real OpenID Connect server on loopback
// (src/server/test/oidc-mock.ts, started with the e2e server). The identity the "provider" signs
// in is chosen by the login_hint added to the start URL, so each test has its own.

const providers = [
  { id: 'google', button: 'Kirjaudu Googlella', confirm: 'Vahvista Googlella' },
  { id: 'facebook', button: 'Kirjaudu Facebookilla', confirm: 'Vahvista Facebookilla' },
] as const;

let counter = 0;
function socialEmail(provider: string): string {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${counter}`;
  return `sanna.sosiaalinen.${provider}${test.info().project.name}${stamp}@example.fi`;
}

/** Makes the next sign-in start (button click) ask the provider for this identity. */
async function chooseIdentity(page: Page, provider: string, email: string): Promise<void> {
  await page.route(`**/api/auth/${provider}/start**`, async (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set('login_hint', email);
    await route.continue({ url: url.toString() });
  });
}

async function logOut(page: Page): Promise<void> {
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Avaa valikko' }).click();
    await page.locator('#mobile-navigation').getByRole('button', { name: 'Kirjaudu ulos' }).click();
  } else {
    await page.getByRole('banner').getByRole('button', { name: 'Kirjaudu ulos' }).click();
  }
  await expect(page.getByRole('banner').getByRole('link', { name: 'Kirjaudu sisään' })).toBeVisible();
}

for (const provider of providers) {
  test(`${provider.id}: a new user signs in, finishes the profile, and signs in again`, async ({ page }) => {
    const email = socialEmail(provider.id);
    await chooseIdentity(page, provider.id, email);
    await page.goto('/kirjaudu');
    await page.getByRole('button', { name: provider.button }).click();

    await expect(page).toHaveURL('/viimeistele-profiili');
    const form = page.getByRole('form');
    await expect(form.getByLabel('Käyttäjänimi')).toBeVisible();
    await expectNoA11yViolations(page);
    await form.getByRole('button', { name: 'Tallenna' }).click();
    await expect(form.getByText('Käyttäjänimi on pakollinen')).toBeVisible();

    const username = `Sanna_${provider.id.slice(0, 2)}${Date.now().toString(36)}${counter}`;
    await form.getByLabel('Käyttäjänimi').fill(username);
    await form.getByLabel('Etunimi').fill('Sanna');
    await form.getByLabel('Sukunimi').fill('Sosiaalinen');
    await form.getByLabel('Olen vähintään 18-vuotias').check();
    await form.getByRole('button', { name: 'Tallenna' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Profiili' })).toBeVisible();

    const me = await (await page.request.get('/api/me')).json();
    expect(me).toMatchObject({
      email,
      username: username.toLowerCase(),
      displayName: username,
      needsProfile: false,
    });

    await logOut(page);
    await page.goto('/kirjaudu');
    await page.getByRole('button', { name: provider.button }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Profiili' })).toBeVisible();
  });
}

test('a cancelled sign-in and an address that already has a password say so on the login page', async ({
  page,
}) => {
  await chooseIdentity(page, 'google', 'cancel@example.fi');
  await page.goto('/kirjaudu');
  await page.getByRole('button', { name: 'Kirjaudu Googlella' }).click();
  await expect(page).toHaveURL('/kirjaudu');
  await expect(page.getByText('Kirjautumispyyntö peruutettiin')).toBeVisible();
  await expectNoA11yViolations(page);

  const email = socialEmail('salasana');
  const registered = await page.request.post('/api/auth/register', {
    data: {
      firstName: 'P',
      lastName: 'K',
      email,
      username: `pk${Date.now().toString(36)}${counter}`,
      password: 'Salasana1',
      password2: 'Salasana1',
      isAdult: true,
    },
  });
  expect(registered.status()).toBe(201);
  await page.request.post('/api/auth/logout');
  await page.unrouteAll();
  await chooseIdentity(page, 'facebook', email);
  await page.goto('/kirjaudu');
  await page.getByRole('button', { name: 'Kirjaudu Facebookilla' }).click();
  await expect(
    page.getByText('Tämä sähköpostiosoite on jo käytössä toisella kirjautumismenetelmällä'),
  ).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Kirjaudu sisään' })).toBeVisible();
  await expectNoA11yViolations(page);
});

test('a social user confirms with the provider before deleting the account', async ({ page }) => {
  const email = socialEmail('poisto');
  await chooseIdentity(page, 'google', email);
  await page.goto('/kirjaudu');
  await page.getByRole('button', { name: 'Kirjaudu Googlella' }).click();
  await expect(page).toHaveURL('/viimeistele-profiili');
  const form = page.getByRole('form');
  await form.getByLabel('Käyttäjänimi').fill(`poisto${Date.now().toString(36)}${counter}`);
  await form.getByLabel('Etunimi').fill('Poistuva');
  await form.getByLabel('Sukunimi').fill('Käyttäjä');
  await form.getByLabel('Olen vähintään 18-vuotias').check();
  await form.getByRole('button', { name: 'Tallenna' }).click();
  await expect(page).toHaveURL('/');

  await page.goto('/profiili?tab=2');
  await page.getByRole('button', { name: 'Poista tili' }).click();
  const dialog = page.getByRole('dialog', { name: 'Poistetaanko tilisi?' });
  await expect(dialog.getByRole('button', { name: 'Vahvista Googlella' })).toBeVisible();
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Vahvista Googlella' }).click();
  const confirmed = page.getByRole('dialog', { name: 'Poistetaanko tilisi?' });
  await expect(confirmed.getByRole('button', { name: 'Poista tili pysyvästi' })).toBeEnabled();
  await expectNoA11yViolations(page);
  await confirmed.getByRole('button', { name: 'Poista tili pysyvästi' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByText('Tilisi on poistettu.')).toBeVisible();
  expect((await page.request.get('/api/me')).status()).toBe(204);
});

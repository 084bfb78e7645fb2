import type { Page } from '@playwright/test';
import { demoSeller } from './support/demo-accounts.ts';
import { collectPageErrors, expect, expectNoA11yViolations, test } from './support/fixtures.ts';
import { countInsertedStyleRules, insertedStyleRules } from './support/style-rules.ts';

// The sell gate /myy-lippu-info (spec 01 §2, spec 02 §2): what selling is and its terms in short,
// and the ways in, each of which brings the new seller on to /myy-lippu (the wizard itself is
// e2e/sell.spec.ts).

const seller = demoSeller;

let counter = 0;
function stamp(): string {
  counter += 1;
  return `${test.info().project.name.slice(0, 1)}${Date.now().toString(36)}${counter}`;
}

/** The gate's own ways in (the header has a 'Kirjaudu sisään' link too). */
const waysIn = (page: Page) => page.getByRole('region', { name: 'Aloita myyminen' });

test('a visitor sees what selling costs, the seller terms and the ways in', async ({ page }) => {
  await page.goto('/myy-lippu-info');
  await expect(page).toHaveTitle('Myy lippusi – Lipputori');
  await expect(page.getByRole('heading', { level: 1, name: 'Myy lippusi Lipputorissa' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Palvelumaksu 3 % + 3 %' })).toBeVisible();
  await expect(
    page.getByText('Esimerkiksi 100 €:n lipusta saat 97 €, ja ostaja maksaa 103 €.'),
  ).toBeVisible();

  const terms = page.getByRole('region', { name: 'Myyjän ehdot lyhyesti' });
  await expect(terms.getByRole('listitem')).toHaveCount(5);
  await expect(terms.getByText('Olet vähintään 18-vuotias.')).toBeVisible();
  await expect(terms.getByText(/^Myyt vain PDF-muotoisia/)).toBeVisible();
  await expect(terms.getByText(/20\s% myyntihinnasta, kuitenkin vähintään 30\s€/)).toBeVisible();
  await expect(terms.getByText(/aikaisintaan 48 tunnin kuluttua tapahtuman alkamisesta/)).toBeVisible();
  await expect(terms.getByRole('link', { name: 'käyttöehdot' })).toHaveAttribute('href', '/kayttoehdot');

  const ways = waysIn(page);
  await expect(ways.getByRole('link', { name: 'Rekisteröidy' })).toHaveAttribute('href', '/rekisteroidy');
  await expect(ways.getByRole('link', { name: 'Kirjaudu sisään' })).toHaveAttribute('href', '/kirjaudu');
  await expect(ways.getByRole('button', { name: 'Kirjaudu Googlella' })).toBeVisible();
  await expect(ways.getByRole('button', { name: 'Kirjaudu Facebookilla' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Siirry myymään' })).toHaveCount(0);

  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoA11yViolations(page);
});

test('logging in from the gate brings the seller on to /myy-lippu', async ({ page }) => {
  await page.goto('/myy-lippu-info');
  await waysIn(page).getByRole('link', { name: 'Kirjaudu sisään' }).click();
  await expect(page).toHaveURL('/kirjaudu');
  const form = page.getByRole('form', { name: 'Kirjaudu sisään' });
  await form.getByLabel('Sähköpostiosoite').fill(seller.email);
  await form.getByLabel(/^Salasana/).fill(seller.password);
  await form.getByRole('button', { name: 'Kirjaudu', exact: true }).click();
  await expect(page).toHaveURL('/myy-lippu');
});

test('registering from the gate, even by way of the login page, leads on to /myy-lippu', async ({ page }) => {
  const id = stamp();
  await page.goto('/myy-lippu-info');
  await waysIn(page).getByRole('link', { name: 'Kirjaudu sisään' }).click();
  await page.getByRole('main').getByRole('link', { name: 'Rekisteröidy' }).click();
  await expect(page).toHaveURL('/rekisteroidy');
  const form = page.getByRole('form', { name: 'Luo tili' });
  await form.getByLabel('Etunimi').fill('Uusi');
  await form.getByLabel('Sukunimi').fill('Myyjä');
  await form.getByLabel('Sähköpostiosoite').fill(`gate-${id}@example.fi`);
  await form.getByLabel('Käyttäjänimi').fill(`gate_${id}`);
  await form.getByLabel(/^Salasana/).fill('Salasana1');
  await form.getByLabel('Vahvista salasana').fill('Salasana1');
  await form.getByLabel('Olen vähintään 18-vuotias').check();
  await form.getByRole('button', { name: 'Luo tili' }).click();
  await expect(page).toHaveURL('/myy-lippu');
});

test('a new Google user from the gate finishes the profile and goes on to /myy-lippu', async ({ page }) => {
  const id = stamp();
  let returnTo: string | null = null;
  // The test provider signs in whoever the start asks for (src/server/test/oidc-mock.ts).
  await page.route('**/api/auth/google/start**', async (route) => {
    const url = new URL(route.request().url());
    returnTo = url.searchParams.get('returnTo');
    url.searchParams.set('login_hint', `gate.google.${id}@example.fi`);
    await route.continue({ url: url.toString() });
  });
  await page.goto('/myy-lippu-info');
  await waysIn(page).getByRole('button', { name: 'Kirjaudu Googlella' }).click();
  await expect(page).toHaveURL('/viimeistele-profiili');
  expect(returnTo).toBe('/myy-lippu');
  const form = page.getByRole('form');
  await form.getByLabel('Käyttäjänimi').fill(`gg_${id}`);
  await form.getByLabel('Etunimi').fill('Sanna');
  await form.getByLabel('Sukunimi').fill('Sosiaalinen');
  await form.getByLabel('Olen vähintään 18-vuotias').check();
  await form.getByRole('button', { name: 'Tallenna' }).click();
  await expect(page).toHaveURL('/myy-lippu');
});

test('a signed-in user is offered the way straight on to selling', async ({ page }) => {
  const login = await page.request.post('/api/auth/login', { data: seller });
  expect(login.status()).toBe(200);
  await page.goto('/myy-lippu-info');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Profiili' })).toBeVisible();
  const go = waysIn(page).getByRole('link', { name: 'Siirry myymään' });
  await expect(go).toHaveAttribute('href', '/myy-lippu');
  await expect(waysIn(page).getByRole('link', { name: 'Rekisteröidy' })).toHaveCount(0);
  await expect(waysIn(page).getByRole('button', { name: 'Kirjaudu Googlella' })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await go.click();
  await expect(page).toHaveURL('/myy-lippu');
});

test('a visitor’s gate arrives drawn, and the app takes it over as it is', async ({
  browser,
  baseURL,
  page,
}) => {
  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const drawn = await noScript.newPage();
  await drawn.goto('/myy-lippu-info');
  await expect(drawn).toHaveTitle('Myy lippusi – Lipputori');
  await expect(drawn.getByRole('heading', { level: 1, name: 'Myy lippusi Lipputorissa' })).toBeVisible();
  await expect(waysIn(drawn).getByRole('button', { name: 'Kirjaudu Googlella' })).toBeVisible();
  await expect(waysIn(drawn).getByRole('link', { name: 'Kirjaudu sisään' })).toBeVisible();
  await noScript.close();

  // Hydrated with the styles and the sign-in options sent in the page: nothing asked again, no
  // style rule compiled again, no mismatch for React to report.
  await countInsertedStyleRules(page);
  const providerRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/providers')) providerRequests.push(request.url());
  });
  const errors = collectPageErrors(page);
  await page.goto('/myy-lippu-info');
  await expect(page.locator('html[data-live]')).toBeAttached();
  await expect(waysIn(page).getByRole('button', { name: 'Kirjaudu Googlella' })).toBeVisible();
  expect(await insertedStyleRules(page)).toBe(0);
  await waysIn(page).getByRole('link', { name: 'Rekisteröidy' }).click();
  await expect(page).toHaveURL('/rekisteroidy');
  expect(providerRequests).toEqual([]);
  expect(errors).toEqual([]);
});

import { expect, expectNoA11yViolations, isPhone, test } from './support/fixtures.ts';

const navTargets = [
  { label: 'Meistä', path: '/tietoa-meista' },
  { label: 'Usein kysytty', path: '/ukk' },
  { label: 'Ota yhteyttä', path: '/ota-yhteytta' },
  { label: 'Liput', path: '/' },
];

test('the main navigation reaches every section, in the bar or the drawer', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Lipputori vaivattomasti' })).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header).toHaveCSS('height', '63px');

  for (const target of navTargets) {
    if (isPhone(page)) {
      await page.getByRole('button', { name: 'Avaa valikko' }).click();
      const drawer = page.locator('#mobile-navigation');
      await expect(drawer.getByRole('link', { name: 'Myy lippu' })).toBeVisible();
      await expectNoA11yViolations(page);
      await drawer.getByRole('link', { name: target.label, exact: true }).click();
      await expect(drawer.getByRole('link', { name: 'Myy lippu' })).toBeHidden();
    } else {
      await expect(page.getByRole('button', { name: 'Avaa valikko' })).toBeHidden();
      await header.getByRole('link', { name: target.label, exact: true }).click();
    }
    await expect(page).toHaveURL(target.path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
});

test('the logo reloads the front page', async ({ page }) => {
  await page.goto('/ukk');
  await page.evaluate(() => {
    (window as unknown as { marker: boolean }).marker = true;
  });
  await page.getByRole('link', { name: 'Lipputori – etusivu' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Lipputori vaivattomasti' })).toBeVisible();
  // A full reload drops everything the previous document had in memory.
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBeUndefined();
});

test('an unknown address shows the 404 page', async ({ page }) => {
  await page.goto('/ei-tallaista-sivua');
  await expect(page.getByRole('heading', { name: '404 error, page not found' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'Palaa etusivulle' }).click();
  await expect(page).toHaveURL('/');
});

test('the footer has the contact details, links and the current year', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText('Helpoin ja edullisin tapa ostaa ja myydä tapahtumalippuja.')).toBeVisible();
  await expect(footer.getByRole('link', { name: 'info@lipputori.example' })).toHaveAttribute(
    'href',
    'mailto:info@lipputori.example',
  );
  await expect(footer.getByText('Y-tunnus 1234567-1')).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Lipputori Instagramissa' })).toHaveAttribute(
    'href',
    /instagram/,
  );
  await expect(footer.getByRole('link', { name: 'Lipputori Facebookissa' })).toHaveAttribute(
    'href',
    /facebook/,
  );
  await expect(footer.getByRole('link', { name: 'Lipputori lehdessä' })).toHaveAttribute('target', '_blank');
  await expect(footer.getByText(`© ${new Date().getFullYear()} Lipputori`)).toBeVisible();
  await footer.getByRole('link', { name: 'Käyttöehdot' }).click();
  await expect(page).toHaveURL('/kayttoehdot');
});

test('the front page lists tickets and pages through them', async ({ page }) => {
  await page.goto('/');
  const cards = page
    .locator('#tickets')
    .getByRole('link')
    .filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(cards.first()).toBeVisible();
  const pageSize = isPhone(page) ? 8 : 15;
  await expect(cards).toHaveCount(pageSize);
  await expect(cards.first()).toContainText('€');
  const firstName = await cards.first().getByRole('heading').textContent();

  await page.getByRole('button', { name: 'Seuraava' }).click();
  await expect(page).toHaveURL(/currentPage=2/);
  await expect(page.getByText('Sivu 2')).toBeVisible();
  await page.getByRole('button', { name: 'Edellinen' }).click();
  await expect(page).toHaveURL('/');
  await expect(cards.first().getByRole('heading')).toHaveText(firstName ?? '');
  await expectNoA11yViolations(page);
});

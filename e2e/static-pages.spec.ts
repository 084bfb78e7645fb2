import { expect, expectNoA11yViolations, test } from './support/fixtures.ts';

const pages = [
  { path: '/miten-se-toimii', heading: 'Miten Lipputori toimii?' },
  { path: '/ukk', heading: 'Usein kysytyt kysymykset' },
  { path: '/tietoa-meista', heading: 'Tietoa meistä' },
  { path: '/ota-yhteytta', heading: 'Ota yhteyttä' },
  { path: '/kayttoehdot', heading: 'Lipputori käyttöehdot' },
  { path: '/tietosuojaseloste', heading: 'Tietosuojaseloste' },
  { path: '/saavutettavuus', heading: /^Saavutettavuus\u00ad?seloste$/ },
];

for (const { path, heading } of pages) {
  test(`${path} shows its content without accessibility violations and fits the screen`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveTitle(/Lipputori/);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoA11yViolations(page);
  });
}

test('how it works: selling first, buying on its tab, newsletter and sell buttons', async ({ page }) => {
  await page.goto('/miten-se-toimii');
  await expect(page.getByRole('tab', { name: 'Myyminen' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Lisää lippusi myyntiin')).toBeVisible();
  await page.getByRole('tab', { name: 'Ostaminen' }).click();
  await expect(page.getByText('Lataa lippu profiilistasi')).toBeVisible();
  await expect(page.getByText('Lisää lippusi myyntiin')).toBeHidden();
  await expectNoA11yViolations(page);
  await page.getByRole('main').getByRole('button', { name: 'Tilaa uutiskirje' }).click();
  await expect(page.getByRole('dialog', { name: 'Tilaa uutiskirjeemme' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Ei kiitos' }).click();
  await expect(page.getByRole('main').getByRole('link', { name: 'Myy lippu' })).toHaveAttribute(
    'href',
    '/myy-lippu',
  );
});

test('FAQ: buying first, one question open at a time, and a way to contact us', async ({ page }) => {
  await page.goto('/ukk');
  await expect(page.getByRole('tab', { name: 'Ostaminen' })).toHaveAttribute('aria-selected', 'true');
  const first = page.getByRole('button', { name: 'Miten ostan lipun?' });
  const second = page.getByRole('button', { name: 'Millä maksutavoilla voin maksaa?' });
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await expectNoA11yViolations(page);

  await page.getByRole('tab', { name: 'Myyminen' }).click();
  await expect(page.getByRole('tab', { name: 'Myyminen' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Yleistä' }).click();
  await expect(page.getByRole('button', { name: 'Mikä Lipputori on?' })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('main').getByRole('link', { name: 'Ota yhteyttä' }).click();
  await expect(page).toHaveURL('/ota-yhteytta');
});

test('about us: founders, pricing promises and the company details dialog', async ({ page }) => {
  await page.goto('/tietoa-meista');
  await expect(page.getByRole('heading', { name: 'Perustajat' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Hinnoittelulupauksemme' })).toBeVisible();
  await page.getByRole('button', { name: 'Yritystiedot' }).click();
  const dialog = page.getByRole('dialog', { name: 'Yritystiedot' });
  await expect(dialog.getByText('1234567-1')).toBeVisible();
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Sulje' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('form', { name: 'Lähetä meille viesti' })).toBeVisible();
});

test('terms: ten sections, the update date, privacy link and a back button', async ({ page }) => {
  await page.goto('/ukk');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Käyttöehdot' }).click();
  await expect(page.getByText('Päivitetty 26.11.2026')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^\d+\. / })).toHaveCount(10);
  await expect(
    page
      .getByRole('main')
      .getByRole('link', { name: /tietosuojaseloste/i })
      .first(),
  ).toHaveAttribute('href', '/tietosuojaseloste');
  await page.getByRole('button', { name: 'Takaisin' }).first().click();
  await expect(page).toHaveURL('/ukk');
});

test('privacy policy: update date, retention period and a back button to the front page', async ({
  page,
}) => {
  await page.goto('/tietosuojaseloste');
  await expect(page.getByText('Päivitetty 11.3.2025')).toBeVisible();
  await expect(page.getByText(/24 kuukautta/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Takaisin' }).first().click();
  await expect(page).toHaveURL('/');
});

test('accessibility statement: from the footer, its status, known gaps, feedback and the authority', async ({
  page,
}) => {
  await page.goto('/ukk');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Saavutettavuusseloste' }).click();
  await expect(page).toHaveURL('/saavutettavuus');
  await expect(page).toHaveTitle('Saavutettavuusseloste – Lipputori');
  await expect(page.getByText('Päivitetty 26.11.2026')).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText('täyttää saavutettavuusvaatimukset osittain');
  await expect(main).toContainText('WCAG 2.1');
  await expect(main).toContainText('PDF-tiedostot eivät ole saavutettavia');
  await expect(main).toContainText('itsearvio');
  await expect(main.getByRole('link', { name: 'info@lipputori.example' })).toHaveAttribute(
    'href',
    'mailto:info@lipputori.example',
  );
  await expect(main.getByRole('link', { name: 'Ota yhteyttä' })).toHaveAttribute('href', '/ota-yhteytta');
  await expect(main.getByText('Liikenne- ja viestintävirasto Traficom').first()).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Takaisin' }).first().click();
  await expect(page).toHaveURL('/ukk');
});

test('the 404 page marks its English title as English for screen readers', async ({ page }) => {
  await page.goto('/ei-tallaista-sivua');
  await expect(page.getByRole('heading', { level: 1, name: '404 error, page not found' })).toHaveAttribute(
    'lang',
    'en',
  );
});

import { readFile } from 'node:fs/promises';
import { demoAdmin, demoBuyer, demoSeller, logIn } from './support/demo-accounts.ts';
import { expect, expectNoA11yViolations, test } from './support/fixtures.ts';

// "Omat tietosi": from the profile, a person downloads everything stored about them as one file.

test('a seller downloads their own data from the profile, and only theirs', async ({ page }) => {
  await logIn(page, demoSeller);
  await page.goto('/profiili?tab=2');
  const section = page.getByRole('region', { name: 'Omat tietosi' });
  await expect(section.getByText(/kaikki tiedot, jotka olemme sinusta tallentaneet/)).toBeVisible();
  await expectNoA11yViolations(page);

  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Lataa omat tietosi' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^lipputori-omat-tiedot-\d{4}-\d{2}-\d{2}\.json$/);
  await expect(section.getByText('Tiedosto on ladattu laitteellesi.')).toBeVisible();

  const text = await readFile(await download.path(), 'utf8');
  const data = JSON.parse(text);
  expect(data.format).toBe('lipputori-omat-tiedot/1');
  expect(data.account.email).toBe(demoSeller.email);
  expect(data.listings.length).toBeGreaterThan(0);
  expect(data.sessions).toContainEqual(expect.objectContaining({ current: true }));
  for (const someoneElse of [demoBuyer.email, demoAdmin.email]) expect(text).not.toContain(someoneElse);
});

test('a refused download says why instead of saving an error as the file', async ({ page }) => {
  await logIn(page, demoBuyer);
  await page.route('**/api/account/data', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({
        error: {
          code: 'resource-exhausted',
          message: 'Liian monta pyyntöä. Yritä hetken kuluttua uudelleen.',
        },
      }),
    }),
  );
  await page.goto('/profiili?tab=2');
  const section = page.getByRole('region', { name: 'Omat tietosi' });
  await section.getByRole('button', { name: 'Lataa omat tietosi' }).click();
  await expect(section.getByText('Liian monta pyyntöä. Yritä hetken kuluttua uudelleen.')).toBeVisible();
  await expectNoA11yViolations(page);
});

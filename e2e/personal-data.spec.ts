import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { demoAdmin, demoBuyer, demoSeller, logIn } from './support/demo-accounts.ts';
import { waitForMail } from './support/dev-mailbox.ts';
import { expect, expectNoA11yViolations, test } from './support/fixtures.ts';
import { signUpNewUser } from './support/test-data.ts';

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

/** Downloads the signed-in person's file from the profile and reads it. */
async function downloadOwnData(page: Page, section: Locator) {
  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Lataa omat tietosi' }).click();
  return JSON.parse(await readFile(await (await downloading).path(), 'utf8'));
}

test("a new account gets the address's earlier contact message only after confirming the address from the mailed link", async ({
  page,
  request,
}) => {
  // An account is registered with an address, and a visitor (not signed in) writes to us with it.
  const { email } = await signUpNewUser(page.request, 'vahvistus');
  const contacted = await request.post('/api/contact', {
    data: {
      name: 'Osoitteen Omistaja',
      email,
      subject: 'Aiempi viesti',
      message: 'Kirjoitin tämän ennen tiliä.',
    },
  });
  expect(contacted.status()).toBe(201);

  await page.goto('/profiili?tab=2');
  await expect(page.getByText(`${email} (Ei vahvistettu)`)).toBeVisible();
  const confirmSection = page.getByRole('region', { name: 'Vahvista sähköpostiosoitteesi' });
  await confirmSection.getByRole('button', { name: 'Lähetä vahvistuslinkki uudelleen' }).click();
  await expect(
    confirmSection.getByText(`Lähetimme uuden vahvistuslinkin osoitteeseen ${email}.`),
  ).toBeVisible();
  const dataSection = page.getByRole('region', { name: 'Omat tietosi' });
  await expect(dataSection.getByText(/tulevat mukaan, kun olet vahvistanut osoitteesi/)).toBeVisible();
  await expectNoA11yViolations(page);

  const before = await downloadOwnData(page, dataSection);
  expect(before.account.emailVerifiedAt).toBeNull();
  expect(before.contactMessages).toEqual([]);

  // The link in the mail opens a page; its button confirms (opening alone changes nothing).
  const mail = await waitForMail(page.request, email, {
    subject: 'Vahvista sähköpostiosoitteesi – Lipputori',
  });
  const link = mail.text.match(/https?:\/\/\S*\/vahvista-sahkoposti\?token=\S+/)?.[0] ?? '';
  const { pathname, search } = new URL(link);
  await page.goto(`${pathname}${search}`);
  await expect(page).toHaveTitle('Vahvista sähköpostiosoite – Lipputori');
  await expect(page.getByRole('heading', { level: 1, name: 'Vahvista sähköpostiosoitteesi' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Vahvista sähköpostiosoite' }).click();
  await expect(page.getByText('Kiitos! Sähköpostiosoitteesi on vahvistettu.')).toBeVisible();
  await expectNoA11yViolations(page);

  await page.goto('/profiili?tab=2');
  await expect(page.getByText(`${email} (Vahvistettu)`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Vahvista sähköpostiosoitteesi' })).toBeHidden();
  await expect(dataSection.getByText(/tulevat mukaan, kun olet vahvistanut osoitteesi/)).toBeHidden();
  const after = await downloadOwnData(page, dataSection);
  expect(after.account.emailVerifiedAt).toEqual(expect.any(String));
  expect(after.contactMessages).toEqual([expect.objectContaining({ subject: 'Aiempi viesti' })]);
});

test('a broken or unknown confirmation link says so', async ({ page }) => {
  await page.goto('/vahvista-sahkoposti');
  await expect(page.getByText(/^Vahvistuslinkki on virheellinen tai jo käytetty\./)).toBeVisible();
  await page.goto(`/vahvista-sahkoposti?token=${'A'.repeat(43)}`);
  await page.getByRole('button', { name: 'Vahvista sähköpostiosoite' }).click();
  await expect(page.getByText(/^Vahvistuslinkki on virheellinen tai jo käytetty\./)).toBeVisible();
  await expectNoA11yViolations(page);
});

import type { APIRequestContext, Page } from '@playwright/test';
import { waitForMail } from './support/dev-mailbox.ts';
import { expect, expectNoA11yViolations, isPhone, test } from './support/fixtures.ts';

// Account journeys of spec 01 §2-§8: registration, login and logout, the sign-in guard, password
// reset through the development mailbox, the payout IBAN and account deletion. Every test makes
// its own users (per project and run), so the phone and desktop runs never collide.

interface TestUser {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  password: string;
}

let counter = 0;

function newUser(prefix: string): TestUser {
  counter += 1;
  const project = test.info().project.name;
  const stamp = `${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1000)}`;
  return {
    firstName: 'Testi',
    lastName: 'Käyttäjä',
    email: `${prefix}-${project}-${stamp}@example.fi`,
    username: `${prefix.slice(0, 6)}_${project.slice(0, 1)}${stamp}`,
    password: 'Salasana1',
  };
}

/** Creates the account through the API; with `page.request` the page is then signed in as the user. */
async function registerByApi(request: APIRequestContext, user: TestUser): Promise<void> {
  const response = await request.post('/api/auth/register', {
    data: { ...user, password2: user.password, isAdult: true },
  });
  expect(response.status(), await response.text()).toBe(201);
}

async function logInThroughForm(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Kirjaudu sisään' });
  await form.getByLabel('Sähköpostiosoite').fill(email);
  await form.getByLabel(/^Salasana/).fill(password);
  await form.getByRole('button', { name: 'Kirjaudu', exact: true }).click();
}

/** Logs out from the header icon on a desktop and from the menu drawer on a phone. */
async function logOut(page: Page): Promise<void> {
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Avaa valikko' }).click();
    const drawer = page.locator('#mobile-navigation');
    await expect(drawer.getByRole('link', { name: 'Profiili' })).toBeVisible();
    await drawer.getByRole('button', { name: 'Kirjaudu ulos' }).click();
  } else {
    await page.getByRole('banner').getByRole('button', { name: 'Kirjaudu ulos' }).click();
  }
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Kirjaudu sisään' })).toBeVisible();
}

test('a visitor registers, is signed in at once, and stays signed in over a reload', async ({ page }) => {
  const user = newUser('reg');
  await page.goto('/');
  const header = page.getByRole('banner');
  await header.getByRole('link', { name: 'Kirjaudu sisään' }).click();
  await expect(page).toHaveURL('/kirjaudu');
  await expect(page).toHaveTitle('Kirjaudu sisään – Lipputori');
  await expect(page.getByRole('heading', { level: 1, name: 'Kirjaudu sisään' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Kirjaudu Googlella' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Kirjaudu Facebookilla' })).toBeVisible();

  await page.getByRole('link', { name: 'Rekisteröidy' }).click();
  await expect(page).toHaveURL('/rekisteroidy');
  await expect(page).toHaveTitle('Luo tili – Lipputori');
  const form = page.getByRole('form', { name: 'Luo tili' });
  await form.getByLabel('Etunimi').fill(user.firstName);
  await form.getByLabel('Sukunimi').fill(user.lastName);
  await form.getByLabel('Sähköpostiosoite').fill(user.email);
  await form.getByLabel('Käyttäjänimi').fill(user.username);
  await expect(form.getByLabel('Käyttäjänimi')).toHaveAccessibleDescription(
    'Käyttäjänimesi näkyy julkisesti, kun myyt lippuja.',
  );
  await form.getByLabel(/^Salasana/).fill(user.password);
  await form.getByLabel('Vahvista salasana').fill(user.password);
  await form.getByLabel('Olen vähintään 18-vuotias').check();
  await form.getByRole('button', { name: 'Luo tili' }).click();

  // Signed in at once, on the page they came from (the front page), told where the link to
  // confirm the address went.
  await expect(page).toHaveURL('/');
  await expect(header.getByRole('link', { name: 'Profiili' })).toBeVisible();
  await expect(
    page.getByText(`Tervetuloa! Lähetimme vahvistuslinkin osoitteeseen ${user.email.toLowerCase()}.`, {
      exact: false,
    }),
  ).toBeVisible();
  await expect(header.getByRole('link', { name: 'Kirjaudu sisään' })).toBeHidden();

  // The signed-in header survives a reload (session storage, then confirmed by the server).
  await page.reload();
  await expect(header.getByRole('link', { name: 'Profiili' })).toBeVisible();
  await header.getByRole('link', { name: 'Profiili' }).click();
  await expect(page).toHaveURL('/profiili');
  await expect(page.getByRole('heading', { level: 1, name: 'Profiili' })).toBeVisible();
  await logOut(page);
});

test('a visitor on a protected page is sent to log in, and the login brings them back there', async ({
  page,
}) => {
  const user = newUser('back');
  await registerByApi(page.request, user);
  await page.context().clearCookies({ name: 'lt_session' });
  await page.goto('/profiili?tab=2');
  await expect(page).toHaveURL('/kirjaudu');
  expect(await page.evaluate(() => sessionStorage.getItem('auth_return_to'))).toBe('/profiili?tab=2');
  await logInThroughForm(page, user.email, 'Väärä-salasana1');
  await expect(page.getByText('Väärä sähköpostiosoite tai salasana')).toBeVisible();
  await expectNoA11yViolations(page);
  await logInThroughForm(page, user.email, user.password);
  await expect(page).toHaveURL('/profiili?tab=2');
  await expect(page.getByRole('tab', { name: 'Käyttäjätiedot' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(user.email)).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('auth_return_to'))).toBeNull();

  // Signed in, the login page has nothing to offer: it moves on to the front page.
  await page.goto('/kirjaudu');
  await expect(page).toHaveURL('/');
});

test('registration shows its checks in order and clears an error when its field is edited', async ({
  page,
}) => {
  const user = newUser('order');
  await page.goto('/rekisteroidy');
  const form = page.getByRole('form', { name: 'Luo tili' });
  const field = {
    firstName: form.getByLabel('Etunimi'),
    lastName: form.getByLabel('Sukunimi'),
    email: form.getByLabel('Sähköpostiosoite'),
    username: form.getByLabel('Käyttäjänimi'),
    password: form.getByLabel(/^Salasana/),
    password2: form.getByLabel('Vahvista salasana'),
    isAdult: form.getByLabel('Olen vähintään 18-vuotias'),
  };
  const submit = form.getByRole('button', { name: 'Luo tili' });
  const adultError = form.getByText('Sinun tulee olla vähintään 18-vuotias käyttääksesi palvelua');

  // 1. Required fields, each under its own field; the later checks wait.
  await submit.click();
  await expect(field.firstName).toHaveAccessibleDescription('Etunimi on pakollinen');
  await expect(field.lastName).toHaveAccessibleDescription('Sukunimi on pakollinen');
  await expect(field.email).toHaveAccessibleDescription('Sähköpostiosoite on pakollinen');
  await expect(field.username).toHaveAccessibleDescription('Käyttäjänimi on pakollinen');
  await expect(field.password).toHaveAccessibleDescription('Salasana on pakollinen');
  await expect(field.password2).toHaveAccessibleDescription('Vahvista salasana');
  await expect(adultError).toBeHidden();
  await expect(field.firstName).toBeFocused();

  // Editing a field clears its error only.
  await field.firstName.fill(user.firstName);
  await expect(field.firstName).toHaveAccessibleDescription('');
  await expect(field.lastName).toHaveAccessibleDescription('Sukunimi on pakollinen');

  await field.lastName.fill(user.lastName);
  await field.email.fill('ei-osoite');
  await field.username.fill(user.username);
  await field.password.fill('salasana');
  await field.password2.fill('salasana');
  await submit.click();
  await expect(field.email).toHaveAccessibleDescription('Virheellinen sähköpostiosoite');
  await field.email.fill(user.email);

  // 2. The age confirmation.
  await submit.click();
  await expect(adultError).toBeVisible();
  await expectNoA11yViolations(page);
  await expect(field.password).toHaveAccessibleDescription(
    'Vähintään 6 merkkiä, joista vähintään yksi numero, yksi iso kirjain ja yksi pieni kirjain.',
  );
  await field.isAdult.check();
  await expect(adultError).toBeHidden();

  // 3. The password rules, one at a time.
  await submit.click();
  await expect(field.password).toHaveAccessibleDescription('Salasanan tulee sisältää vähintään yksi numero');
  await field.password.fill('salasana1');
  await submit.click();
  await expect(field.password).toHaveAccessibleDescription(
    'Salasanan tulee sisältää vähintään yksi iso kirjain',
  );
  await field.password.fill('Sa1');
  await submit.click();
  await expect(field.password).toHaveAccessibleDescription('Salasanan tulee olla vähintään 6 merkkiä pitkä');

  // 4. The two passwords must match.
  await field.password.fill(user.password);
  await field.password2.fill('Salasana2');
  await submit.click();
  await expect(field.password2).toHaveAccessibleDescription('Salasanat eivät täsmää');
  await expectNoA11yViolations(page);

  // The show/hide toggle reveals what was typed.
  await expect(field.password).toHaveAttribute('type', 'password');
  await form.getByRole('button', { name: 'Näytä salasana' }).first().click();
  await expect(field.password).toHaveAttribute('type', 'text');
  await form.getByRole('button', { name: 'Piilota salasana' }).click();
  await expect(field.password).toHaveAttribute('type', 'password');

  // The server's answer for an address already in use lands under the e-mail field.
  await field.password2.fill(user.password);
  await expect(field.password2).toHaveAccessibleDescription('');
  await field.email.fill('ostaja@lipputori.example');
  await submit.click();
  await expect(field.email).toHaveAccessibleDescription('Sähköposti on jo käytössä');
  await expectNoA11yViolations(page);
  await field.email.fill(user.email);
  await expect(field.email).toHaveAccessibleDescription('');
  await submit.click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Profiili' })).toBeVisible();
});

test('a forgotten password is reset through the e-mailed link', async ({ page, request }) => {
  const user = newUser('reset');
  await registerByApi(request, user);

  await page.goto('/kirjaudu');
  const form = page.getByRole('form', { name: 'Kirjaudu sisään' });
  await form.getByRole('button', { name: 'Salasana unohtunut?' }).click();
  await expect(form.getByLabel('Sähköpostiosoite')).toHaveAccessibleDescription(
    'Syötä sähköpostiosoite ensin',
  );
  await form.getByLabel('Sähköpostiosoite').fill(user.email);
  await form.getByRole('button', { name: 'Salasana unohtunut?' }).click();
  await expect(
    page.getByText('Jos osoitteella on tili, lähetimme siihen linkin salasanan vaihtamiseen.'),
  ).toBeVisible();
  await expectNoA11yViolations(page);

  const mail = await waitForMail(request, user.email, { text: /\/salasanan-vaihto\?oobCode=/ });
  const link = mail.text.match(/https?:\/\/\S+\/salasanan-vaihto\?oobCode=[\w-]+/)?.[0];
  expect(link).toBeTruthy();
  const path = new URL(link ?? '').pathname + new URL(link ?? '').search;

  // Without a code the page says the link is broken straight away.
  await page.goto('/salasanan-vaihto');
  await expect(page.getByText('Virheellinen salasanan palautuslinkki')).toBeVisible();
  await expectNoA11yViolations(page);

  await page.goto(path);
  await expect(page).toHaveTitle('Salasanan vaihto – Lipputori');
  const resetForm = page.getByRole('form', { name: 'Vaihda salasana' });
  const password = resetForm.getByLabel(/^Uusi salasana/);
  await expect(password).toHaveAccessibleDescription(/erikoismerkki/);
  await password.fill('Salasana2');
  await resetForm.getByLabel('Vahvista uusi salasana').fill('Salasana2');
  await resetForm.getByRole('button', { name: 'Vahvista' }).click();
  await expect(password).toHaveAccessibleDescription('Salasanan tulee sisältää vähintään yksi erikoismerkki');
  await expectNoA11yViolations(page);

  const newPassword = 'Uusi-Salasana2';
  await password.fill(newPassword);
  await resetForm.getByRole('button', { name: 'Näytä salasana' }).first().click();
  await expect(password).toHaveAttribute('type', 'text');
  await resetForm.getByLabel('Vahvista uusi salasana').fill(newPassword);
  await resetForm.getByRole('button', { name: 'Vahvista' }).click();
  await expect(
    page.getByText('Salasana vaihdettu onnistuneesti! Sinut ohjataan kirjautumissivulle...'),
  ).toBeVisible();
  await expect(page).toHaveURL('/kirjaudu', { timeout: 8000 });

  await logInThroughForm(page, user.email, user.password);
  await expect(page.getByText('Väärä sähköpostiosoite tai salasana')).toBeVisible();
  await logInThroughForm(page, user.email, newPassword);
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Profiili' })).toBeVisible();

  // The link works once only.
  await page.goto(path);
  await page.getByLabel(/^Uusi salasana/).fill('Kolmas-Salasana3');
  await page.getByLabel('Vahvista uusi salasana').fill('Kolmas-Salasana3');
  await page.getByRole('button', { name: 'Vahvista' }).click();
  await expect(page.getByText(/virheellinen tai se on jo käytetty/)).toBeVisible();
  await expectNoA11yViolations(page);
});

test('the profile keeps a valid IBAN and refuses a wrong check number', async ({ page }) => {
  const user = newUser('iban');
  await registerByApi(page.request, user);
  await page.goto('/profiili');
  await expect(page).toHaveTitle('Profiili – Lipputori');
  await expect(page.getByRole('tab', { name: 'Ostetut liput' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Myynnissä olevat' }).click();
  await expect(page).toHaveURL('/profiili?tab=1');
  await expect(page.getByText('Sinulla ei ole vielä myynti-ilmoituksia.')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('tab', { name: 'Käyttäjätiedot' }).click();
  await expect(page).toHaveURL('/profiili?tab=2');
  await expect(page.getByText(user.email)).toBeVisible();

  const ibanForm = page.getByRole('form', { name: 'Tilinumero tilityksiä varten' });
  const iban = ibanForm.getByLabel('Tilinumero (IBAN)');
  const save = ibanForm.getByRole('button', { name: 'Tallenna tilinumero' });
  await save.click();
  await expect(iban).toHaveAccessibleDescription('Tilinumero on pakollinen');

  await iban.fill('FI21 1234 5600 0007 86');
  await save.click();
  await expect(iban).toHaveAccessibleDescription('Syötä kelvollinen suomalainen IBAN-muotoinen tilinumero');
  await expectNoA11yViolations(page);

  await iban.fill('fi2112345600000785');
  await expect(iban).toHaveValue('FI2112345600000785');
  await save.click();
  await expect(ibanForm.getByText('Tilinumero tallennettu.')).toBeVisible();
  await expect(iban).toHaveValue('FI21 1234 5600 0007 85');

  await page.reload();
  await expect(
    page.getByRole('form', { name: 'Tilinumero tilityksiä varten' }).getByLabel('Tilinumero (IBAN)'),
  ).toHaveValue('FI21 1234 5600 0007 85');

  // The password link goes to the user's own address.
  await page.getByRole('button', { name: 'Lähetä salasanan vaihtolinkki' }).click();
  await expect(page.getByText(`Lähetimme salasanan vaihtolinkin osoitteeseen ${user.email}.`)).toBeVisible();
  await expectNoA11yViolations(page);
  await waitForMail(page.request, user.email, { text: /\/salasanan-vaihto\?oobCode=/ });
});

test('a user deletes the account after confirming the password, and cannot log in again', async ({
  page,
}) => {
  const user = newUser('delete');
  await registerByApi(page.request, user);
  await page.goto('/profiili?tab=2');
  await page.getByRole('button', { name: 'Poista tili' }).click();

  const dialog = page.getByRole('dialog', { name: 'Poistetaanko tilisi?' });
  await expect(
    dialog.getByText(/Tarkistettavana olevat ja myynnissä olevat ilmoituksesi poistetaan/),
  ).toBeVisible();
  await expect(dialog.getByText(/säilytetään kirjanpitoa varten/)).toBeVisible();
  await expectNoA11yViolations(page);

  // Cancelling keeps everything as it was.
  await dialog.getByRole('button', { name: 'Peruuta' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Poista tili' }).click();

  const password = dialog.getByLabel(/^Salasana/);
  const confirm = dialog.getByRole('button', { name: 'Poista tili pysyvästi' });
  await confirm.click();
  await expect(password).toHaveAccessibleDescription('Salasana on pakollinen');
  await password.fill('Väärä-salasana1');
  await confirm.click();
  await expect(password).toHaveAccessibleDescription('Väärä salasana. Yritä uudelleen.');
  await expectNoA11yViolations(page);
  await password.fill(user.password);
  await confirm.click();

  await expect(page).toHaveURL('/');
  await expect(page.getByText('Tilisi on poistettu.')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Kirjaudu sisään' })).toBeVisible();

  await page.goto('/kirjaudu');
  await logInThroughForm(page, user.email, user.password);
  await expect(page.getByText('Väärä sähköpostiosoite tai salasana')).toBeVisible();
  await expect(page).toHaveURL('/kirjaudu');
});

test('the login, registration and password pages pass the accessibility check', async ({ page }) => {
  // A failed social sign-in comes back with its code: the message shows and the address is tidied.
  await page.goto('/kirjaudu?socialError=cancelled');
  await expect(page.getByText('Kirjautumispyyntö peruutettiin')).toBeVisible();
  await expect(page).toHaveURL('/kirjaudu');
  await expectNoA11yViolations(page);

  // Finishing the profile needs a signed-in user too.
  await page.goto('/viimeistele-profiili');
  await expect(page).toHaveURL('/kirjaudu');
  await page.goto('/rekisteroidy');
  await expect(page.getByRole('heading', { level: 1, name: 'Luo tili' })).toBeVisible();
  await page.getByRole('button', { name: 'Luo tili' }).click();
  await expect(page.getByLabel('Etunimi')).toHaveAccessibleDescription('Etunimi on pakollinen');
  await expectNoA11yViolations(page);
  await page.goto('/salasanan-vaihto?oobCode=keksitty');
  await expect(page.getByRole('heading', { level: 1, name: 'Vaihda salasana' })).toBeVisible();
  await expectNoA11yViolations(page);
});

test('the demo buyer logs in and the profile passes the accessibility check', async ({ page }) => {
  await page.goto('/kirjaudu');
  await logInThroughForm(page, 'ostaja@lipputori.example', 'Ostaja2026!');
  // The buyer's profile is complete, so there is nothing to come back to there: the front page.
  await expect(page).toHaveURL('/');
  await page.goto('/viimeistele-profiili');
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page).toHaveURL('/', { timeout: 5000 });
  await page.goto('/profiili?tab=2');
  await expect(page.getByRole('heading', { level: 1, name: 'Profiili' })).toBeVisible();
  await expect(page.getByText('ostaja@lipputori.example')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('tab', { name: 'Ostetut liput' }).click();
  await expect(page.getByRole('heading', { name: 'Ostetut liput' })).toBeVisible();
  await expectNoA11yViolations(page);
});

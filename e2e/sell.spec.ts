import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { renderTicketPdf } from '../src/server/seed/ticket-pdf.ts';
import { helsinkiDate } from '../src/shared/dates.ts';
import { sellingMessages } from '../src/shared/listings/selling-messages.ts';
import { expect, expectNoA11yViolations, isPhone, test } from './support/fixtures.ts';
import { createPendingListing, openAdminApi, sellFormDraft, signUpNewUser } from './support/test-data.ts';

// The sell wizard (issue 13): a new seller lists two real ticket PDFs through the seven steps, with
// the event search filling the form, the draft surviving a reload, the tutorial before the terms,
// and the listing arriving for review.

async function signUpFreshSeller(page: Page): Promise<void> {
  const id = randomUUID().slice(0, 8);
  const password = 'Salasana1!';
  const response = await page.request.post('/api/auth/register', {
    data: {
      email: `myyja-${id}@example.fi`,
      password,
      password2: password,
      username: `myyja_${id}`,
      firstName: 'Uusi',
      lastName: 'Myyjä',
      isAdult: true,
    },
  });
  expect(response.status()).toBe(201);
}

async function ticketPdf(n: number): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const pdf = await renderTicketPdf({
    eventName: 'Kevätsoitto Areenakonsertti',
    dateText: 'la klo 19.00',
    venue: 'Nokia Arena',
    city: 'Tampere',
    ticketType: 'Peruslippu',
    seatText: `Katsomo A, rivi 3, paikka ${n}`,
    ticketNumber: n,
    totalTickets: 2,
    code: `E2E-${randomUUID()}`,
  });
  return { name: `lippu-${n}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from(pdf) };
}

const stepHeading = (page: Page, title: string | RegExp) =>
  page.getByRole('heading', { level: 2, name: title });
const next = (page: Page) => page.getByRole('button', { name: 'Seuraava', exact: true }).click();

test('a visitor who opens the sell page is sent to the sell gate', async ({ page }) => {
  await page.goto('/myy-lippu');
  await expect(page).toHaveURL('/myy-lippu-info');
});

test('a new seller lists two tickets through the wizard, with search, draft, tutorial and review', async ({
  page,
}) => {
  await signUpFreshSeller(page);
  await page.goto('/myy-lippu');
  await expect(stepHeading(page, 'Tapahtumatiedot')).toBeVisible();
  await expect(page.getByText('Vaihe 1/7')).toBeVisible();

  // An empty step stays, its fields marked.
  await next(page);
  await expect(page.getByText('Tapahtuman nimi on pakollinen')).toBeVisible();
  await expect(page.getByText('Kaupunki on pakollinen')).toBeVisible();
  await expectNoA11yViolations(page);
  await expect(page.getByText('Vaihe 1/7')).toBeVisible();

  // The event search fills the form (accents and case do not matter).
  const name = page.getByRole('combobox', { name: 'Tapahtuman nimi' });
  await name.fill('kevatsoitto');
  await expect(page.getByRole('option', { name: /Kevätsoitto Areenakonsertti/ })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('option', { name: /Kevätsoitto Areenakonsertti/ }).click();
  await expect(name).toHaveValue('Kevätsoitto Areenakonsertti');
  await expect(page.getByLabel('Kaupunki')).toHaveValue('Tampere');
  await expect(page.getByLabel('Tapahtumapaikka')).toHaveValue('Nokia Arena');
  await next(page);

  await expect(stepHeading(page, 'Aikatiedot')).toBeVisible();
  await expectNoA11yViolations(page);
  await next(page);

  await expect(stepHeading(page, 'Lipputyyppi')).toBeVisible();
  await page.getByRole('combobox', { name: 'Lipputyyppi' }).click();
  await page.getByRole('option', { name: 'Muu, mikä?' }).click();
  await next(page);
  await expect(page.getByText('Kirjoita lippusi tyyppi')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByLabel('Määritä lipputyyppi').fill('Aitiopaikka');
  await page.getByRole('combobox', { name: 'Lippujen määrä' }).click();
  await page.getByRole('option', { name: '2', exact: true }).click();
  await next(page);

  await expect(stepHeading(page, /Paikkatiedot/)).toBeVisible();
  await page.getByRole('radio', { name: 'Kyllä' }).check();
  const seats = page.getByRole('group', { name: /Lippu \d/ });
  await expect(seats).toHaveCount(2);
  await expectNoA11yViolations(page);
  await seats.nth(0).getByLabel('Sektori').fill('A');
  await seats.nth(0).getByLabel('Paikka').fill('7');
  await next(page);
  await expect(
    page.getByText('Lipun 2 paikkatiedoista vähintään yksi kenttä (Sektori, Rivi tai Paikka) tulee täyttää'),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  await seats.nth(1).getByLabel('Paikka').fill('8');
  await next(page);

  await expect(stepHeading(page, 'Hintatiedot')).toBeVisible();
  await expect(page.getByText('Ilmoita hinnat kaikkien lippujen yhteishintoina.')).toBeVisible();
  await page.getByLabel('Alkuperäinen hinta').fill('159');
  await page.getByLabel('Myyntihinta').fill('170');
  await next(page);
  await expect(page.getByText('Myyntihinta ei voi olla korkeampi kuin alkuperäinen hinta')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByLabel('Myyntihinta').fill('150,5');
  await page.getByLabel('Alkuperäinen hinta').click();
  await expect(page.getByLabel('Myyntihinta')).toHaveValue('150,50');

  // The preview shows the seller's sums from the first price typed.
  if (isPhone(page)) await page.getByRole('button', { name: 'Näytä esikatselu' }).click();
  const preview = page.getByRole('region', { name: 'Lipun esikatselu' });
  await expect(preview.getByText('Kevätsoitto Areenakonsertti')).toBeVisible();
  await expect(preview.getByText('Lippu 2: Paikka 8')).toBeVisible();
  await expect(preview.getByText('155,02 €')).toBeVisible();
  await expect(preview.getByText('145,98 €')).toBeVisible();
  await expectNoA11yViolations(page);
  await next(page);
  await expect(stepHeading(page, 'Lipputiedot')).toBeVisible();

  // A reload keeps everything typed, and the step.
  // The draft is written 500 ms after the last change: wait until it holds the price.
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(sessionStorage).some(
          (key) =>
            key.startsWith('sell_draft:') && (sessionStorage.getItem(key) ?? '').includes('"activeStep":5'),
        ),
      ),
    )
    .toBe(true);
  await page.reload();
  await expect(stepHeading(page, 'Lipputiedot')).toBeVisible();
  await page.getByRole('button', { name: 'Edellinen' }).click();
  await expect(page.getByLabel('Myyntihinta')).toHaveValue('150,50');
  await next(page);

  await next(page);
  await expect(page.getByText('Vähintään yksi lipputiedosto vaaditaan')).toBeVisible();
  await expectNoA11yViolations(page);
  // The button opens the browser's file picker.
  const picker = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Valitse PDF-tiedostot' }).click();
  await (await picker).setFiles([await ticketPdf(1), await ticketPdf(2)]);
  await expect(page.getByText('lippu-1.pdf')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByLabel('Lisätiedot').fill('Hyvät paikat keskeltä.');
  await next(page);

  await expect(stepHeading(page, 'Vahvistus')).toBeVisible();
  const submit = page.getByRole('button', { name: 'Aseta myyntiin' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('IBAN-tilinumero').fill('fi2112345600000785');
  await expect(page.getByLabel('IBAN-tilinumero')).toHaveValue('FI21 1234 5600 0007 85');
  await expectNoA11yViolations(page);

  // The first time the terms are ticked, the tutorial comes first.
  // A click, not check(): the box stays empty until the tutorial is done.
  await page.getByRole('checkbox', { name: 'Hyväksyn käyttöehdot' }).click();
  const tutorial = page.getByRole('dialog');
  await expect(tutorial).toBeVisible();
  await expectNoA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(tutorial).toBeVisible();
  // The box lost the focus to the tutorial, not to the seller: no terms error behind the dialog.
  await expect(page.getByText('Käyttöehdot tulee hyväksyä')).toBeHidden();
  for (let step = 1; step < 6; step++) await tutorial.getByRole('button', { name: 'Seuraava' }).click();
  await expect(page.getByText('Käyttöehdot tulee hyväksyä')).toBeHidden();
  await tutorial.getByRole('button', { name: 'Aloita myynti' }).click();
  await expect(tutorial).toBeHidden();
  await expect(page.getByRole('checkbox', { name: 'Hyväksyn käyttöehdot' })).toBeChecked();
  await expectNoA11yViolations(page);

  await submit.click();
  await expect(page).toHaveURL('/lippu-asetettu-myyntiin', { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Kiitos! Lippusi on lähetetty tarkastettavaksi',
  );
  await expect(page.getByText('Kevätsoitto Areenakonsertti')).toBeVisible();
  await expect(page.getByText('2 kpl')).toBeVisible();
  await expectNoA11yViolations(page);

  // Stored as typed, waiting for review, and the draft is gone.
  const mine = await (await page.request.get('/api/listings/mine')).json();
  expect(mine.listings).toHaveLength(1);
  expect(mine.listings[0]).toMatchObject({
    status: 'pending',
    eventName: 'Kevätsoitto Areenakonsertti',
    ticketType: 'Aitiopaikka',
    ticketCount: 2,
    sellingPriceCents: 15050,
    originalPriceCents: 15900,
    seatInfo: [
      { sector: 'A', row: '', seat: '7' },
      { sector: '', row: '', seat: '8' },
    ],
    additionalInfo: 'Hyvät paikat keskeltä.',
  });
  expect(mine.listings[0].files).toHaveLength(2);
  await page.goto('/myy-lippu');
  await expect(page.getByRole('combobox', { name: 'Tapahtuman nimi' })).toHaveValue('');
});

test('a PDF that is not a ticket file is refused by its content, and the form keeps what was typed', async ({
  page,
}) => {
  await signUpFreshSeller(page);
  await page.goto('/myy-lippu');
  const name = page.getByRole('combobox', { name: 'Tapahtuman nimi' });
  await name.fill('Pihakonsertti Kalliossa');
  await page.getByLabel('Kaupunki').fill('Helsinki');
  await page.getByLabel('Tapahtumapaikka').fill('Kallion kirkko');
  await next(page);
  await expect(stepHeading(page, 'Aikatiedot')).toBeVisible();
  // The catalogue filled nothing here: a date and a time typed by hand.
  // A week from now: typed into the field on a desktop, chosen from the calendar on a phone.
  const inAWeek = new Date(Date.now() + 7 * 86_400_000);
  if (isPhone(page)) {
    await page.getByRole('button', { name: /^Valitse päivä/ }).click();
    const calendar = page.getByRole('dialog');
    if (inAWeek.getMonth() !== new Date().getMonth())
      await calendar.getByRole('button', { name: 'Seuraava kuukausi' }).click();
    await expect(calendar.getByRole('grid')).toBeVisible();
    await expectNoA11yViolations(page);
    await calendar
      .getByRole('gridcell', { name: String(inAWeek.getDate()), exact: true, disabled: false })
      .click();
    await calendar.getByRole('button', { name: 'OK' }).click();
    await expect(calendar).toBeHidden();
  } else {
    await page.getByRole('group', { name: 'Päivämäärä' }).getByRole('spinbutton').first().click();
    await page.keyboard.type(
      `${String(inAWeek.getDate()).padStart(2, '0')}${String(inAWeek.getMonth() + 1).padStart(2, '0')}${inAWeek.getFullYear()}`,
    );
  }
  if (isPhone(page)) {
    await page.getByRole('combobox', { name: 'Kellonaika: Tunnit' }).click();
    await page.getByRole('option', { name: '18' }).click();
    await page.getByRole('combobox', { name: 'Minuutit' }).click();
    await page.getByRole('option', { name: '30' }).click();
  } else {
    await page.getByRole('group', { name: 'Kellonaika' }).getByRole('spinbutton').first().click();
    await page.keyboard.type('1830');
  }
  await page.getByRole('radio', { name: 'Ei' }).check();
  await next(page);
  await expect(stepHeading(page, 'Lipputyyppi')).toBeVisible();
  // The date as typed or chosen, in the draft the form keeps.
  const pad2 = (n: number) => String(n).padStart(2, '0');
  const isoDay = `${inAWeek.getFullYear()}-${pad2(inAWeek.getMonth() + 1)}-${pad2(inAWeek.getDate())}`;
  await expect
    .poll(() =>
      page.evaluate(
        () => Object.entries(sessionStorage).find(([key]) => key.startsWith('sell_draft:'))?.[1] ?? '',
      ),
    )
    .toContain(`"eventDate":"${isoDay}"`);
  await page.getByRole('combobox', { name: 'Tapahtumatyyppi' }).click();
  await page.getByRole('option', { name: 'Konsertti' }).click();
  await page.getByRole('combobox', { name: 'Lipputyyppi' }).click();
  await page.getByRole('option', { name: 'Peruslippu' }).click();
  await next(page);
  await page.getByRole('radio', { name: 'Ei' }).check();
  await next(page);
  await page.getByLabel('Alkuperäinen hinta').fill('25');
  await page.getByLabel('Myyntihinta').fill('20');
  await next(page);
  await page.locator('input[type=file]').setInputFiles({
    name: 'lippu.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('<!doctype html><html><body>Tämä ei ole lippu</body></html>'),
  });
  await next(page);
  await page.getByLabel('IBAN-tilinumero').fill('FI2112345600000785');
  // A click, not check(): the box stays empty until the tutorial is done.
  await page.getByRole('checkbox', { name: 'Hyväksyn käyttöehdot' }).click();
  const tutorial = page.getByRole('dialog');
  for (let step = 1; step < 6; step++) await tutorial.getByRole('button', { name: 'Seuraava' }).click();
  await tutorial.getByRole('button', { name: 'Aloita myynti' }).click();
  await page.getByRole('button', { name: 'Aseta myyntiin' }).click();

  await expect(stepHeading(page, 'Lipputiedot')).toBeVisible();
  await expect(page.getByText('Vain PDF-tiedostot ovat sallittuja').first()).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Edellinen' }).click();
  await expect(page.getByLabel('Myyntihinta')).toHaveValue('20,00');
  const mine = await (await page.request.get('/api/listings/mine')).json();
  expect(mine.listings).toHaveLength(0);
});

test('tickets for an event an admin has cancelled are refused, and the wizard shows why at the event name', async ({
  page,
  playwright,
  baseURL,
}) => {
  // Another seller's listing of the event, by which the admin cancels it.
  const other = await playwright.request.newContext({ baseURL });
  await signUpNewUser(other, 'peruttu');
  const eventName = `Peruttu kesäkonsertti ${test.info().project.name} ${randomUUID().slice(0, 6)}`;
  const cancelledBy = await createPendingListing(other, eventName);
  await other.dispose();
  const admin = await openAdminApi(playwright, baseURL);
  const cancelled = await admin.post('/api/admin/event-cancellations', {
    data: { listingIds: [cancelledBy.id], reason: 'Esiintyjä sairastui' },
  });
  expect(cancelled.status()).toBe(201);
  await admin.dispose();

  // The seller has typed the event (in capitals) and come to the files: the draft a reload keeps.
  await signUpFreshSeller(page);
  const { uid } = (await (await page.request.get('/api/me')).json()) as { uid: string };
  const formData = sellFormDraft({
    eventName: eventName.toUpperCase(),
    eventImage: '',
    imageSource: null,
    eventDate: helsinkiDate(new Date(cancelledBy.eventDate)),
    eventTime: '18:00',
    iban: '',
    termsAccepted: false,
  });

  const draft = { formData, activeStep: 5, completedSteps: [0, 1, 2, 3, 4], submissionId: randomUUID() };
  await page.goto('/');
  await page.evaluate(({ key, value }) => sessionStorage.setItem(key, value), {
    key: `sell_draft:${uid}`,
    value: JSON.stringify(draft),
  });
  await page.goto('/myy-lippu');
  await expect(stepHeading(page, 'Lipputiedot')).toBeVisible();
  await page.locator('input[type=file]').setInputFiles(await ticketPdf(1));
  await next(page);
  await page.getByLabel('IBAN-tilinumero').fill('FI2112345600000785');
  await page.getByRole('checkbox', { name: 'Hyväksyn käyttöehdot' }).click();
  const tutorial = page.getByRole('dialog');
  for (let step = 1; step < 6; step++) await tutorial.getByRole('button', { name: 'Seuraava' }).click();
  await tutorial.getByRole('button', { name: 'Aloita myynti' }).click();
  await page.getByRole('button', { name: 'Aseta myyntiin' }).click();

  // Back at the event, the reason under its name; nothing was put on sale.
  await expect(stepHeading(page, 'Tapahtumatiedot')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Tapahtuman nimi' })).toHaveAccessibleDescription(
    sellingMessages.eventCancelled,
  );
  // The pointer still rests where 'Aseta myyntiin' was, now on a hovered 'Seuraava': check the page
  // as it is read, not the hover (its contrast is the theme's, seen in no other journey).
  await page.mouse.move(0, 0);
  await expectNoA11yViolations(page);
  const mine = await (await page.request.get('/api/listings/mine')).json();
  expect(mine.listings).toHaveLength(0);
});

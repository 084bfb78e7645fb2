import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page, PlaywrightWorkerArgs } from '@playwright/test';
import sharp from 'sharp';
import { demoAdmin, demoAdminAccessKey, demoBuyer, logIn, openAdminArea } from './support/demo-accounts.ts';
import { waitForMail } from './support/dev-mailbox.ts';
import {
  collectPageErrors,
  expect,
  expectNoA11yViolations,
  gotoFirstPaint,
  openWithAppHeld,
  test,
} from './support/fixtures.ts';
import { createPendingListing, openAdminApi, signUpNewUser } from './support/test-data.ts';

// The admin area's entry and listing review (spec 01 §2 "Admin entry guard", spec 02 §2 "Admin
// panel", §4 "Admin approval", "Admin rejection", §5 "Admin rules"): who sees the 404 page, the
// access key, approving and rejecting with the seller's mail, a new picture, the PDF viewer.
//
// The journeys run beside the other specs on one demo database, phone and desktop at once: each
// reviews only listings it made itself, by a seller of its own, dated late in the year so that
// the first pages of the public list stay as the other specs read them.

interface Seller {
  email: string;
  request: APIRequestContext;
}

/** A new seller, signed in on a request context of their own (the page is the admin's). */
async function freshSeller(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string): Promise<Seller> {
  const request = await playwright.request.newContext({ baseURL });
  const { email } = await signUpNewUser(request, 'tarkastus');
  return { email, request };
}

/** A name no other journey or run uses. */
function uniqueEventName(what: string): string {
  return `Ylläpitotesti ${what} ${test.info().project.name} ${randomUUID().slice(0, 8)}`;
}

const card = (page: Page, eventName: string): Locator => page.getByRole('article', { name: eventName });

/** The page image has loaded, wider than the phone's screen is (it is drawn for a sharp view). */
async function expectPageDrawn(image: Locator) {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0)))
    .toBeGreaterThan(390);
}

const notFoundHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: '404 error, page not found' });

test('a visitor and a signed-in user who is not an admin meet the 404 page at /admin', async ({ page }) => {
  await page.goto('/admin');
  await expect(notFoundHeading(page)).toBeVisible();
  await expect(page.getByText('ADMIN AREA - Restricted Access')).toHaveCount(0);
  // The admin area is not for search engines.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

  await logIn(page, demoBuyer);
  await page.goto('/admin');
  await expect(notFoundHeading(page)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The server says the same to the area's calls.
  expect((await page.request.get('/api/admin/listings?status=pending')).status()).toBe(404);
  await expectNoA11yViolations(page);
});

test('the access key: Cancel leads home, a wrong key is refused, the right one opens the area for the day', async ({
  page,
}) => {
  await logIn(page, demoAdmin);
  await page.goto('/admin');
  const dialog = page.getByRole('dialog', { name: 'Admin Access Required' });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL('/');

  await page.goto('/admin');
  const key = dialog.getByLabel('Access Key');
  await key.fill('väärä-avain');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Invalid access key')).toBeVisible();
  await expect(key).toHaveAttribute('aria-invalid', 'true');
  await expectNoA11yViolations(page);

  await key.fill(demoAdminAccessKey);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('ADMIN AREA - Restricted Access')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Ylläpitopaneeli' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Hyväksyttävät liput \(\d+\)$/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('tab', { name: 'Maksuseuranta' })).toBeVisible();
  await expect(page).toHaveTitle('Ylläpitopaneeli – Lipputori');

  // The chosen tab lives in the address: a reload keeps it, and the cookie keeps the area open.
  await page.getByRole('tab', { name: 'Tapahtumaloki' }).click();
  await expect(page).toHaveURL('/admin?tab=loki');
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Tapahtumaloki' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { level: 2, name: 'Tapahtumaloki' })).toBeVisible();
  // Its own unlocking is in the log.
  await expect(page.getByText('Avasi ylläpitopaneelin').first()).toBeVisible();
  await expectNoA11yViolations(page);

  // When the cookie is gone (its day is over), the next call's 404 brings the dialog back.
  await page.context().clearCookies({ name: 'lt_admin_access' });
  await page.getByRole('tab', { name: /^Hyväksyttävät liput/ }).click();
  await page.getByRole('tab', { name: 'Tapahtumaloki' }).click();
  await expect(dialog).toBeVisible();
});

test('an admin with access opening /admin gets the area, its calls started with the page and made once', async ({
  page,
}) => {
  await openAdminArea(page);
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    if (pathname === '/api/me' || pathname.startsWith('/api/admin/')) calls.push(`${pathname}${search}`);
  });
  await page.goto('/admin');
  await expect(page.getByText('ADMIN AREA - Restricted Access')).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Hyväksyttävät liput \(\d+\)$/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  // The server started them with the page, and sent the listings in it (decision 029); the app
  // used those answers.
  expect(calls.sort()).toEqual(['/api/admin/access', '/api/me']);
});

test('an admin with access gets the area drawn by the server, and the app takes it over as it is', async ({
  page,
  playwright,
  baseURL,
}) => {
  const seller = await freshSeller(playwright, baseURL ?? '');
  const eventName = uniqueEventName('piirretty');
  await createPendingListing(seller.request, eventName);
  await openAdminArea(page);
  // Whether the 404 page was ever on the screen: it stands in only while nobody knows who asks.
  await page.addInitScript(() => {
    const seen = window as unknown as { sawNotFound: boolean };
    seen.sawNotFound = false;
    new MutationObserver(() => {
      if (document.querySelector('h1[lang="en"]')) seen.sawNotFound = true;
    }).observe(document, { childList: true, subtree: true });
  });
  const errors = collectPageErrors(page);

  // Before any of the app's code has run: the banner, the selected tab and the card are there.
  const app = await openWithAppHeld(page, '/admin');
  await expect(page.getByText('ADMIN AREA - Restricted Access')).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Hyväksyttävät liput \(\d+\)$/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(card(page, eventName)).toContainText(seller.email);
  await expect(page).toHaveTitle('Ylläpitopaneeli – Lipputori');
  app.start();

  await expect(page.locator('html[data-live]')).toBeAttached();
  await expect(card(page, eventName).getByRole('button', { name: 'Hyväksy', exact: true })).toBeEnabled();
  // Live: the tabs answer.
  await page.getByRole('tab', { name: 'Tapahtumaloki' }).click();
  await expect(page).toHaveURL(/\?tab=loki$/);
  expect(await page.evaluate(() => (window as unknown as { sawNotFound: boolean }).sawNotFound)).toBe(false);
  expect(errors).toEqual([]);
});

test('approving a pending listing puts it on sale and tells the seller by mail', async ({
  page,
  playwright,
  baseURL,
}) => {
  const seller = await freshSeller(playwright, baseURL ?? '');
  const eventName = uniqueEventName('hyväksyntä');
  const listing = await createPendingListing(seller.request, eventName, {
    additionalInfo: 'Luotu ylläpidon testiä varten.',
  });

  await openAdminArea(page);
  await page.goto('/admin');
  const pending = card(page, eventName);
  await expect(pending).toBeVisible();
  await expect(pending.getByText('1 lippu')).toBeVisible();
  await expect(pending).toContainText('Helsingin Areena, Helsinki');
  await expect(pending).toContainText('Peruslippu');
  await expect(pending).toContainText('Luotu ylläpidon testiä varten.');
  // The prices: the fee of both sides together, and what the seller is paid.
  await expect(pending).toContainText('Ostaja maksaa46,35 €');
  await expect(pending).toContainText('Palvelumaksut (3 % + 3 %)2,70 €');
  await expect(pending).toContainText('Myyjälle tilitetään43,65 €');
  await expect(pending).toContainText(seller.email);
  // Stored as 'testi myyjä', shown (and read aloud, and copied) capitalised.
  await expect(pending).toContainText('Testi Myyjä');
  await expect(pending).toContainText('FI21 1234 5600 0007 85');
  await expect(pending).toContainText('lippu-1.pdf: 1 viivakoodi');
  await expectNoA11yViolations(page);

  await pending.getByRole('button', { name: 'Hyväksy', exact: true }).click();
  await expect(pending).toHaveCount(0);
  await expect(page.getByText(`Lippu hyväksytty myyntiin: ${eventName}`)).toBeVisible();

  const mail = await waitForMail(page.request, seller.email, { text: eventName });
  await gotoFirstPaint(page, '/dev/posti');
  await expect(
    page.getByRole('article').filter({ hasText: seller.email }).getByRole('heading', { name: mail.subject }),
  ).toBeVisible();

  // On sale: the home page finds it.
  await page.goto(`/?searchTerm=${encodeURIComponent(eventName)}`);
  await expect(page.getByRole('heading', { level: 3, name: eventName })).toBeVisible();
  await page.goto(`/liput/${listing.id}`);
  await expect(page.getByRole('heading', { level: 1, name: eventName })).toBeVisible();
});

test('rejecting asks for a reason, which the seller gets by mail', async ({ page, playwright, baseURL }) => {
  const seller = await freshSeller(playwright, baseURL ?? '');
  const eventName = uniqueEventName('hylkäys');
  await createPendingListing(seller.request, eventName);

  await openAdminArea(page);
  await page.goto('/admin');
  const pending = card(page, eventName);
  await pending.getByRole('button', { name: 'Hylkää', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Hylkää lippu' });
  const reason = dialog.getByLabel('Hylkäyksen syy');
  await expect(reason).toHaveAttribute('placeholder', 'Esim: Lippu ei täytä laatuvaatimuksia...');
  const confirm = dialog.getByRole('button', { name: 'Hylkää', exact: true });
  await expect(confirm).toBeDisabled();
  // Blanks are no reason.
  await reason.fill('   ');
  await expect(confirm).toBeDisabled();
  const why = `Lipun viivakoodi ei ole luettavissa (${randomUUID().slice(0, 6)})`;
  await reason.fill(why);
  await expect(confirm).toBeEnabled();
  await expectNoA11yViolations(page);
  await confirm.click();
  await expect(dialog).toBeHidden();
  await expect(pending).toHaveCount(0);

  const mail = await waitForMail(page.request, seller.email, { text: why });
  expect(mail.text).toContain(eventName);
  // What was done is in the log, with the reason.
  await page.getByRole('tab', { name: 'Tapahtumaloki' }).click();
  await expect(page.getByText(why).first()).toBeVisible();
});

test('a category picture replaces the listing picture', async ({ page, playwright, baseURL }) => {
  const seller = await freshSeller(playwright, baseURL ?? '');
  const eventName = uniqueEventName('kuva');
  await createPendingListing(seller.request, eventName);

  await openAdminArea(page);
  await page.goto('/admin');
  const pending = card(page, eventName);
  await pending.getByRole('button', { name: 'Vaihda kuva' }).click();
  const dialog = page.getByRole('dialog', { name: /Vaihda kuva/ });
  await expect(dialog.getByRole('tab', { name: 'Kategoriakuvat' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByRole('tab', { name: 'Ladatut kuvat' })).toBeVisible();
  const update = dialog.getByRole('button', { name: 'Päivitä kuva' });
  await expect(update).toBeDisabled();

  const choice = dialog.getByRole('button', { name: 'Urheilu, kuva 2' });
  await choice.click();
  await expect(choice).toHaveAttribute('aria-pressed', 'true');
  await expect(update).toBeEnabled();
  await expectNoA11yViolations(page);
  const chosenUrl = await choice.locator('img').getAttribute('src');
  await update.click();
  await expect(dialog).toBeHidden();
  await expect(pending.locator('img').first()).toHaveAttribute('src', chosenUrl ?? '');

  // A file that is no picture is refused before it is sent.
  await pending.getByRole('button', { name: 'Vaihda kuva' }).click();
  await dialog.getByRole('tab', { name: 'Ladatut kuvat' }).click();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'lippu.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4'),
  });
  await expect(dialog.getByText('Please select a valid image file')).toBeVisible();
  await expectNoA11yViolations(page);
  await expect(update).toBeDisabled();

  // A picture of its own: sent, turned into WebP, and shown on the card.
  const png = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#2a6f97' } })
    .png()
    .toBuffer();
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'oma-kuva.png', mimeType: 'image/png', buffer: png });
  await expect(dialog.getByText('Valittu tiedosto: oma-kuva.png')).toBeVisible();
  await expect(dialog.getByText('Please select a valid image file')).toHaveCount(0);
  await expectNoA11yViolations(page);
  await update.click();
  await expect(dialog).toBeHidden();
  await expect(pending.locator('img').first()).toHaveAttribute('src', /^\/kuvat\/ladatut\/.+\.webp$/);
});

test('the PDF viewer: several files are listed, each to view or download; one opens straight', async ({
  page,
  playwright,
  baseURL,
}) => {
  const seller = await freshSeller(playwright, baseURL ?? '');
  const two = uniqueEventName('kaksi PDF');
  const one = uniqueEventName('yksi PDF');
  await createPendingListing(seller.request, two, { fileCount: 2 });
  await createPendingListing(seller.request, one);

  await openAdminArea(page);
  await page.goto('/admin');
  // The badge counts tickets in one way, one or many.
  await expect(card(page, two).getByText('2 lippua', { exact: true })).toBeVisible();
  await expect(card(page, one).getByText('1 lippu', { exact: true })).toBeVisible();
  await card(page, two).getByRole('button', { name: 'Näytä PDF' }).click();
  const list = page.getByRole('dialog', { name: /Lipputiedostot/ });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('link', { name: 'Lataa kaikki' })).toBeVisible();
  await expectNoA11yViolations(page);

  await list.getByRole('button', { name: /^Näytä .*2\.pdf$/ }).click();
  // The page is an image the server drew, so every browser shows it (a phone's does not draw a
  // framed PDF, headless Chromium saves one).
  const viewer = page.getByRole('dialog');
  const firstPage = viewer.getByRole('img', { name: 'Sivu 1 / 1' });
  await expectPageDrawn(firstPage);
  await expectNoA11yViolations(page);

  // The way out is there on every screen: a tab of its own, or the file itself.
  const fileUrl = await viewer.getByRole('link', { name: 'Avaa uudessa välilehdessä' }).getAttribute('href');
  expect(fileUrl).toMatch(/^\/api\/tickets\/[^/]+\/files\/[^/]+$/);
  expect((await page.request.get(fileUrl ?? '')).headers()['content-type']).toBe('application/pdf');
  const downloading = page.waitForEvent('download');
  await viewer.getByRole('link', { name: 'Lataa PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/2\.pdf$/);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  await viewer.getByRole('button', { name: 'Takaisin tiedostoihin' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await list.getByRole('button', { name: 'Sulje' }).click();

  await card(page, one).getByRole('button', { name: 'Näytä PDF' }).click();
  await expectPageDrawn(page.getByRole('dialog').getByRole('img', { name: 'Sivu 1 / 1' }));
  await expect(page.getByRole('button', { name: 'Takaisin tiedostoihin' })).toHaveCount(0);
});

test('when another admin decided first, the second is told so and the card goes', async ({
  page,
  otherPage,
  playwright,
  baseURL,
}) => {
  const seller = await freshSeller(playwright, baseURL ?? '');
  const eventName = uniqueEventName('kilpa');
  await createPendingListing(seller.request, eventName);

  await openAdminArea(page);
  await openAdminArea(otherPage);
  await page.goto('/admin');
  await otherPage.goto('/admin');
  await expect(card(otherPage, eventName)).toBeVisible();

  await card(page, eventName).getByRole('button', { name: 'Hyväksy', exact: true }).click();
  await expect(card(page, eventName)).toHaveCount(0);

  // The other admin's list is older: their approval loses, and they are told why.
  await card(otherPage, eventName).getByRole('button', { name: 'Hyväksy', exact: true }).click();
  const failure = otherPage.getByRole('alert').filter({ hasText: 'Failed to approve ticket' });
  await expect(failure).toContainText(
    'Lippu ei enää odota tarkistusta: toinen ylläpitäjä ehti käsitellä sen tai myyjä poisti sen.',
  );
  await expect(card(otherPage, eventName)).toHaveCount(0);
  await expectNoA11yViolations(otherPage);
});

test('a listing of an event cancelled after it came in is flagged on its card', async ({
  page,
  playwright,
  baseURL,
}) => {
  const seller = await freshSeller(playwright, baseURL ?? '');
  const eventName = uniqueEventName('peruttu');
  const otherEvent = uniqueEventName('ei peruttu');
  // A listing of the event on sale, by which the admin cancels it; one more came in after the admin
  // had looked the event up. (One card of the event at a time: the other journeys read this list.)
  const chosen = await createPendingListing(seller.request, eventName);
  const admin = await openAdminApi(playwright, baseURL);
  expect((await admin.post(`/api/admin/listings/${chosen.id}/approve`)).ok()).toBe(true);
  const late = await createPendingListing(seller.request, eventName);
  await createPendingListing(seller.request, otherEvent);
  const cancelled = await admin.post('/api/admin/event-cancellations', {
    data: { listingIds: [chosen.id], reason: 'Esiintyjä sairastui' },
  });
  expect(cancelled.status()).toBe(201);
  await admin.dispose();
  // The job takes the chosen one off sale; the late one is in no cancellation and still waits.
  await expect
    .poll(async () => (await (await seller.request.get(`/api/listings/${chosen.id}`)).json()).listing.status)
    .toBe('removed');

  await openAdminArea(page);
  await page.goto('/admin');
  const flagged = card(page, eventName);
  await expect(flagged).toHaveCount(1);
  await expect(flagged.getByText('Tapahtuma on peruttu')).toBeVisible();
  await expect(card(page, otherEvent)).toBeVisible();
  await expect(card(page, otherEvent).getByText('Tapahtuma on peruttu')).toHaveCount(0);
  await expectNoA11yViolations(page);
  // The reviewer turns it down.
  await flagged.getByRole('button', { name: 'Hylkää', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Hylkää lippu' });
  await dialog.getByLabel('Hylkäyksen syy').fill('Tapahtuma on peruttu');
  await dialog.getByRole('button', { name: 'Hylkää', exact: true }).click();
  await expect(flagged).toHaveCount(0);
  await expect
    .poll(async () => (await (await seller.request.get(`/api/listings/${late.id}`)).json()).listing.status)
    .toBe('rejected');
  await seller.request.dispose();
});

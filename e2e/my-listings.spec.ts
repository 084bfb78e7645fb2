import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { TicketCard } from '../src/shared/browsing/public-list.schema.ts';
import type { SellerListing } from '../src/shared/listings/seller-listing.schema.ts';
import { formatEuros } from '../src/shared/money.ts';
import { calculatePrices } from '../src/shared/pricing.ts';
import { demoBuyer, demoSeller, logIn } from './support/demo-accounts.ts';
import {
  collectPageErrors,
  expect,
  expectNoA11yViolations,
  holdMessage,
  isPhone,
  test,
} from './support/fixtures.ts';
import { sharedData, stubShareSheet } from './support/share-sheet.ts';
import { createPendingListing, signUpNewUser } from './support/test-data.ts';

// The seller's own listings (spec 02 §2 "Profile, listing tabs", "Edit screen"; §4 "Removal",
// "Edit"): the profile tab's groups, editing, removal from sale, deleting a listing under review,
// and another user's edit page.
//
// The journeys run beside the other specs on one demo database. What they change is their own:
// the deleted listing belongs to a user made for the test, and the edited and removed ones are
// demo seller listings no other spec picks, each project its own (phone and desktop run at once),
// all dated late so that the first pages of the public list stay as other specs read them.

/** The demo seller's listed tickets each project changes; no other spec uses them. */
function ownTargets(page: Page): { edit: string; remove: string } {
  return isPhone(page)
    ? { edit: 'Matkamessut 2027', remove: 'Saaristorock 2027' }
    : { edit: 'Salibandyn SM-finaali', remove: 'Kaupunkifestivaali Virta' };
}

async function myListings(request: APIRequestContext): Promise<SellerListing[]> {
  const response = await request.get('/api/listings/mine');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { listings: SellerListing[] }).listings;
}

async function ownListed(request: APIRequestContext, eventName: string): Promise<SellerListing> {
  const found = (await myListings(request)).find(
    (listing) => listing.eventName === eventName && listing.status === 'listed',
  );
  if (!found) throw new Error(`the demo seller has no listed ${eventName}`);
  return found;
}

async function publicIds(request: APIRequestContext): Promise<string[]> {
  const response = await request.get('/api/tickets?pageSize=48');
  return ((await response.json()) as { items: TicketCard[] }).items.map((item) => item.id);
}

const group = (page: Page, name: 'Aktiiviset' | 'Myydyt' | 'Päättyneet') =>
  page.getByRole('region', { name: new RegExp(`^${name} \\(\\d+\\)$`) });

const card = (scope: Page | Locator, eventName: string) =>
  scope.getByRole('article', { name: eventName, exact: true });

test('the tab groups the listings: active, sold and ended, with what each allows', async ({ page }) => {
  await logIn(page, demoSeller);
  const all = await myListings(page.request);
  const first = (status: SellerListing['status']) => {
    const found = all.find((listing) => listing.status === status);
    if (!found) throw new Error(`the demo seller has no ${status} listing`);
    return found;
  };
  const listed = first('listed');
  const pending = first('pending');
  const sold = first('sold');
  const expired = first('expired');
  const rejected = first('rejected');
  const removed = first('removed');

  // The device's share sheet on the phone, the clipboard on the desktop: both kept for the test.
  await stubShareSheet(page, isPhone(page));

  // The tab comes drawn by the server (decision 029), and the app takes it over without a mismatch.
  const errors = collectPageErrors(page);
  await page.goto('/profiili?tab=1');
  await expect(page.locator('html[data-live]')).toBeAttached();
  const headings = page.getByRole('tabpanel').getByRole('heading', { level: 2 });
  await expect(headings).toHaveText([/^Aktiiviset/, /^Myydyt/, /^Päättyneet/]);

  const active = group(page, 'Aktiiviset');
  const listedCard = card(active, listed.eventName).first();
  await expect(listedCard.getByText('Myynnissä', { exact: true })).toBeVisible();
  await expect(listedCard.getByTestId('event-countdown')).toHaveText(
    /^Tapahtumaan aikaa: (\d+ pv \d+ h|\d+ h \d+ min|\d+ min)$/,
  );
  await expect(listedCard).toContainText(`Ostaja maksaa${formatEuros(listed.listingPriceCents)}`);
  await expect(listedCard).toContainText(`Sinulle tilitetään${formatEuros(listed.sellerReceivableCents)}`);
  await expect(listedCard.getByRole('link', { name: 'Muokkaa' })).toHaveAttribute(
    'href',
    `/muokkaa/${listed.id}`,
  );
  await expect(listedCard.getByRole('button', { name: 'Poista myynnistä' })).toBeVisible();

  // Listed before pending: the server's order is kept.
  const activeNames = await active.getByRole('heading', { level: 3 }).allTextContents();
  expect(activeNames.indexOf(listed.eventName)).toBeLessThan(activeNames.indexOf(pending.eventName));
  const pendingCard = card(active, pending.eventName);
  await expect(pendingCard.getByText('Tarkastettavana', { exact: true })).toBeVisible();
  await expect(pendingCard.getByRole('button', { name: 'Poista', exact: true })).toBeVisible();
  await expect(pendingCard.getByRole('button', { name: 'Poista myynnistä' })).toHaveCount(0);
  await expect(pendingCard.getByTestId('event-countdown')).toHaveCount(0);

  const soldCard = card(group(page, 'Myydyt'), sold.eventName);
  await expect(soldCard.getByText('Myyty', { exact: true })).toBeVisible();
  await expect(soldCard.getByRole('button')).toHaveCount(0);

  const ended = group(page, 'Päättyneet');
  await expect(card(ended, expired.eventName).getByText('Päättynyt', { exact: true })).toBeVisible();
  await expect(
    card(ended, removed.eventName).getByText('Poistettu myynnistä', { exact: true }),
  ).toBeVisible();
  const rejectedCard = card(ended, rejected.eventName);
  await expect(rejectedCard.getByText('Hylätty', { exact: true })).toBeVisible();
  await expect(rejectedCard).toContainText(`Hylkäyksen syy: ${rejected.rejectionReason}`);
  await expectNoA11yViolations(page);

  await listedCard.getByRole('button', { name: 'Jaa' }).click();
  const shareUrl = `${new URL(page.url()).origin}/liput/jaa/${listed.id}`;
  if (isPhone(page)) {
    await expect.poll(() => sharedData(page)).toEqual([{ title: listed.eventName, url: shareUrl }]);
  } else {
    await expect(page.getByText('Linkki kopioitu leikepöydälle')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shareUrl);
  }
  expect(errors).toEqual([]);
});

test('the seller edits the price and the info, and the ticket page shows the new price', async ({ page }) => {
  // A clock the test can stop: the saved message is checked before it clears itself.
  await page.clock.install();
  await logIn(page, demoSeller);
  const target = await ownListed(page.request, ownTargets(page).edit);
  const newCents = target.sellingPriceCents - 100;
  const euros = Math.floor(newCents / 100);
  const cents = String(newCents % 100).padStart(2, '0');
  const info = `Rivi 5, vierekkäiset paikat (${test.info().project.name})`;

  await page.goto('/profiili?tab=1');
  await card(group(page, 'Aktiiviset'), target.eventName).getByRole('link', { name: 'Muokkaa' }).click();
  await expect(page).toHaveURL(`/muokkaa/${target.id}`);
  await expect(page).toHaveTitle('Muokkaa lippua – Lipputori');
  await expect(page.getByRole('heading', { level: 1, name: 'Muokkaa lippua' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Lipun tiedot' });
  await expect(form).toContainText(target.eventName);
  await expect(form).toContainText(`Alkuperäinen hinta${formatEuros(target.originalPriceCents)}`);
  await expect(form).toContainText(`Lipusta jo maksetut kulut${formatEuros(target.additionalFeesCents)}`);
  await expect(form.getByRole('link', { name: 'Näytä lippu' }).first()).toHaveAttribute(
    'href',
    new RegExp(`^/api/tickets/${target.id}/files/[^/?]+$`),
  );
  await expect(form.getByRole('link', { name: 'Lataa lippu' }).first()).toBeVisible();
  await expect(form.getByText(/Lipputiedostoa ei voi vaihtaa/)).toBeVisible();
  const save = form.getByRole('button', { name: 'Tallenna muutokset' });
  await expect(save).toBeDisabled();
  await expectNoA11yViolations(page);

  // Typing: only digits and separators stay, the comma as a dot; leaving: two decimals.
  const price = form.getByLabel(/^Myyntihinta/);
  await price.fill('');
  await price.pressSequentially(`${euros}a,${cents}`);
  await expect(price).toHaveValue(`${euros}.${cents}`);
  const breakdown = form.getByTestId('price-breakdown-seller');
  const expected = calculatePrices(newCents, target.additionalFeesCents);
  await expect(breakdown).toContainText(`Ostaja maksaa${formatEuros(expected.listingPriceCents)}`);
  await expect(breakdown).toContainText(`Sinulle tilitetään${formatEuros(expected.sellerReceivableCents)}`);
  await price.blur();
  await expect(price).toHaveValue(`${euros},${cents}`);

  // An invalid price is cleared on leaving, and the empty field says so.
  await price.fill('1.2.3');
  await price.blur();
  await expect(price).toHaveValue('');
  await expect(price).toHaveAccessibleDescription('Myyntihinta ei voi olla tyhjä');
  await expect(save).toBeDisabled();
  await price.fill(`${(target.originalPriceCents + 100) / 100}`);
  await price.blur();
  await expect(price).toHaveAccessibleDescription(
    'Myyntihinta ei voi olla korkeampi kuin alkuperäinen hinta',
  );
  await expect(form.getByText('Hinnat lasketaan, kun myyntihinta on kelvollinen.')).toBeVisible();
  await expectNoA11yViolations(page);

  await price.fill(`${euros},${cents}`);
  await price.blur();
  const infoField = form.getByLabel('Lisätiedot');
  await infoField.fill(info);
  await expect(infoField).toHaveAccessibleDescription(`${info.length}/300`);
  const saved = page.getByText('Lippu päivitetty onnistuneesti');
  await holdMessage(page, saved, () => save.click());
  await expect(save).toBeDisabled();
  await expectNoA11yViolations(page, { pageTimeStopped: true });
  // Messages clear by themselves after 3 s.
  await page.clock.resume();
  await expect(saved).toBeHidden();

  await page.goto(`/liput/${target.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(target.eventName);
  await expect(page.getByTestId('ticket-price')).toHaveText(formatEuros(expected.listingPriceCents));
  await expect(page.getByText(info)).toBeVisible();
});

test('a listing removed with its own reason moves to the ended ones and leaves the public list', async ({
  page,
}) => {
  await logIn(page, demoSeller);
  const target = await ownListed(page.request, ownTargets(page).remove);
  expect(await publicIds(page.request)).toContain(target.id);

  await page.goto('/profiili?tab=1');
  await card(group(page, 'Aktiiviset'), target.eventName)
    .getByRole('button', { name: 'Poista myynnistä' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Poista lippu myynnistä' });
  const confirm = dialog.getByRole('button', { name: 'Poista myynnistä' });
  await expect(dialog.getByRole('radio')).toHaveCount(7);
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('radio', { name: 'Muu', exact: true }).check();
  const reason = dialog.getByLabel(/^Kerro syy/);
  await expect(reason).toBeVisible();
  await expect(confirm).toBeDisabled();
  await reason.fill('Tapahtuma siirtyi, en pääse paikalle');
  await expect(confirm).toBeEnabled();
  await expectNoA11yViolations(page);
  await confirm.click();

  await expect(dialog).toBeHidden();
  await expect(page.getByText('Lippu poistettu myynnistä', { exact: true })).toBeVisible();
  const moved = card(group(page, 'Päättyneet'), target.eventName);
  await expect(moved.getByText('Poistettu myynnistä', { exact: true })).toBeVisible();
  await expect(moved.getByRole('button')).toHaveCount(0);
  await expect(card(group(page, 'Aktiiviset'), target.eventName)).toHaveCount(0);

  expect(await publicIds(page.request)).not.toContain(target.id);
  await page.goto(`/?searchTerm=${encodeURIComponent(target.eventName.split(' ')[0] ?? '')}`);
  await expect(page.locator('#tickets').getByRole('heading', { level: 3 }).first()).toBeVisible();
  await expect(page.locator(`#tickets a[href="/liput/${target.id}"]`)).toHaveCount(0);

  // Its edit page no longer offers changes.
  await page.goto(`/muokkaa/${target.id}`);
  await expect(page.getByText('Lippu on poistettu myynnistä, joten sitä ei voi enää muokata.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tallenna muutokset' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Poista lippu myynnistä' })).toHaveCount(0);
});

test('a listing under review is deleted after a confirmation; a failure says so', async ({ page }) => {
  // A user of its own, signed in on the page, with one listing under review.
  await signUpNewUser(page.request, 'poisto');
  const pending = await createPendingListing(page.request, 'Poistettava testikonsertti');

  await page.goto('/profiili?tab=1');
  const pendingCard = card(group(page, 'Aktiiviset'), pending.eventName);
  await expect(pendingCard.getByText('Tarkastettavana', { exact: true })).toBeVisible();
  await expect(pendingCard.getByRole('link', { name: 'Muokkaa' })).toHaveAttribute(
    'href',
    `/muokkaa/${pending.id}`,
  );
  await pendingCard.getByRole('button', { name: 'Poista', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Poistetaanko lippu?' });
  await expect(dialog).toContainText(pending.eventName);
  await expectNoA11yViolations(page);

  // The server fails once.
  await page.route(`**/api/listings/${pending.id}`, (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'Palvelu alhaalla' } } })
      : route.fallback(),
  );
  await dialog.getByRole('button', { name: 'Poista lippu' }).click();
  await expect(dialog.getByText('Lipun poistaminen epäonnnistui')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.unroute(`**/api/listings/${pending.id}`);

  await dialog.getByRole('button', { name: 'Poista lippu' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Lippu poistettu', { exact: true })).toBeVisible();
  await expect(page.getByText('Sinulla ei ole vielä myynti-ilmoituksia.')).toBeVisible();
  await expectNoA11yViolations(page);
  await expect(page.getByRole('tabpanel').getByRole('link', { name: 'Myy lippu' })).toHaveAttribute(
    'href',
    '/myy-lippu',
  );
  expect(await myListings(page.request)).toEqual([]);
});

test('another user cannot open the edit page; a missing listing is said to be missing', async ({ page }) => {
  await logIn(page, demoSeller);
  const [listing] = await myListings(page.request);
  if (!listing) throw new Error('the demo seller has no listings');
  await logIn(page, demoBuyer);

  await page.goto(`/muokkaa/${listing.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Muokkaa lippua' })).toBeVisible();
  await expect(page.getByText('Ei käyttöoikeutta tähän lippuun')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Lipun tiedot' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Takaisin' })).toHaveAttribute('href', '/profiili?tab=1');
  await expectNoA11yViolations(page);

  await page.goto('/muokkaa/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Lippua ei löytynyt')).toBeVisible();
  await expectNoA11yViolations(page);
});

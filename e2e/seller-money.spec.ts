import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import type { AdminSale } from '../src/shared/admin/payouts.schema.ts';
import { addDays, finnishDate, helsinkiDate, helsinkiDateTime } from '../src/shared/dates.ts';
import type { MyListing } from '../src/shared/listings/seller-listing.schema.ts';
import { formatEuros } from '../src/shared/money.ts';
import { expectedPayoutDate } from '../src/shared/payout-date.ts';
import { calculatePrices } from '../src/shared/pricing.ts';
import { expect, expectNoA11yViolations, isPhone, test } from './support/fixtures.ts';
import {
  buyAsNewBuyer,
  createPendingListing,
  openAdminApi,
  sellFormDraft,
  signUpNewUser,
} from './support/test-data.ts';

// A seller who sees their money (issue 23): the payout under the wizard's prices on a phone, each
// sale's payout in the profile, a sold ticket that offers no edit or share, and a rejected listing
// fixed and sent again from a prefilled form.

const group = (page: Page, name: 'Aktiiviset' | 'Myydyt' | 'Päättyneet') =>
  page.getByRole('region', { name: new RegExp(`^${name} \\(\\d+\\)$`) });

const card = (scope: Page | Locator, eventName: string) =>
  scope.getByRole('article', { name: eventName, exact: true });

const dayText = (day: string) => finnishDate(helsinkiDateTime(day, '12:00'), { weekday: true });

async function mine(page: Page): Promise<MyListing[]> {
  const response = await page.request.get('/api/listings/mine');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { listings: MyListing[] }).listings;
}

test('the price step shows under the prices what the seller is paid', async ({ page }) => {
  const { uid } = await signUpNewUser(page.request, 'hinnat');
  // A draft standing at the price step, the earlier steps filled in.
  const draft = {
    formData: sellFormDraft({
      eventName: 'Tilityskonsertti',
      eventDate: addDays(helsinkiDate(new Date()), 300),
      originalPrice: '',
      sellingPrice: '',
      iban: '',
      termsAccepted: false,
    }),

    activeStep: 4,
    completedSteps: [0, 1, 2, 3],
    submissionId: randomUUID(),
  };
  await page.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem(key)) sessionStorage.setItem(key, value);
    },
    [`sell_draft:${uid}`, JSON.stringify(draft)] as const,
  );
  await page.goto('/myy-lippu');
  await expect(page.getByRole('heading', { name: 'Hintatiedot' })).toBeVisible();
  const payout = page.getByRole('region', { name: 'Hinta ostajalle ja sinulle' });
  if (isPhone(page)) await expect(payout).toContainText('Näet tilitettävän summan');

  await page.getByLabel('Alkuperäinen hinta').fill('100');
  await page.getByLabel('Myyntihinta').fill('80');
  const prices = calculatePrices(8000, 0);
  if (isPhone(page)) {
    // No need to open the preview: the sums are right under the fields.
    await expect(page.getByRole('button', { name: 'Näytä esikatselu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(payout).toBeVisible();
    await expect(payout).toContainText(`Ostaja maksaa${formatEuros(prices.listingPriceCents)}`);
    await expect(payout).toContainText(`Sinulle tilitetään${formatEuros(prices.sellerReceivableCents)}`);
    // The preview is not drawn at all until asked for, not even hidden.
    await expect(page.getByRole('region', { name: 'Lipun esikatselu', includeHidden: true })).toHaveCount(0);
    const field = await page.getByLabel('Myyntihinta').boundingBox();
    const box = await payout.boundingBox();
    expect((box?.y ?? 0) > (field?.y ?? 0)).toBe(true);
  } else {
    // The desktop has the preview beside the form, with the same sums.
    await expect(payout).toBeHidden();
    const preview = page.getByRole('region', { name: 'Lipun esikatselu' });
    await expect(preview).toContainText(`Sinulle tilitetään${formatEuros(prices.sellerReceivableCents)}`);
  }
  await expectNoA11yViolations(page);
});

test('each sale shows its payout: the day it comes, why it is held, the reference once paid', async ({
  page,
  playwright,
  baseURL,
}) => {
  // A sale of its own: a new seller's listing, approved, bought by a new buyer with the test card.
  await signUpNewUser(page.request, 'tilitys');
  const eventName = `Tilityskonsertti ${test.info().project.name} ${randomUUID().slice(0, 6)}`;
  const listing = await createPendingListing(page.request, eventName);
  const admin = await openAdminApi(playwright, baseURL);
  expect((await admin.post(`/api/admin/listings/${listing.id}/approve`)).ok()).toBe(true);
  await buyAsNewBuyer(playwright, baseURL, listing, 'tilitysostaja');
  await expect
    .poll(async () => (await mine(page)).find((own) => own.id === listing.id)?.payout?.status)
    .toBe('pending');
  const sales = (await (await admin.get('/api/admin/sales')).json()) as { sales: AdminSale[] };
  const sale = sales.sales.find((candidate) => candidate.ticketId === listing.id);
  if (!sale) throw new Error('the sale is in the admin list');

  await page.goto('/profiili?tab=1');
  const soldCard = card(group(page, 'Myydyt'), eventName);
  const payout = soldCard.getByRole('region', { name: 'Tilitys' });
  await expect(payout).toContainText('Tilitys: Odottaa');
  const expected = expectedPayoutDate(new Date(listing.eventDate));
  await expect(payout).toContainText(`Arvioitu maksupäivä ${dayText(expected)}`);
  // A sold ticket leads nowhere to edit or share.
  await expect(soldCard.getByRole('link', { name: 'Muokkaa' })).toHaveCount(0);
  await expect(soldCard.getByRole('button', { name: 'Jaa' })).toHaveCount(0);
  await expectNoA11yViolations(page);

  // Held by a complaint: the reason instead of a day.
  const held = await admin.patch(`/api/admin/sales/${sale.id}/payout`, {
    data: { status: 'reclamation_hold' },
  });
  expect(held.ok(), await held.text()).toBe(true);
  await page.reload();
  await expect(payout).toContainText('Tilitys: Reklamaatio');
  await expect(payout).toContainText('Ostaja on tehnyt kaupasta reklamaation.');
  await expect(payout).not.toContainText('Arvioitu maksupäivä');
  await expectNoA11yViolations(page);

  // Paid: the day and the bank's reference. A held payout is released before it is paid.
  const released = await admin.patch(`/api/admin/sales/${sale.id}/payout`, {
    data: { status: 'ready_for_payment' },
  });
  expect(released.ok(), await released.text()).toBe(true);
  const reference = `RF${randomUUID().slice(0, 8).toUpperCase()}`;
  const done = await admin.patch(`/api/admin/sales/${sale.id}/payout`, {
    data: { status: 'paid', paymentReference: reference },
  });
  expect(done.ok(), await done.text()).toBe(true);
  await admin.dispose();
  await page.reload();
  await expect(payout).toContainText('Tilitys: Maksettu');
  const paidOn = (await mine(page)).find((own) => own.id === listing.id)?.payout?.paymentDate ?? '';
  await expect(payout).toContainText(`Maksettu tilillesi ${finnishDate(new Date(paidOn))}`);
  await expect(payout).toContainText(`Maksuviite ${reference}`);
  await expectNoA11yViolations(page);

  // The sold ticket's own page: the seller's numbers and the way to the payout, no edit, no share.
  await page.goto(`/liput/${listing.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(eventName);
  await expect(page.getByText('Tämä lippu on jo myyty')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Muokkaa ilmoitusta' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Jaa' })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'Katso tilityksen tilanne' }).click();
  await expect(page).toHaveURL('/profiili?tab=1');
});

test('a rejected listing shows why, and is fixed and sent again from a prefilled form', async ({
  page,
  playwright,
  baseURL,
}) => {
  await signUpNewUser(page.request, 'korjaus');
  const eventName = `Korjattava konsertti ${test.info().project.name} ${randomUUID().slice(0, 6)}`;
  const listing = await createPendingListing(page.request, eventName, { additionalInfo: 'Rivi 3' });
  const reason = 'Päivämäärä ei vastaa lipun päivämäärää';
  const admin = await openAdminApi(playwright, baseURL);
  const rejected = await admin.post(`/api/admin/listings/${listing.id}/reject`, { data: { reason } });
  expect(rejected.ok(), await rejected.text()).toBe(true);
  await admin.dispose();

  await page.goto('/profiili?tab=1');
  const rejectedCard = card(group(page, 'Päättyneet'), eventName);
  await expect(rejectedCard.getByText('Hylätty', { exact: true })).toBeVisible();
  await expect(rejectedCard).toContainText(`Hylkäyksen syy: ${reason}`);
  // Never on sale: no buyer's price, no payout.
  await expect(rejectedCard).not.toContainText('Ostaja maksaa');
  await expect(rejectedCard).not.toContainText('Sinulle tilitetään');
  await expectNoA11yViolations(page);
  await rejectedCard.getByRole('link', { name: 'Korjaa ja lähetä uudelleen' }).click();
  await expect(page).toHaveURL(`/muokkaa/${listing.id}`);

  const form = page.getByRole('form', { name: 'Hylätyn ilmoituksen korjaus' });
  await expect(form).toContainText(reason);
  await expect(form.getByRole('combobox', { name: 'Tapahtuman nimi' })).toHaveValue(eventName);
  await expect(form.getByLabel('Kaupunki')).toHaveValue('Helsinki');
  await expect(form.getByLabel('Myyntihinta')).toHaveValue('45,00');
  await expect(form.getByLabel('Alkuperäinen hinta')).toHaveValue('50,00');
  await expect(form.getByLabel('Lisätiedot')).toHaveValue('Rivi 3');
  await expect(form.getByRole('link', { name: 'Näytä lippu' })).toHaveCount(1);
  await expectNoA11yViolations(page);

  // The fix: another price and info; the payout follows the price.
  await form.getByLabel('Myyntihinta').fill('40');
  await form.getByLabel('Lisätiedot').fill('Rivi 3, paikat 7–8');
  const prices = calculatePrices(4000, 0);
  await expect(form.getByRole('region', { name: 'Hinta ostajalle ja sinulle' })).toContainText(
    `Sinulle tilitetään${formatEuros(prices.sellerReceivableCents)}`,
  );
  await form.getByRole('button', { name: 'Lähetä uudelleen tarkastettavaksi' }).click();
  await expect(page.getByText('Ilmoitus lähetettiin uudelleen tarkastettavaksi.')).toBeVisible();

  const [resent] = (await mine(page)).filter((own) => own.id === listing.id);
  expect(resent).toMatchObject({
    status: 'pending',
    sellingPriceCents: 4000,
    additionalInfo: 'Rivi 3, paikat 7–8',
    rejectionReason: null,
  });
  await page.getByRole('link', { name: 'Takaisin' }).click();
  const pendingCard = card(group(page, 'Aktiiviset'), eventName);
  await expect(pendingCard.getByText('Tarkastettavana', { exact: true })).toBeVisible();
  await expect(pendingCard).toContainText(`Sinulle tilitetään${formatEuros(prices.sellerReceivableCents)}`);
});

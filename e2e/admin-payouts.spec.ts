import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { demoListingIds } from '../src/server/seed/demo-data.ts';
import { formatIban } from '../src/shared/accounts/iban.ts';
import { type AdminSale, payoutCsvColumns } from '../src/shared/admin/payouts.schema.ts';
import { finnishDate } from '../src/shared/dates.ts';
import { formatEuros } from '../src/shared/money.ts';
import { openAdminArea } from './support/demo-accounts.ts';
import { expect, expectNoA11yViolations, isPhone, test } from './support/fixtures.ts';
import { buyAsNewBuyer, createPendingListing, signUpNewUser } from './support/test-data.ts';

// The admin area's payment tracking (spec 02 §2 "Payment tracking", §3 CSV, §4 "Payment status",
// §5 "Admin rules"): the summary, marking one sale paid with the bank's reference (the seller's
// IBAN to copy, the shared-IBAN warning), the bulk update, the status filter and the CSV export;
// and a change the payout's rules refuse (docs/decisions/016).
//
// The journeys run beside the other specs on one demo database, phone and desktop at once. Each
// project changes demo sales of its own, and only towards 'paid': nothing in the journeys takes a
// sale out of 'paid', so the 'Maksettu' card only grows while they run and its growth can be checked.

/** The demo sales this project changes: one paid by hand, two in bulk (src/server/seed/demo-data.ts). */
function ownSales(page: Page, sales: readonly AdminSale[]): { single: AdminSale; bulk: AdminSale[] } {
  const sold = demoListingIds('sold');
  const pick = (index: number) => {
    const sale = sales.find((candidate) => candidate.ticketId === sold[index]);
    if (!sale) throw new Error(`no sale of the demo listing ${sold[index]}`);
    return sale;
  };
  return isPhone(page)
    ? { single: pick(1), bulk: [pick(3), pick(5)] }
    : { single: pick(0), bulk: [pick(2), pick(4)] };
}

async function adminSales(request: APIRequestContext): Promise<AdminSale[]> {
  const response = await request.get('/api/admin/sales');
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { sales: AdminSale[] }).sales;
}

/**
 * A sale of its own: a new seller's listing, approved by the admin signed in on `page` and bought by
 * a new buyer; as the admin's list has it.
 */
async function newSale(
  page: Page,
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string | undefined,
  what: string,
): Promise<AdminSale> {
  const seller = await playwright.request.newContext({ baseURL });
  await signUpNewUser(seller, what);
  const eventName = `Tilityskonsertti ${test.info().project.name} ${randomUUID().slice(0, 6)}`;
  const listing = await createPendingListing(seller, eventName);
  await seller.dispose();
  expect((await page.request.post(`/api/admin/listings/${listing.id}/approve`)).ok()).toBe(true);
  await buyAsNewBuyer(playwright, baseURL, listing, `${what}ostaja`);
  const sale = (await adminSales(page.request)).find((candidate) => candidate.ticketId === listing.id);
  if (!sale) throw new Error('the sale is in the admin list');
  return sale;
}

/** A new user who gives the seller's IBAN as their own: the shared-IBAN warning's other user. */
async function userSharingIban(request: APIRequestContext, iban: string): Promise<string> {
  const { uid } = await signUpNewUser(request, 'iban', 'Tilinjakaja');
  const saved = await request.put('/api/account/iban', { data: { iban } });
  expect(saved.ok(), await saved.text()).toBe(true);
  return uid;
}

/** A sale's row of the table, or its card on a phone, found by its choice box's name. */
function saleEntry(page: Page, sale: AdminSale): Locator {
  const entries = isPhone(page)
    ? page.getByRole('list', { name: 'Myydyt liput' }).getByRole('listitem')
    : page.getByRole('table', { name: 'Myydyt liput' }).getByRole('row');
  const name = `Valitse myynti: ${sale.eventName}, ostettu ${finnishDate(new Date(sale.purchaseDate))}`;
  return entries.filter({ has: page.getByRole('checkbox', { name, exact: true }) });
}

const summaryCard = (page: Page, label: string) =>
  page.getByRole('list', { name: 'Maksujen tilat' }).getByRole('listitem').filter({ hasText: label });

/** A summary card's count and sum: 'Maksettu', '3 kpl', '1 234,50 €'. */
async function readCard(card: Locator): Promise<{ count: number; cents: number }> {
  const text = (await card.textContent()) ?? '';
  const match = /(\d+) kpl([\d\s\u00a0]+),(\d{2})\u00a0€/.exec(text);
  if (!match) throw new Error(`unreadable summary card: ${text}`);
  return {
    count: Number(match[1]),
    cents: Number(`${match[2]?.replace(/\D/g, '')}${match[3]}`),
  };
}

/** Picks an option of one of the tab's selects (the filter, the dialog's status). */
async function choose(page: Page, scope: Page | Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an admin marks a sale paid with its reference, updates two at once, filters and exports the CSV', async ({
  page,
  request,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await openAdminArea(page);
  const { single, bulk } = ownSales(page, await adminSales(page.request));
  if (single.payout.status === 'paid') {
    // A retry of this journey: its sale starts unpaid again.
    const reset = await page.request.patch(`/api/admin/sales/${single.id}/payout`, {
      data: { status: 'ready_for_payment' },
    });
    expect(reset.ok()).toBe(true);
  }
  const iban = single.seller.iban;
  if (!iban) throw new Error('the demo sellers have an IBAN');
  const sharer = await userSharingIban(request, iban);

  // A list that cannot be loaded says so (spec 02 §8) and can be asked for again.
  await page.route('**/api/admin/sales', (route) => route.fulfill({ status: 500, json: {} }));
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Maksuseuranta' }).click();
  await expect(page).toHaveURL(/[?&]tab=maksuseuranta/);
  await expect(page.getByRole('heading', { level: 2, name: 'Maksuseuranta' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Failed to load payment data');
  await expectNoA11yViolations(page);
  await page.unroute('**/api/admin/sales');
  await page.getByRole('button', { name: 'Yritä uudelleen' }).click();
  for (const label of ['Odottaa', 'Valmis maksuun', 'Maksettu', 'Reklamaatio', 'Peruutettu'])
    await expect(summaryCard(page, label)).toContainText(/\d+ kpl/);
  const paidBefore = await readCard(summaryCard(page, 'Maksettu'));
  const bulkUpdate = page.getByRole('button', { name: /^Päivitä tila \(\d+\)$/ });
  await expect(bulkUpdate).toHaveText('Päivitä tila (0)');
  await expect(bulkUpdate).toBeDisabled();
  const entry = saleEntry(page, single);
  await expect(entry).toContainText(single.eventName);
  await expect(entry).toContainText(single.buyer.email);
  await expect(entry).toContainText(single.seller.email);
  await expect(entry).toContainText(formatEuros(single.sellerReceivableCents));
  await expect(entry).toContainText(formatEuros(single.totalServiceFeeCents));
  await expect(entry).toContainText('Jaettu IBAN');
  await expectNoA11yViolations(page);

  // One sale: the status is required; 'Maksettu' shows where to pay.
  await entry.getByRole('button', { name: 'Päivitä' }).click();
  const dialog = page.getByRole('dialog', { name: 'Päivitä maksun tila' });
  await expect(dialog).toContainText(single.eventName);
  const warning = dialog.getByRole('alert').filter({ hasText: /^Sama IBAN on myös/ });
  await expect(warning).toContainText(sharer);
  await expect(warning).toContainText('huijausyrityksestä');
  await expect(dialog.getByLabel('Maksuviite')).toHaveAccessibleDescription('Syötä pankin antama maksuviite');
  await dialog.getByRole('button', { name: 'Tallenna' }).click();
  await expect(dialog.getByText('Valitse tila')).toBeVisible();
  await expectNoA11yViolations(page);
  await expect(dialog.getByText(formatIban(iban))).toHaveCount(0);
  await choose(page, dialog, 'Tila', 'Maksettu');
  await expect(dialog.getByText('Valitse tila')).toHaveCount(0);
  await expect(dialog.getByText(formatIban(iban), { exact: true })).toBeVisible();
  await expect(dialog.getByText('Varmista, että maksat oikealle tilille')).toBeVisible();
  await dialog.getByRole('button', { name: 'Kopioi IBAN' }).click();
  await expect(dialog.getByRole('status')).toHaveText('IBAN kopioitu');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(iban);
  await expectNoA11yViolations(page);
  const reference = `RF${Date.now().toString().slice(-9)}${isPhone(page) ? '1' : '2'}`;
  await dialog.getByLabel('Maksuviite').fill(reference);
  await dialog.getByLabel('Huomautukset').fill('Maksettu verkkopankista');
  // A failed save keeps the dialog open with the spec's message; the next try goes through.
  await page.route('**/api/admin/sales/*/payout', (route) => route.fulfill({ status: 500, json: {} }), {
    times: 1,
  });
  await dialog.getByRole('button', { name: 'Tallenna' }).click();
  await expect(
    dialog.getByRole('alert').filter({ hasText: 'Failed to update payment status' }),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Tallenna' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Maksun tila päivitetty')).toBeVisible();
  await expect(entry.getByText('Maksettu', { exact: true })).toBeVisible();
  await expect(entry).toContainText(reference);
  await expect(entry).toContainText(finnishDate(new Date()));
  const paidAfter = await readCard(summaryCard(page, 'Maksettu'));
  expect(paidAfter.count).toBeGreaterThan(paidBefore.count);
  expect(paidAfter.cents).toBeGreaterThanOrEqual(paidBefore.cents + single.sellerReceivableCents);

  // Two at once: no reference in bulk, and no IBAN.
  for (const sale of bulk) await saleEntry(page, sale).getByRole('checkbox').check();
  await expect(bulkUpdate).toHaveText('Päivitä tila (2)');
  await bulkUpdate.click();
  const bulkDialog = page.getByRole('dialog', { name: 'Päivitä 2 myynnin tila' });
  await expect(bulkDialog.getByLabel('Maksuviite')).toHaveCount(0);
  await choose(page, bulkDialog, 'Tila', 'Maksettu');
  await expect(bulkDialog.getByText('Varmista, että maksat oikealle tilille')).toHaveCount(0);
  await bulkDialog.getByLabel('Huomautukset').fill('Maksettu yhdellä kertaa');
  await expectNoA11yViolations(page);
  await bulkDialog.getByRole('button', { name: 'Tallenna' }).click();
  await expect(bulkDialog).toBeHidden();
  await expect(page.getByText('2 myynnin tila päivitetty')).toBeVisible();
  for (const sale of bulk) {
    await expect(saleEntry(page, sale).getByText('Maksettu', { exact: true })).toBeVisible();
    await expect(saleEntry(page, sale).getByRole('checkbox')).not.toBeChecked();
  }
  await expect(bulkUpdate).toHaveText('Päivitä tila (0)');

  // The filter lives in the address, and the CSV exports what it shows.
  await choose(page, page, 'Näytä', 'Maksettu');
  await expect(page).toHaveURL(/[?&]tab=maksuseuranta&tila=paid$/);
  for (const sale of [single, ...bulk]) await expect(saleEntry(page, sale)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Näytä' })).toHaveText('Maksettu');
  await expect(saleEntry(page, single)).toContainText(reference);
  await expectNoA11yViolations(page);

  const csvLink = page.getByRole('link', { name: 'Vie CSV' });
  await expect(csvLink).toHaveAttribute('href', '/api/admin/sales.csv?status=paid');
  const downloading = page.waitForEvent('download');
  await csvLink.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = bytes.subarray(3).toString('utf8').split('\r\n');
  expect(header).toBe(payoutCsvColumns.join(';'));
  expect(rows.find((row) => row.includes(single.id) || row.includes(single.ticketId))).toContain(reference);
});

test('a change the payout rules refuse says why: in the dialog, and listed after a bulk update', async ({
  page,
  playwright,
  baseURL,
}) => {
  await openAdminArea(page);
  const cancelled = await newSale(page, playwright, baseURL, 'peruttu');
  const free = await newSale(page, playwright, baseURL, 'vapaa');
  const cancel = await page.request.patch(`/api/admin/sales/${cancelled.id}/payout`, {
    data: { status: 'cancelled' },
  });
  expect(cancel.ok(), await cancel.text()).toBe(true);
  const refusal =
    'Tilitystä ei voi merkitä maksetuksi: se on peruttu, eikä peruttua tilitystä voi enää muuttaa.';

  // One sale: the dialog stays open and says why.
  await page.goto('/admin?tab=maksuseuranta');
  await saleEntry(page, cancelled).getByRole('button', { name: 'Päivitä' }).click();
  const dialog = page.getByRole('dialog', { name: 'Päivitä maksun tila' });
  await choose(page, dialog, 'Tila', 'Maksettu');
  await dialog.getByRole('button', { name: 'Tallenna' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: refusal })).toBeVisible();
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Peruuta' }).click();
  await expect(dialog).toBeHidden();

  // Both at once: the one that may is paid, the other is listed with why until closed.
  for (const sale of [cancelled, free]) await saleEntry(page, sale).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Päivitä tila (2)' }).click();
  const bulkDialog = page.getByRole('dialog', { name: 'Päivitä 2 myynnin tila' });
  await choose(page, bulkDialog, 'Tila', 'Maksettu');
  await bulkDialog.getByRole('button', { name: 'Tallenna' }).click();
  await expect(bulkDialog).toBeHidden();
  await expect(page.getByText('1 myynnin tila päivitetty')).toBeVisible();
  const refused = page.getByRole('alert').filter({ hasText: '1 myynnin tilaa ei muutettu' });
  await expect(refused).toContainText(
    `${cancelled.eventName}, ostettu ${finnishDate(new Date(cancelled.purchaseDate))}: ${refusal}`,
  );
  await expect(saleEntry(page, free).getByText('Maksettu', { exact: true })).toBeVisible();
  await expect(saleEntry(page, cancelled).getByText('Peruutettu', { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
  await refused.getByRole('button', { name: 'Sulje' }).click();
  await expect(refused).toBeHidden();
});

import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { EventCancellation } from '../src/shared/admin/event-cancellations.schema.ts';
import { testCards } from '../src/shared/purchases/test-cards.ts';
import { openAdminArea } from './support/demo-accounts.ts';
import { expect, expectNoA11yViolations, test } from './support/fixtures.ts';
import { createPendingListing, openAdminApi, payForListing, signUpNewUser } from './support/test-data.ts';

// Issue 33: every screen tells the refund's one state. A purchase refunded for a cancelled event
// shows the refund on the buyer's card (no countdown, no download, no complaint) and the cancelled
// payout on the seller's; a refund the payment provider refuses is a failure the admin sees in the
// alert over the cancellations and jobs tabs, the cancellation's progress and the jobs tab.

const shots = process.env.REFUND_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (shots)
    await page.screenshot({ path: `${shots}/${test.info().project.name}-${name}.png`, fullPage: true });
};

/** A seller's listing of an event of its own, approved; the seller's context stays signed in. */
async function listedTicket(seller: APIRequestContext, admin: APIRequestContext, what: string) {
  const eventName = `${what} ${test.info().project.name} ${randomUUID().slice(0, 6)}`;
  const listing = await createPendingListing(seller, eventName);
  expect((await admin.post(`/api/admin/listings/${listing.id}/approve`)).ok()).toBe(true);
  return { listing, eventName };
}

/** Cancels the event's one listing and waits until the job has come as far as `until` says. */
async function cancelAndWait(
  admin: APIRequestContext,
  listingId: string,
  eventName: string,
  until: (cancellation: EventCancellation) => boolean,
) {
  const created = await admin.post('/api/admin/event-cancellations', {
    data: { listingIds: [listingId], reason: 'Esiintyjä sairastui' },
  });
  expect(created.status(), await created.text()).toBe(201);
  await expect
    .poll(
      async () => {
        const answer = (await (await admin.get('/api/admin/event-cancellations')).json()) as {
          cancellations: EventCancellation[];
        };
        const found = answer.cancellations.find((cancellation) => cancellation.eventName === eventName);
        return found !== undefined && until(found);
      },
      { timeout: 90_000, intervals: [500, 1000, 2000] },
    )
    .toBe(true);
}

test("a refunded purchase shows the refund to the buyer, and the seller's card the cancelled payout", async ({
  page,
  playwright,
  baseURL,
}) => {
  const admin = await openAdminApi(playwright, baseURL);
  const seller = await playwright.request.newContext({ baseURL });
  const sellerAccount = await signUpNewUser(seller, 'palautusmyyja');
  const { listing, eventName } = await listedTicket(seller, admin, 'Peruttu näytös');
  await seller.dispose();
  const buyer = await signUpNewUser(page.request, 'palautusostaja', 'Ostaja');
  await payForListing(page.request, listing, buyer.email);
  await cancelAndWait(admin, listing.id, eventName, (cancellation) => cancellation.refundsConfirmed === 1);
  await admin.dispose();

  await page.goto('/profiili');
  const card = page.getByRole('article', { name: eventName, exact: true });
  await expect(card.getByText('Palautettu', { exact: true })).toBeVisible();
  const refund = card.getByRole('region', { name: `Palautus: ${eventName}` });
  await expect(refund).toContainText(/^Palautus: [\d,]+\s€ · palautettu \d{1,2}\.\d{1,2}\.\d{4}/);
  await expect(refund).toContainText('Tapahtuma on peruttu. Palautus näkyy tililläsi');
  // Nothing of a ticket that stands: no countdown, no files to save, no complaint to file.
  await expect(card.getByRole('link', { name: /^Lataa lip/ })).toHaveCount(0);
  await expect(card.getByText('Tee reklamaatio')).toHaveCount(0);
  await expect(card).not.toContainText('Tapahtumaan');
  await expect(card.getByRole('link', { name: 'Näytä lippu' })).toBeVisible();
  await expectNoA11yViolations(page);
  await shot(page, 'buyer-refunded');
  // The server agrees: the package is refused in Finnish.
  const download = await page.request.get(`/api/tickets/${listing.id}/download`);
  expect(download.status()).toBe(409);
  expect(((await download.json()) as { error: { message: string } }).error.message).toBe(
    'Tämän oston maksu palautetaan sinulle, joten lippua ei voi enää ladata.',
  );

  // The ticket page shows the refund where the files were.
  await page.goto(`/liput/${listing.id}`);
  await expect(page.getByRole('region', { name: `Palautus: ${eventName}` })).toContainText('palautettu');
  await expect(page.getByRole('link', { name: /\.pdf$/ })).toHaveCount(0);

  // The seller's sold card: the cancelled payout, and no amount to be paid.
  expect((await page.request.post('/api/auth/logout')).ok()).toBe(true);
  expect(
    (
      await page.request.post('/api/auth/login', {
        data: { email: sellerAccount.email, password: 'Salasana1!' },
      })
    ).ok(),
  ).toBe(true);
  await page.goto('/profiili?tab=1');
  const sold = page.getByRole('article', { name: eventName, exact: true });
  await expect(sold.getByRole('region', { name: `Tilitys: ${eventName}` })).toContainText(
    'Tilitys: Peruutettu',
  );
  await expect(sold).toContainText('Maksu on palautettu ostajalle, joten tilitystä ei makseta.');
  await expect(sold).not.toContainText('Sinulle tilitetään');
  await expectNoA11yViolations(page);
  await shot(page, 'seller-cancelled-payout');
});

test('a refund the payment provider refuses is a failure the admin sees and can try again', async ({
  page,
  playwright,
  baseURL,
}) => {
  const admin = await openAdminApi(playwright, baseURL);
  const seller = await playwright.request.newContext({ baseURL });
  await signUpNewUser(seller, 'hylkaysmyyja');
  const { listing, eventName } = await listedTicket(seller, admin, 'Hylätty palautus');
  await seller.dispose();
  const buyer = await playwright.request.newContext({ baseURL });
  const { email } = await signUpNewUser(buyer, 'hylkaysostaja', 'Ostaja');
  await payForListing(buyer, listing, email, testCards.refundFails);
  await cancelAndWait(admin, listing.id, eventName, (cancellation) => cancellation.refundsFailed === 1);
  await admin.dispose();
  // The buyer is told it failed, never that the money is coming.
  const bought = (await (await buyer.get('/api/purchases')).json()) as {
    tickets: { ticketId: string; refund: { state: string } | null }[];
  };
  expect(bought.tickets.find((ticket) => ticket.ticketId === listing.id)?.refund?.state).toBe('failed');
  await buyer.dispose();

  await openAdminArea(page);
  await page.goto('/admin?tab=peruutukset');
  // Over the cancellations and jobs tabs: the refunds that failed for good (the other width's
  // journey may add one).
  const alert = page.getByRole('alert').filter({ hasText: /hyvity(s|stä) ostaj(alle|ille) epäonnistui/i });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('list', { name: 'Epäonnistuneet hyvitykset' })).toContainText(eventName);
  const card = page.getByRole('listitem', { name: eventName });
  await expect(card.getByText('Vaatii toimia')).toBeVisible();
  await expect(card).toContainText('Hyvitetty 0/1 · epäonnistui 1 · poistettu myynnistä 0 · odottaa 0');
  await expect(card).toContainText('does not take refunds');
  await expectNoA11yViolations(page);
  await shot(page, 'admin-failed-refund');

  // Tried again, the provider refuses again: it stays a failure, said at once.
  await card.getByRole('button', { name: /^Yritä hyvitystä uudelleen: / }).click();
  await expect(card.getByRole('status')).toHaveText(
    'Maksunvälittäjä hylkäsi hyvityksen uudelleen. Virhe näkyy alla.',
  );

  await page.goto('/admin?tab=taustatyot');
  const job = page.getByRole('listitem', { name: 'Kesken jääneiden hyvitysten lähetys maksunvälittäjälle' });
  await expect(job.getByText('Vaatii toimia', { exact: true })).toBeVisible();
  await expect(job).toContainText(/hyvity(s|stä) epäonnistui pysyvästi ja odottaa ylläpitoa/);
  await shot(page, 'admin-jobs-attention');
});

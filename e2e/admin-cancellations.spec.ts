import { randomUUID } from 'node:crypto';
import { openAdminArea } from './support/demo-accounts.ts';
import { waitForMail } from './support/dev-mailbox.ts';
import { expect, expectNoA11yViolations, test } from './support/fixtures.ts';
import { buyAsNewBuyer, createPendingListing, openAdminApi, signUpNewUser } from './support/test-data.ts';

// A cancelled event (issue 24): the admin finds it, cancels it, and watches the job refund the
// sold ticket and take the unsold one off sale; the buyer is mailed that the refund is under way,
// then that it is made.

test('an admin cancels an event: the sold ticket is refunded, the unsold taken off sale', async ({
  page,
  playwright,
  baseURL,
}) => {
  // An event of its own: one listing sold, one on sale.
  const seller = await playwright.request.newContext({ baseURL });
  await signUpNewUser(seller, 'peruttu');
  const eventName = `Peruttu konsertti ${test.info().project.name} ${randomUUID().slice(0, 6)}`;
  const sold = await createPendingListing(seller, eventName);
  const onSale = await createPendingListing(seller, eventName, { sellingPrice: '40,00' });
  await seller.dispose();
  const admin = await openAdminApi(playwright, baseURL);
  for (const listing of [sold, onSale])
    expect((await admin.post(`/api/admin/listings/${listing.id}/approve`)).ok()).toBe(true);
  await admin.dispose();
  const buyerEmail = await buyAsNewBuyer(playwright, baseURL, sold, 'perutunostaja');

  await openAdminArea(page);
  await page.goto('/admin?tab=peruutukset');
  await expect(page.getByRole('tab', { name: 'Peruutukset' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('searchbox', { name: 'Hae tapahtumaa nimellä tai paikkakunnalla' }).fill(eventName);
  await page.getByRole('button', { name: `Valitse: ${eventName}` }).click();
  await expect(page.getByRole('checkbox')).toHaveCount(2);
  await expect(page.getByRole('status').filter({ hasText: 'hyvitetään' })).toHaveText(
    /^1 myytyä ilmoitusta hyvitetään ostajille \(yhteensä [\d,]+\s€\), 1 ilmoitusta poistetaan myynnistä\.$/,
  );
  await expectNoA11yViolations(page);

  const cancel = page.getByRole('button', { name: 'Peru tapahtuma' });
  await expect(cancel).toBeDisabled();
  await page.getByLabel(/^Peruutuksen syy/).fill('Esiintyjä sairastui');
  await cancel.click();
  const dialog = page.getByRole('dialog', { name: 'Perutaanko tapahtuma?' });
  await expect(dialog).toContainText('Peruutusta ei voi perua.');
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Kyllä, peru tapahtuma' }).click();
  await expect(dialog).toBeHidden();

  // The job runs in the background; the card follows it to the end.
  const card = page.getByRole('listitem', { name: eventName });
  await expect(card).toContainText('Syy: Esiintyjä sairastui');
  await expect(card.getByText('Valmis')).toBeVisible();
  await expect(card).toContainText('Hyvitetty 1/1 · poistettu myynnistä 1 · odottaa 0');
  await expectNoA11yViolations(page);

  // Cancelled once: the event no longer offers its listings for another cancellation.
  await expect(page.getByRole('button', { name: `Valitse: ${eventName}` })).toHaveCount(0);
  // Told that the refund is under way, then that it is made once the provider confirmed it.
  const mail = await waitForMail(page.request, buyerEmail, {
    subject: `Tapahtuma peruttu – maksusi palautus on käynnissä: ${eventName}`,
  });
  expect(mail.text).toContain('Esiintyjä sairastui');
  expect(mail.text).toContain('palvelumaksu mukaan lukien');
  await waitForMail(page.request, buyerEmail, { subject: `Maksusi on palautettu: ${eventName}` });
  // Off sale: the unsold ticket's page no longer sells it.
  expect((await page.request.get(`/api/tickets/${onSale.id}`)).status()).toBe(404);
});

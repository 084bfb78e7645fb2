import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { browsingText } from '../src/client/i18n/fi/browsing.ts';
import { renderTicketPdf } from '../src/server/seed/ticket-pdf.ts';
import type { TicketDetails } from '../src/shared/browsing/ticket-details.schema.ts';
import { ticketReservedMessage } from '../src/shared/browsing/ticket-messages.ts';
import { complaintWindowHours } from '../src/shared/complaint-window.ts';
import { addDays, helsinkiDate } from '../src/shared/dates.ts';
import { openAdminArea } from './support/demo-accounts.ts';
import { expect, expectNoA11yViolations, isPhone, test } from './support/fixtures.ts';
import { createPendingListing, sellFormDraft, signUpNewUser } from './support/test-data.ts';

// Clear words (issue 23: 7-10): a refused duplicate says which file, what was found and whom to
// contact; a ticket another buyer is paying for says when it frees up at the latest; prices show
// the total with our fee apart from the ticket at or under face value; beside the buy button, what
// backs the purchase and who sells.

async function ticketPdf(code: string, n: number) {
  return Buffer.from(
    await renderTicketPdf({
      eventName: 'Kopiokonsertti',
      dateText: '1.11.2027 klo 19.00',
      venue: 'Areena',
      city: 'Helsinki',
      ticketType: 'Peruslippu',
      seatText: `Rivi 2, paikka ${n}`,
      ticketNumber: n,
      totalTickets: 2,
      code,
    }),
  );
}

/** An approved listing of a new seller, at 50 € face value: only this journey's buyers touch it. */
async function listedTicket(
  page: Page,
  request: APIRequestContext,
  eventName: string,
  sellingPrice?: string,
) {
  await signUpNewUser(request, 'myyja');
  const listing = await createPendingListing(request, eventName, { sellingPrice });
  await openAdminArea(page);
  const approved = await page.request.post(`/api/admin/listings/${listing.id}/approve`);
  expect(approved.status(), await approved.text()).toBe(200);
  await page.request.post('/api/auth/logout');
  return listing;
}

test('a seller whose ticket already waits for review in another listing is told which file, what was found and whom to contact', async ({
  page,
  otherPage,
}) => {
  // Someone else's listing holds the ticket; it only waits for review.
  const code = `KOPIO-${randomUUID()}`;
  await signUpNewUser(otherPage.request, 'alkuperainen');
  const original = new FormData();
  const eventDate = addDays(helsinkiDate(new Date()), 330);
  const listing = sellFormDraft({ eventName: 'Kopiokonsertti', eventDate, ticketCount: 2 });

  original.append('listing', JSON.stringify({ ...listing, ticketCount: 1, submissionId: randomUUID() }));
  original.append('files', new Blob([await ticketPdf(code, 1)], { type: 'application/pdf' }), 'lippu.pdf');
  expect((await otherPage.request.post('/api/listings', { multipart: original })).status()).toBe(201);

  // A new seller has everything typed (the draft of this tab) and reaches the files.
  const { uid } = await signUpNewUser(page.request, 'kopioija');
  expect((await page.request.post('/api/account/tutorial')).status()).toBe(204);
  await page.goto('/ukk');
  await page.evaluate(
    ([key, draft]) => sessionStorage.setItem(key as string, draft as string),
    [
      `sell_draft:${uid}`,
      JSON.stringify({
        formData: { ...listing, termsAccepted: false },
        activeStep: 5,
        completedSteps: [0, 1, 2, 3, 4],
        submissionId: randomUUID(),
      }),
    ],
  );
  await page.goto('/myy-lippu');
  await expect(page.getByRole('heading', { level: 2, name: 'Lipputiedot' })).toBeVisible();
  await page.locator('input[type=file]').setInputFiles([
    { name: 'oma-lippu.pdf', mimeType: 'application/pdf', buffer: await ticketPdf(`OMA-${randomUUID()}`, 1) },
    { name: 'kopio.pdf', mimeType: 'application/pdf', buffer: await ticketPdf(code, 2) },
  ]);
  await page.getByRole('button', { name: 'Seuraava', exact: true }).click();
  await page.getByRole('checkbox', { name: 'Hyväksyn käyttöehdot' }).check();
  await page.getByRole('button', { name: 'Aseta myyntiin' }).click();

  // Back at the files: the second file named, the code found in a listing waiting for review.
  await expect(page.getByRole('heading', { level: 2, name: 'Lipputiedot' })).toBeVisible();
  await expect(
    page.getByText(
      /^Tiedoston kopio\.pdf lippua ei voi asettaa myyntiin: sen viivakoodi tai QR-koodi on jo toisessa ilmoituksessa, joka odottaa tarkistusta\. Jos lippu on sinun, ota yhteyttä asiakaspalveluun: \S+@\S+\.$/,
    ),
  ).toBeVisible();
  await expect(page.getByText('Tämä lippu on jo myynnissä tai myyty')).toHaveCount(0);
  expect((await (await page.request.get('/api/listings/mine')).json()).listings).toHaveLength(0);
  await expectNoA11yViolations(page);
});

test('a buyer who meets a ticket another buyer is paying for is told when it frees up at the latest', async ({
  page,
  otherPage,
  playwright,
  baseURL,
}) => {
  const seller = await playwright.request.newContext({ baseURL });
  const listing = await listedTicket(page, seller, `Pitokonsertti ${randomUUID().slice(0, 6)}`);
  await seller.dispose();

  // Another buyer opens the payment step: the ticket is theirs for a while.
  await signUpNewUser(otherPage.request, 'ensimmainen');
  const held = await otherPage.request.post(`/api/purchases/${listing.id}/reservation`, {
    data: { priceCents: listing.listingPriceCents },
  });
  expect(held.status(), await held.text()).toBe(200);
  const message = ticketReservedMessage(new Date((await held.json()).reservationExpiresAt));

  await signUpNewUser(page.request, 'toinen');
  await page.goto(`/liput/${listing.id}`);
  await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Osta lippu' })).toHaveCount(0);
  await expectNoA11yViolations(page);
  // Straight to the purchase: the payment step says the same, with a retry.
  await page.goto(`/osta/${listing.id}`);
  await page.getByRole('button', { name: 'Seuraava' }).click();
  await expect(page.getByText(message)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Yritä uudelleen' })).toBeVisible();

  // A visitor's page, drawn on the server, says it in its first paint.
  const visitor = await playwright.request.newContext({ baseURL });
  const html = await (await visitor.get(`/liput/${listing.id}`, { headers: { accept: 'text/html' } })).text();
  expect(html).toContain(message);
  await visitor.dispose();

  // The other buyer leaves: the ticket is on offer again.
  const left = await otherPage.request.delete(`/api/purchases/${listing.id}/reservation`);
  expect(left.status()).toBe(204);
  await page.goto(`/liput/${listing.id}`);
  await expect(page.getByText(message)).toHaveCount(0);
  const buy = page.getByRole('link', { name: 'Osta lippu' });
  await expect(isPhone(page) ? buy.last() : buy.first()).toBeVisible();
});

test('a card and a ticket page show the total with our fee, apart from the ticket at or under face value', async ({
  page,
  playwright,
  baseURL,
}) => {
  const tag = randomUUID().slice(0, 6);
  const seller = await playwright.request.newContext({ baseURL });
  const atFace = await listedTicket(page, seller, `Hintakonsertti ${tag} A`, '50,00');
  const under = await listedTicket(page, seller, `Hintakonsertti ${tag} B`, '40,00');
  await seller.dispose();

  await page.goto(`/?searchTerm=${encodeURIComponent(`Hintakonsertti ${tag}`)}`);
  await expect(page.getByText(browsingText.heroSubtitle)).toBeVisible();
  const card = (name: string) => page.getByRole('link', { name: new RegExp(name) });
  // 50,00 € + 3 % = 51,50 €: the fee apart, so the ticket's own 50,00 € is plain to see.
  await expect(card(`${tag} A`)).toContainText('51,50 € yhteensä');
  await expect(card(`${tag} A`)).toContainText('sis. palvelumaksun 1,50 €');
  await expect(card(`${tag} A`)).toContainText('Lippu alkuperäiseen hintaan 50,00 €');
  // 40,00 € + 3 % = 41,20 €, 17 % under 50,00 €: the discount badge as well.
  await expect(card(`${tag} B`)).toContainText('41,20 € yhteensä');
  await expect(card(`${tag} B`)).toContainText('sis. palvelumaksun 1,20 €');
  await expect(card(`${tag} B`)).toContainText('Lippu alle alkuperäisen hinnan 50,00 €');
  await expect(card(`${tag} B`)).toContainText('\u221217 % alkuperäisestä');
  await expect(page.locator('body')).not.toContainText('alkuperäinen 50,00 €');
  await expectNoA11yViolations(page);

  await card(`${tag} A`).click();
  await expect(page).toHaveURL(`/liput/${atFace.id}`);
  await expect(page.getByTestId('ticket-price')).toHaveText('51,50 €');
  await expect(page.getByTestId('ticket-price-note')).toHaveText('sis. palvelumaksun 1,50 €');
  await expect(page.getByTestId('ticket-face-value')).toHaveText('Lippu alkuperäiseen hintaan 50,00 €');
  await page.goto(`/liput/${under.id}`);
  await expect(page.getByTestId('ticket-face-value')).toHaveText('Lippu alle alkuperäisen hinnan 50,00 €');
});

test('beside the buy button: what the review checked, payout after the event, the complaint window and the seller', async ({
  page,
  playwright,
  baseURL,
}) => {
  const seller = await playwright.request.newContext({ baseURL });
  const listing = await listedTicket(page, seller, `Luottokonsertti ${randomUUID().slice(0, 6)}`);
  await seller.dispose();

  await signUpNewUser(page.request, 'ostaja');
  const ticket = (await (await page.request.get(`/api/tickets/${listing.id}`)).json()) as TicketDetails;
  // A new seller: joined this month, no sales completed yet.
  const [year, month] = helsinkiDate(new Date()).split('-').map(Number);
  const since = browsingText.trust.memberSince(browsingText.monthsFrom[(month ?? 1) - 1] ?? '', year ?? 0);
  expect(ticket.sellerCompletedSales).toBe(0);

  await page.goto(`/liput/${listing.id}`);
  const price = page.getByRole('region', { name: 'Hinta' });
  const trust = price.getByRole('region', { name: 'Näin ostoksesi on turvattu' });
  await expect(price.getByRole('link', { name: 'Osta lippu' })).toBeVisible();
  await expect(trust).toContainText('Tarkistettu ennen myyntiä');
  await expect(trust).toContainText('eikä samaa lippua ole toisessa ilmoituksessa');
  await expect(trust).toContainText('Myyjä saa rahat vasta tapahtuman jälkeen');
  await expect(trust).toContainText(`${complaintWindowHours} tunnin reklamaatioaika`);
  await expect(trust).toContainText(
    `ilmoita meille ${complaintWindowHours} tunnin kuluessa tapahtuman alkamisesta`,
  );
  await expect(trust.getByTestId('seller-record')).toHaveText(
    `Myyjä ${ticket.sellerDisplayName}: ${since}, ei vielä onnistuneita myyntejä`,
  );
  if (!isPhone(page)) {
    // Beside the button: both in view together on a desktop.
    await expect(price.getByRole('link', { name: 'Osta lippu' })).toBeInViewport();
    await expect(trust.getByText('Tarkistettu ennen myyntiä')).toBeInViewport();
  }
  await expectNoA11yViolations(page);
});

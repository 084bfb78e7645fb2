import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { renderTicketPdf } from '../src/server/seed/ticket-pdf.ts';
import { complaintWindowEnd } from '../src/shared/complaint-window.ts';
import { finnishDateTime } from '../src/shared/dates.ts';
import { formatEuros } from '../src/shared/money.ts';
import type { BoughtTicket } from '../src/shared/purchases/purchase.schema.ts';
import { demoBuyer, logIn, openAdminArea } from './support/demo-accounts.ts';
import { waitForMail } from './support/dev-mailbox.ts';
import { expect, expectNoA11yViolations, isPhone, test } from './support/fixtures.ts';
import { createPendingListing, openAdminApi, payForListing, signUpNewUser } from './support/test-data.ts';

// Complaints about bought tickets (issue 24, docs/decisions/036): the buyer files one from the
// bought ticket with evidence, the seller answers with a file of their own, and an admin refunds
// the buyer or rejects it with a reason, which moves the seller's payout. Each journey makes its
// own seller, buyer and sale; the closed window reads the demo buyer's past purchases.

interface Sale {
  eventName: string;
  eventDate: string;
  ticketId: string;
  pricePaidCents: number;
  buyerEmail: string;
  sellerEmail: string;
}

/** A sale of its own: a new seller's listing (signed in on `seller`), approved, bought by a new buyer on `buyer`. */
async function makeSale(
  playwright: Parameters<typeof openAdminApi>[0],
  baseURL: string | undefined,
  seller: APIRequestContext,
  buyer: APIRequestContext,
  what: string,
): Promise<Sale> {
  const { email: sellerEmail } = await signUpNewUser(seller, 'reklamoitava');
  const eventName = `Reklamaatiokonsertti ${what} ${test.info().project.name} ${randomUUID().slice(0, 6)}`;
  const listing = await createPendingListing(seller, eventName);
  const admin = await openAdminApi(playwright, baseURL);
  expect((await admin.post(`/api/admin/listings/${listing.id}/approve`)).ok()).toBe(true);
  await admin.dispose();
  const { email: buyerEmail } = await signUpNewUser(buyer, 'reklamoija', 'Ostaja');
  await payForListing(buyer, listing, buyerEmail);
  let bought: BoughtTicket | undefined;
  await expect
    .poll(async () => {
      const mine = (await (await buyer.get('/api/purchases')).json()) as { tickets: BoughtTicket[] };
      bought = mine.tickets.find((ticket) => ticket.ticketId === listing.id);
      return bought !== undefined;
    })
    .toBe(true);
  const { eventDate, pricePaidCents } = bought as BoughtTicket;
  return { eventName, eventDate, ticketId: listing.id, pricePaidCents, buyerEmail, sellerEmail };
}

const photo = async (name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer(),
});

const pdf = async (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(
    await renderTicketPdf({
      eventName: 'Järjestäjän viesti',
      dateText: '1.11.2027 klo 19.00',
      venue: 'Areena',
      city: 'Helsinki',
      ticketType: 'Peruslippu',
      seatText: 'Vapaa sijoitus',
      ticketNumber: 1,
      totalTickets: 1,
      code: `E2E-${randomUUID()}`,
    }),
  ),
});

const boughtCard = (page: Page, eventName: string) =>
  page
    .getByRole('region', { name: /^Ostetut liput \(\d+\)$/ })
    .getByRole('article', { name: eventName, exact: true });

const soldCard = (page: Page, eventName: string) =>
  page
    .getByRole('region', { name: /^Myydyt \(\d+\)$/ })
    .getByRole('article', { name: eventName, exact: true });

const adminCard = (page: Page, eventName: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: eventName, exact: true }) });

/** The link downloads the file as an attachment, and the file starts with `magic`. */
async function expectDownload(page: Page, link: Locator, magic: string): Promise<void> {
  await expect(link).toHaveAttribute('download', '');
  const response = await page.request.get((await link.getAttribute('href')) ?? '');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-disposition']).toMatch(/^attachment/);
  expect((await response.body()).subarray(0, magic.length).toString('latin1')).toBe(magic);
}

/** The sale's entry in the admin's payout tab, filtered to the payout status it should have. */
async function expectPayoutInTab(page: Page, eventName: string, status: string): Promise<Locator> {
  await page.goto('/admin?tab=maksuseuranta');
  const filter = page.getByRole('combobox', { name: 'Näytä' });
  await filter.click();
  await page.getByRole('option', { name: status, exact: true }).click();
  const entries = isPhone(page)
    ? page.getByRole('list', { name: 'Myydyt liput' }).getByRole('listitem')
    : page.getByRole('table', { name: 'Myydyt liput' }).getByRole('row');
  const entry = entries.filter({ hasText: eventName });
  await expect(entry).toContainText(status);
  return entry;
}

test('the buyer files a complaint with a picture and a PDF, the seller answers, the admin refunds', async ({
  page,
  otherPage,
  playwright,
  baseURL,
}) => {
  const sale = await makeSale(playwright, baseURL, otherPage.request, page.request, 'palautus');

  // The buyer: from the bought ticket to the form.
  await page.goto('/profiili');
  const card = boughtCard(page, sale.eventName);
  await card.getByRole('link', { name: 'Tee reklamaatio' }).click();
  await expect(page).toHaveURL(`/liput/${sale.ticketId}/reklamaatio`);
  await expect(page).toHaveTitle('Reklamaatio – Lipputori');
  const form = page.getByRole('form', { name: 'Tee reklamaatio' });
  const until = complaintWindowEnd(new Date(sale.eventDate));
  const section = page.getByRole('region', { name: 'Tee reklamaatio' });
  await expect(section).toContainText(`Reklamaation voi tehdä ${finnishDateTime(until)} asti.`);
  await expect(form).toContainText('Myyjän tilitys pidätetään');
  await expectNoA11yViolations(page);

  // Sent empty: each field says what it needs.
  await form.getByRole('button', { name: 'Lähetä reklamaatio' }).click();
  await expect(form).toContainText('Valitse reklamaation syy');
  await expect(form).toContainText('Kerro, mitä tapahtui');
  await expectNoA11yViolations(page);

  await form.getByRole('radio', { name: 'En päässyt lipulla sisään' }).check();
  const description = 'Portilla lukija ilmoitti, että lippu oli jo käytetty. Järjestäjä ei päästänyt sisään.';
  await form.getByRole('textbox', { name: 'Kuvaus' }).fill(description);
  await expect(form).toContainText(`${description.length}/2000`);
  const files = form.locator('input[type="file"]');
  await files.setInputFiles([
    await photo('portilla.png'),
    await pdf('jarjestajan-viesti.pdf'),
    await pdf('turha.pdf'),
  ]);
  const chosen = form.getByRole('list', { name: 'Valitut liitteet' });
  await expect(chosen.getByRole('listitem')).toHaveCount(3);
  await chosen.getByRole('button', { name: 'Poista turha.pdf' }).click();
  await expect(chosen.getByRole('listitem')).toHaveCount(2);
  await expect(chosen).toContainText('portilla.png');
  await expect(chosen).toContainText('jarjestajan-viesti.pdf');
  await expectNoA11yViolations(page);
  await form.getByRole('button', { name: 'Lähetä reklamaatio' }).click();

  // Filed: where it stands, and the buyer's own files to download.
  const filed = page.getByRole('region', { name: 'Reklamaatiosi' });
  await expect(filed.getByText('Käsittelyssä')).toBeVisible();
  await expect(filed).toContainText('En päässyt lipulla sisään');
  await expect(filed).toContainText(description);
  await expectDownload(page, filed.getByRole('link', { name: 'portilla.png' }), 'RIFF');
  await expectDownload(page, filed.getByRole('link', { name: 'jarjestajan-viesti.pdf' }), '%PDF');
  await expect(page.getByRole('region', { name: 'Myyjän vastaus' })).toContainText(
    'Myyjä ei ole vielä vastannut.',
  );
  await expectNoA11yViolations(page);
  await page.goto('/profiili');
  await expect(card).toContainText('Reklamaatio: Käsittelyssä');
  await expect(card.getByRole('link', { name: 'Tee reklamaatio' })).toHaveCount(0);
  await expectNoA11yViolations(page);

  // The seller: the notice on the sold card, the claim (not the buyer's files), and the answer.
  await otherPage.goto('/profiili?tab=1');
  const sold = soldCard(otherPage, sale.eventName);
  await expect(sold).toContainText('Ostaja on tehnyt reklamaation');
  await expect(sold).toContainText('Tilitys: Reklamaatio');
  await expectNoA11yViolations(otherPage);
  await sold.getByRole('link', { name: 'Vastaa reklamaatioon' }).click();
  await expect(otherPage).toHaveURL(`/liput/${sale.ticketId}/reklamaatio`);
  const claim = otherPage.getByRole('region', { name: 'Ostajan reklamaatio' });
  await expect(claim).toContainText(description);
  await expect(claim).toContainText('Ostaja liitti reklamaatioon 2 tiedostoa.');
  await expect(claim.getByRole('link', { name: 'portilla.png' })).toHaveCount(0);
  const answerForm = otherPage.getByRole('form', { name: 'Vastaa reklamaatioon' });
  await expectNoA11yViolations(otherPage);
  const answer = 'Lippu oli käyttämätön, kun myin sen. Liitteenä kuva ostovahvistuksesta.';
  await answerForm.getByRole('textbox', { name: 'Vastauksesi' }).fill(answer);
  await answerForm.locator('input[type="file"]').setInputFiles([await photo('ostovahvistus.png')]);
  await answerForm.getByRole('button', { name: 'Lähetä vastaus' }).click();
  const answered = otherPage.getByRole('region', { name: 'Vastauksesi' });
  await expect(answered).toContainText(answer);
  await expect(answered.getByRole('link', { name: 'ostovahvistus.png' })).toBeVisible();
  await expect(answerForm).toHaveCount(0);
  await expectNoA11yViolations(otherPage);

  // The buyer sees the answer's text, and only the number of the seller's files.
  await page.goto(`/liput/${sale.ticketId}/reklamaatio`);
  const sellerAnswer = page.getByRole('region', { name: 'Myyjän vastaus' });
  await expect(sellerAnswer).toContainText(answer);
  await expect(sellerAnswer).toContainText('Myyjä liitti vastaukseensa 1 tiedoston.');

  // The admin: from the held payout to the complaint, everything of both sides, then the refund.
  await openAdminArea(page);
  const held = await expectPayoutInTab(page, sale.eventName, 'Reklamaatio');
  await held.getByRole('link', { name: 'Avoin reklamaatio' }).click();
  await expect(page.getByRole('tab', { name: 'Reklamaatiot' })).toHaveAttribute('aria-selected', 'true');
  const entry = adminCard(page, sale.eventName);
  await expect(entry.getByText('Käsittelyssä')).toBeVisible();
  await expect(entry).toContainText(sale.buyerEmail);
  await expect(entry).toContainText(sale.sellerEmail);
  await expect(entry).toContainText(description);
  await expect(entry).toContainText(answer);
  await expect(entry).toContainText(formatEuros(sale.pricePaidCents));
  await expect(entry.getByText('Reklamaatio', { exact: true })).toBeVisible();
  await expectDownload(page, entry.getByRole('link', { name: 'jarjestajan-viesti.pdf' }), '%PDF');
  await expectDownload(page, entry.getByRole('link', { name: 'ostovahvistus.png' }), 'RIFF');
  await expect(entry).not.toContainText('Tukitapaus');
  await expectNoA11yViolations(page);
  await entry.getByRole('button', { name: 'Palauta rahat ostajalle' }).click();
  const dialog = page.getByRole('dialog', { name: 'Palautetaanko rahat ostajalle?' });
  await expect(dialog).toContainText(
    `ostajalle palautetaan koko maksettu summa ${formatEuros(sale.pricePaidCents)} palvelumaksuineen, ja myyjän tilitys`,
  );
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Palauta rahat' }).click();
  await expect(dialog).toBeHidden();
  await expect(entry.getByText('Hyväksytty: rahat palautetaan')).toBeVisible();
  await expect(entry.getByRole('button', { name: 'Palauta rahat ostajalle' })).toHaveCount(0);
  await expectNoA11yViolations(page);

  // Both are told; the payout is cancelled.
  const refundMail = await waitForMail(page.request, sale.buyerEmail, {
    subject: `Reklamaatiosi hyväksyttiin – maksusi palautus on käynnissä: ${sale.eventName}`,
  });
  expect(refundMail.text).toContain(`${formatEuros(sale.pricePaidCents)} palvelumaksu mukaan lukien`);
  await waitForMail(page.request, sale.sellerEmail, {
    subject: `Reklamaatio hyväksyttiin: ${sale.eventName}`,
  });
  await expectPayoutInTab(page, sale.eventName, 'Peruutettu');
  await otherPage.reload();
  await expect(otherPage.getByRole('region', { name: 'Ratkaisu' })).toContainText(
    'Reklamaatio hyväksyttiin.',
  );
});

test('a complaint rejected with a reason releases the payout', async ({
  page,
  otherPage,
  playwright,
  baseURL,
}) => {
  const sale = await makeSale(playwright, baseURL, otherPage.request, page.request, 'hylkays');
  const filed = await page.request.post(`/api/complaints/${sale.ticketId}`, {
    multipart: {
      complaint: JSON.stringify({
        reason: 'wrong_ticket',
        description: 'Lipussa oli eri päivämäärä kuin ilmoituksessa.',
      }),
    },
  });
  expect(filed.status(), await filed.text()).toBe(201);

  const admin = otherPage;
  await openAdminArea(admin);
  await admin.goto('/admin?tab=reklamaatiot');
  const entry = adminCard(admin, sale.eventName);
  await expect(entry).toContainText('Väärä tapahtuma, päivä tai paikat');
  await expect(entry).toContainText('Myyjä ei ole vastannut.');
  await entry.getByRole('button', { name: 'Hylkää reklamaatio' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Hylkää reklamaatio' });
  const reject = dialog.getByRole('button', { name: 'Hylkää reklamaatio' });
  await expect(reject).toBeDisabled();
  const reason = 'Lipun päivämäärä vastaa tapahtuman päivää; ilmoituksessa ei ollut virhettä.';
  await dialog.getByRole('textbox', { name: 'Hylkäämisen syy' }).fill(reason);
  await expectNoA11yViolations(admin);
  await reject.click();
  await expect(dialog).toBeHidden();
  await expect(entry.getByText('Hylätty', { exact: true })).toBeVisible();
  await expect(entry).toContainText(`Syy: ${reason}`);
  // The event is months away: released, the payout waits for its day again.
  await expect(entry.getByText('Odottaa', { exact: true })).toBeVisible();
  await expectNoA11yViolations(admin);
  await expectPayoutInTab(admin, sale.eventName, 'Odottaa');

  await waitForMail(admin.request, sale.buyerEmail, {
    subject: `Reklamaatiosi hylättiin: ${sale.eventName}`,
    text: reason,
  });
  await waitForMail(admin.request, sale.sellerEmail, {
    subject: `Reklamaatio hylättiin – tilitys jatkuu: ${sale.eventName}`,
    text: reason,
  });
  await page.goto(`/liput/${sale.ticketId}/reklamaatio`);
  const resolution = page.getByRole('region', { name: 'Ratkaisu' });
  await expect(resolution).toContainText('Reklamaatio hylättiin.');
  await expect(resolution).toContainText(`Syy: ${reason}`);
  await expect(page.getByRole('region', { name: 'Reklamaatiosi' }).getByText('Hylätty')).toBeVisible();
  await expectNoA11yViolations(page);
});

test('a bought ticket whose complaint window has closed offers no complaint', async ({ page }) => {
  await logIn(page, demoBuyer);
  const tickets = ((await (await page.request.get('/api/purchases')).json()) as { tickets: BoughtTicket[] })
    .tickets;
  const closed = tickets.find(
    (ticket) => complaintWindowEnd(new Date(ticket.eventDate)).getTime() < Date.now(),
  );
  if (!closed) throw new Error('the demo buyer needs a ticket of an event long past');

  await page.goto('/profiili');
  const card = boughtCard(page, closed.eventName);
  await expect(card.getByRole('link', { name: 'Näytä lippu' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Tee reklamaatio' })).toHaveCount(0);
  await page.goto(`/liput/${closed.ticketId}/reklamaatio`);
  await expect(page.getByText('Reklamaation aika on päättynyt')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Tee reklamaatio' })).toHaveCount(0);
  await expectNoA11yViolations(page);
});

import { randomUUID } from 'node:crypto';
import type { APIRequestContext, PlaywrightWorkerArgs } from '@playwright/test';
import { renderTicketPdf } from '../../src/server/seed/ticket-pdf.ts';
import { sellFormInput } from '../../src/server/test/sell-form-input.ts';
import type { AuthUser } from '../../src/shared/accounts/accounts.schema.ts';
import { addDays, helsinkiDate } from '../../src/shared/dates.ts';
import type { ListingFormInput } from '../../src/shared/listings/listing.schema.ts';
import type { SellerListing } from '../../src/shared/listings/seller-listing.schema.ts';
import { testCards } from '../../src/shared/purchases/purchase.schema.ts';
import { demoAdmin, demoAdminAccessKey } from './demo-accounts.ts';
import { expect } from './fixtures.ts';

// Users and listings a journey makes for itself through the API, so that what it changes is its own
// while the other specs run beside it on the same demo database.

/**
 * Signs a new user up on `request`, which stays signed in as them. `what` (lowercase letters) says
 * what they are for and starts their address.
 */
export async function signUpNewUser(
  request: APIRequestContext,
  what: string,
  lastName = 'Myyjä',
): Promise<{ uid: string; email: string }> {
  const stamp = `${Date.now().toString(36)}${randomUUID().slice(0, 6)}`;
  const email = `${what}-${stamp}@example.fi`;
  const password = 'Salasana1!';
  const registered = await request.post('/api/auth/register', {
    data: {
      firstName: 'Testi',
      lastName,
      email,
      username: `${what}_${stamp}`.slice(0, 30),
      password,
      password2: password,
      isAdult: true,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  return { uid: ((await registered.json()) as AuthUser).uid, email };
}

/**
 * The sell wizard's form as a seller has filled it, for a draft it keeps: no submission id, and
 * the terms not necessarily accepted yet.
 */
export function sellFormDraft({
  termsAccepted = true,
  ...overrides
}: Partial<Omit<ListingFormInput, 'termsAccepted'>> & { termsAccepted?: boolean } = {}) {
  const { submissionId: _, ...formData } = sellFormInput(overrides);
  return { ...formData, termsAccepted };
}

/**
 * A pending listing of the user signed in on `request`, with `fileCount` real ticket PDFs, each
 * with a code of its own, at 50 € face value (sold at 45 € unless `sellingPrice` says otherwise).
 * Dated late in the year: approved, it stays off the first pages of the public list that other
 * specs read.
 */
export async function createPendingListing(
  request: APIRequestContext,
  eventName: string,
  {
    fileCount = 1,
    additionalInfo = '',
    sellingPrice = '45,00',
  }: { fileCount?: number; additionalInfo?: string; sellingPrice?: string } = {},
): Promise<SellerListing> {
  const files = await Promise.all(
    Array.from({ length: fileCount }, async (_, index) => {
      const pdf = await renderTicketPdf({
        eventName,
        dateText: '1.11.2027 klo 19.00',
        venue: 'Areena',
        city: 'Helsinki',
        ticketType: 'Peruslippu',
        seatText: 'Vapaa sijoitus',
        ticketNumber: index + 1,
        totalTickets: fileCount,
        code: `E2E-${randomUUID()}`,
      });
      return { name: `lippu-${index + 1}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from(pdf) };
    }),
  );
  const listing = sellFormInput({
    eventName,
    eventDate: addDays(helsinkiDate(new Date()), 330),
    ticketCount: fileCount,
    sellingPrice,
    additionalInfo,
  });

  // Playwright's multipart takes one file per field name: the form is built by hand for several.
  const form = new FormData();
  form.append('listing', JSON.stringify(listing));
  for (const file of files) form.append('files', new Blob([file.buffer], { type: file.mimeType }), file.name);
  const created = await request.post('/api/listings', { multipart: form });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { listing: SellerListing }).listing;
}

/** The demo admin's API, signed in and unlocked, on a context of its own (dispose it after). */
export async function openAdminApi(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string | undefined,
): Promise<APIRequestContext> {
  const admin = await playwright.request.newContext({ baseURL });
  expect((await admin.post('/api/auth/login', { data: demoAdmin })).ok()).toBe(true);
  expect((await admin.post('/api/admin/access', { data: { key: demoAdminAccessKey } })).ok()).toBe(true);
  return admin;
}

/**
 * The user signed in on `request` buys the listed listing with the test card that pays (or
 * another test card), paying as `email`.
 */
export async function payForListing(
  request: APIRequestContext,
  listing: { id: string; listingPriceCents: number },
  email: string,
  cardNumber: string = testCards.succeeds,
): Promise<void> {
  const reserved = await request.post(`/api/purchases/${listing.id}/reservation`, {
    data: { priceCents: listing.listingPriceCents },
  });
  expect(reserved.ok(), await reserved.text()).toBe(true);
  const { clientSecret } = (await reserved.json()) as { clientSecret: string };
  const paid = await request.post('/api/payments/local/confirm', {
    data: {
      clientSecret,
      cardNumber,
      expiry: '12/34',
      cvc: '123',
      name: 'Testi Ostaja',
      email,
    },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
}

/**
 * A new buyer, on a context of their own, buys the listed listing with the test card that pays;
 * returns the buyer's address (their mail shows in the development mailbox).
 */
export async function buyAsNewBuyer(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string | undefined,
  listing: { id: string; listingPriceCents: number },
  what: string,
): Promise<string> {
  const buyer = await playwright.request.newContext({ baseURL });
  const { email } = await signUpNewUser(buyer, what, 'Ostaja');
  await payForListing(buyer, listing, email);
  await buyer.dispose();
  return email;
}

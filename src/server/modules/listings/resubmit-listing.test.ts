import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, helsinkiDate, helsinkiDateTime } from '#shared/dates.ts';
import { sellingMessages } from '#shared/listings/selling-messages.ts';
import { calculatePrices } from '#shared/pricing.ts';
import { listingDuplicateAttempts, listingFiles, listings, outbox } from '../../db/schema/index.ts';
import { insertListing, signUp } from '../../test/listing-fixtures.ts';
import { sellFormInput } from '../../test/sell-form-input.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// A rejected listing, corrected and sent back for review (POST /api/listings/:id/resubmission):
// only the seller's own, only while rejected, once, with the files it has.

let t: TestApp;
let seller = { id: '', cookie: '' };
let other = { id: '', cookie: '' };

beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  seller = await signUp(t.app, 'hylatty_myyja');
  other = await signUp(t.app, 'toinen_myyja');
});
afterAll(() => t.close());

/** The form's fields as the resubmit page sends them: the wizard's, less the terms and the IBAN. */
function corrected(overrides: Record<string, unknown> = {}) {
  const { iban: _iban, termsAccepted: _terms, submissionId: _id, ...fields } = sellFormInput();
  return { ...fields, ...overrides };
}

async function rejectedListing(sellerId = seller.id, fileCount = 1) {
  const listing = await insertListing(t.app, { sellerId, status: 'rejected', fileCount });
  await t.app.db
    .update(listings)
    .set({ rejectionReason: 'Päivämäärä on väärin', moderatedAt: new Date() })
    .where(eq(listings.id, listing.id));
  return listing;
}

const resubmit = (id: string, cookie: string | undefined, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/listings/${id}/resubmission`,
    payload: payload as object,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  });

const rowOf = async (id: string) => (await t.app.db.select().from(listings).where(eq(listings.id, id)))[0];

describe('resubmitting a rejected listing', () => {
  it('sends the corrected listing back for review with its files, and tells the team', async () => {
    const listing = await rejectedListing();
    const eventDate = addDays(helsinkiDate(new Date()), 40);
    const response = await resubmit(
      listing.id,
      seller.cookie,
      corrected({
        eventName: 'Korjattu konsertti',
        eventDate,
        eventTime: '20:30',
        hasAssignedSeat: 'kylla',
        seatInfo: [{ sector: 'A', row: '3', seat: '7' }],
        sellingPrice: '40,00',
        additionalInfo: 'Päivä korjattu',
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const prices = calculatePrices(4000, 0);
    expect(response.json().listing).toMatchObject({
      id: listing.id,
      status: 'pending',
      eventName: 'Korjattu konsertti',
      eventDate: helsinkiDateTime(eventDate, '20:30').toISOString(),
      seatInfo: [{ sector: 'A', row: '3', seat: '7' }],
      sellingPriceCents: 4000,
      listingPriceCents: prices.listingPriceCents,
      sellerReceivableCents: prices.sellerReceivableCents,
      rejectionReason: null,
      files: [{ fileName: listing.files[0]?.fileName }],
    });
    expect(await rowOf(listing.id)).toMatchObject({ moderatedAt: null, moderatedBy: null });
    const mails = await t.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, t.config.site.supportEmail));
    expect(mails.some((mail) => mail.subject === '[Tarkastettavana] Korjattu konsertti')).toBe(true);
  });

  it('keeps the ticket count of its files', async () => {
    const listing = await rejectedListing(seller.id, 2);
    const response = await resubmit(listing.id, seller.cookie, corrected({ ticketCount: 3 }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toEqual([
      { path: 'ticketCount', message: sellingMessages.resubmitTicketCount(2) },
    ]);
    expect((await rowOf(listing.id))?.status).toBe('rejected');
  });

  it('refuses visitors, other sellers, unknown listings and any listing that is not rejected', async () => {
    const listing = await rejectedListing();
    expect((await resubmit(listing.id, undefined, corrected())).statusCode).toBe(401);
    const foreign = await resubmit(listing.id, other.cookie, corrected());
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.message).toBe(sellingMessages.noEditRight);
    const missing = await resubmit(randomUUID(), seller.cookie, corrected());
    expect(missing.statusCode).toBe(404);
    expect((await rowOf(listing.id))?.status).toBe('rejected');
    for (const status of ['pending', 'listed', 'sold', 'removed', 'expired'] as const) {
      const notRejected = await insertListing(t.app, { sellerId: seller.id, status });
      const refused = await resubmit(notRejected.id, seller.cookie, corrected({ eventName: 'Ohitus' }));
      expect(refused.statusCode, status).toBe(409);
      expect(refused.json().error.message).toBe(sellingMessages.resubmitOnlyRejected);
      expect((await rowOf(notRejected.id))?.eventName).not.toBe('Ohitus');
    }
  });

  it('goes back once when sent twice at once', async () => {
    const listing = await rejectedListing();
    const answers = await Promise.all([
      resubmit(listing.id, seller.cookie, corrected()),
      resubmit(listing.id, seller.cookie, corrected()),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('refuses when its tickets were listed again meanwhile, and records the attempt', async () => {
    const listing = await rejectedListing();
    const again = await insertListing(t.app, { sellerId: seller.id, status: 'pending' });
    const [file] = await t.app.db.select().from(listingFiles).where(eq(listingFiles.listingId, listing.id));
    await t.app.db
      .update(listingFiles)
      .set({ sha256: file?.sha256 ?? '' })
      .where(eq(listingFiles.listingId, again.id));
    const response = await resubmit(listing.id, seller.cookie, corrected());
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('ticket-already-on-sale');
    expect((await rowOf(listing.id))?.status).toBe('rejected');
    const attempts = await t.app.db
      .select()
      .from(listingDuplicateAttempts)
      .where(eq(listingDuplicateAttempts.existingListingId, again.id));
    expect(attempts).toHaveLength(1);
  });

  it('answers hostile input with a Finnish 400 and changes nothing', async () => {
    const listing = await rejectedListing();
    const bodies = [
      corrected({ eventName: 'Konsertti\u0000' }),
      corrected({ additionalInfo: 'x\u0000y' }),
      corrected({ eventName: 'x'.repeat(100_000) }),
      corrected({ ticketCount: 'kaksi' }),
      corrected({ sellingPrice: 12 }),
      corrected({ seatInfo: 'A' }),
      corrected({ eventDate: '2020-01-01' }),
      corrected({ sellingPrice: '60,00' }),
      null,
      [],
    ];
    for (const body of bodies) {
      const response = await resubmit(listing.id, seller.cookie, body);
      expect(response.statusCode, JSON.stringify(body)?.slice(0, 80)).toBe(400);
      expect(response.json().error.message).toMatch(/^[A-ZÄÖ]/);
    }
    expect((await resubmit('%00', seller.cookie, corrected())).statusCode).toBe(400);
    expect(await rowOf(listing.id)).toMatchObject({ status: 'rejected', eventName: listing.eventName });
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PersonalDataExport, personalDataFormat } from '#shared/accounts/personal-data.schema.ts';
import { errorMessages } from '#shared/errors.ts';
import {
  adminAuditLog,
  analyticsEvents,
  complaintEvidence,
  complaints,
  contactMessages,
  deletedUsers,
  listingDuplicateAttempts,
  listings,
  newsletterSubscribers,
  paymentAdjustments,
  payoutTracking,
  reservations,
  sales,
  sessions,
  users,
} from '../../db/schema/index.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { insertListing, insertSoldListing, signUp } from '../../test/listing-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { startPayoutTracking } from '../payouts/payouts.service.ts';
import { archiveRetentionMonths, purgeExpiredAccountArchives } from './purge-account-archives.ts';

// "My data" (issue 24): one JSON file of everything stored about the signed-in person, and nothing
// of anyone else's; and the archive of deleted accounts emptied when the retention period ends.

let t: TestApp;
type Person = Awaited<ReturnType<typeof signUp>>;
let seller: Person;
let buyer: Person;
let other: Person;
const soldToBuyer = { listingId: '', saleId: '' };
const othersSale = { listingId: '', saleId: '' };
let rejectedId = '';
let othersListingId = '';

async function exportOf(cookie: string) {
  const response = await t.app.inject({ method: 'GET', url: '/api/account/data', headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return { response, text: response.body, data: response.json() as PersonalDataExport };
}

/** Everything that makes a person a person, as it would show in someone else's file. */
const traces = (person: Person) => [person.id, person.email, person.email.split('@')[0] ?? ''];

beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  seller = await signUp(t.app, 'myyja_Tiedot');
  buyer = await signUp(t.app, 'ostaja_tiedot');
  other = await signUp(t.app, 'toinen_ihminen');
  await t.app.db.update(users).set({ iban: 'FI2112345600000785' }).where(eq(users.id, seller.id));

  const sold = await insertSoldListing(t.app, { sellerId: seller.id, buyerId: buyer.id });
  const [sale] = await t.app.db.select().from(sales).where(eq(sales.listingId, sold.id));
  soldToBuyer.listingId = sold.id;
  soldToBuyer.saleId = sale?.id ?? '';
  await startPayoutTracking(t.app.db, { id: soldToBuyer.saleId, eventDate: sold.eventDate });
  await t.app.db
    .update(payoutTracking)
    .set({ status: 'paid', paymentReference: 'RF18 1234', paymentDate: new Date(), notes: 'Maksettu' })
    .where(eq(payoutTracking.saleId, soldToBuyer.saleId));
  // The provider's secret of the buyer's payment: for the card form only, never in a file.
  await t.app.db
    .update(reservations)
    .set({ clientSecret: 'pi_secret_ostajan_maksu' })
    .where(eq(reservations.listingId, sold.id));
  await t.app.db.insert(paymentAdjustments).values({
    providerId: 'ch_test_refund',
    kind: 'refund',
    saleId: soldToBuyer.saleId,
    amountCents: 500,
    status: 'refunded',
  });
  // The buyer's complaint about it, answered by the seller; each side attached a file.
  const [complaint] = await t.app.db
    .insert(complaints)
    .values({
      saleId: soldToBuyer.saleId,
      buyerId: buyer.id,
      sellerId: seller.id,
      reason: 'already_used',
      description: 'Portilla lippu näkyi jo käytettynä.',
      payoutPaidBeforeComplaint: true,
      sellerResponse: 'Myin lipun käyttämättömänä.',
      sellerRespondedAt: new Date(),
    })
    .returning({ id: complaints.id });
  await t.app.db.insert(complaintEvidence).values(
    (['buyer', 'seller'] as const).map((party, position) => ({
      complaintId: complaint?.id ?? '',
      party,
      fileKey: `complaints/${complaint?.id}/${party}.webp`,
      originalFileName: `${party}-todiste.jpg`,
      contentType: 'image/webp' as const,
      sizeBytes: 100,
      position,
    })),
  );
  const rejected = await insertListing(t.app, { sellerId: seller.id, status: 'rejected' });
  rejectedId = rejected.id;
  await t.app.db
    .update(listings)
    .set({ rejectionReason: 'Lipun päivämäärä ei täsmää' })
    .where(eq(listings.id, rejectedId));
  await t.app.db.insert(listingDuplicateAttempts).values({
    attemptedBy: seller.id,
    existingListingId: soldToBuyer.listingId,
    matchedBy: 'barcode',
    eventName: 'Kopioitu konsertti',
    originalFileName: 'kopio.pdf',
  });
  await t.app.db.insert(contactMessages).values({
    name: 'Myyjä Tiedot',
    // Typed in another case than the account's: still the same person's.
    email: seller.email.toUpperCase(),
    subject: 'Tilitys',
    message: 'Milloin rahat tulevat?',
  });
  await t.app.db.insert(newsletterSubscribers).values({ email: seller.email });
  await enqueueMail(t.app.db, {
    to: seller.email,
    subject: 'Salasanan palautus',
    text: 'Avaa linkki: https://lipputori.example/uusi-salasana?oobCode=salainen-koodi',
  });
  await t.app.db.insert(adminAuditLog).values({
    adminId: other.id,
    action: 'listing.reject',
    entityType: 'listing',
    entityId: rejectedId,
    before: { status: 'pending' },
    after: { status: 'rejected' },
  });
  await t.app.db.insert(analyticsEvents).values({ category: 'tickets', action: 'view', userId: seller.id });

  // Someone else's life on the same service: none of it may show in the seller's file.
  const othersSold = await insertSoldListing(t.app, { sellerId: other.id, buyerId: buyer.id });
  const [otherSaleRow] = await t.app.db.select().from(sales).where(eq(sales.listingId, othersSold.id));
  othersSale.listingId = othersSold.id;
  othersSale.saleId = otherSaleRow?.id ?? '';
  await startPayoutTracking(t.app.db, { id: othersSale.saleId, eventDate: othersSold.eventDate });
  othersListingId = (await insertListing(t.app, { sellerId: other.id, status: 'listed' })).id;
  await t.app.db.insert(contactMessages).values({
    name: 'Toinen',
    email: other.email,
    subject: 'Toisen asia',
    message: 'Ei kuulu myyjälle',
  });
  await t.app.db.insert(newsletterSubscribers).values({ email: other.email });
  await enqueueMail(t.app.db, { to: other.email, subject: 'Toisen posti', text: 'x' });
  await t.app.db.insert(adminAuditLog).values({
    adminId: seller.id,
    action: 'listing.approve',
    entityType: 'listing',
    entityId: othersListingId,
    before: { status: 'pending' },
    after: { status: 'listed' },
  });
  await t.app.db.insert(analyticsEvents).values({ category: 'tickets', action: 'toisen', userId: other.id });
});

afterAll(() => t.close());

describe('GET /api/account/data', () => {
  it("sends the seller's file as an attachment nobody caches", async () => {
    const { response, data } = await exportOf(seller.cookie);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="lipputori-omat-tiedot-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(data.format).toBe(personalDataFormat);
    expect(data.about).toContain('Rahamäärät ovat sentteinä');
  });

  it('holds every kind of record the seller has', async () => {
    const { data } = await exportOf(seller.cookie);
    expect(data.account).toMatchObject({
      id: seller.id,
      email: seller.email,
      iban: 'FI2112345600000785',
      hasPassword: false,
      isAdmin: false,
    });
    expect(data.sessions).toEqual([expect.objectContaining({ current: true })]);
    expect(data.listings.map((listing) => listing.id).sort()).toEqual(
      [soldToBuyer.listingId, rejectedId].sort(),
    );
    expect(data.listings.find((listing) => listing.id === rejectedId)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Lipun päivämäärä ei täsmää',
    });
    expect(data.listings.find((listing) => listing.id === soldToBuyer.listingId)?.files).toEqual([
      expect.objectContaining({
        sizeBytes: expect.any(Number),
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      }),
    ]);
    expect(data.refusedDuplicates).toEqual([
      expect.objectContaining({
        eventName: 'Kopioitu konsertti',
        originalFileName: 'kopio.pdf',
        matchedBy: 'barcode',
      }),
    ]);
    expect(data.sales).toEqual([
      expect.objectContaining({
        saleId: soldToBuyer.saleId,
        payout: expect.objectContaining({ status: 'paid', paymentReference: 'RF18 1234', notes: 'Maksettu' }),
        refund: null,
        paymentAdjustments: [expect.objectContaining({ kind: 'refund', amountCents: 500 })],
      }),
    ]);
    expect(data.purchases).toEqual([]);
    expect(data.complaints).toEqual([
      expect.objectContaining({
        role: 'seller',
        saleId: soldToBuyer.saleId,
        reason: 'already_used',
        sellerResponse: 'Myin lipun käyttämättömänä.',
        resolution: null,
        ownEvidence: [expect.objectContaining({ fileName: 'seller-todiste.jpg' })],
      }),
    ]);
    expect(data.newsletter).toMatchObject({ email: seller.email, status: 'pending', confirmedAt: null });
    expect(data.contactMessages).toEqual([expect.objectContaining({ subject: 'Tilitys' })]);
    expect(data.mails).toEqual([expect.objectContaining({ subject: 'Salasanan palautus', sentAt: null })]);
    expect(data.adminActions).toEqual([
      expect.objectContaining({ action: 'listing.reject', entityType: 'listing', entityId: rejectedId }),
    ]);
    expect(data.analyticsEvents).toEqual([expect.objectContaining({ category: 'tickets', action: 'view' })]);
  });

  it("holds nothing of another person: not the buyer of the seller's ticket, not another seller", async () => {
    const { text } = await exportOf(seller.cookie);
    for (const trace of [...traces(buyer), ...traces(other)]) expect(text).not.toContain(trace);
    for (const id of [othersSale.saleId, othersSale.listingId, othersListingId])
      expect(text).not.toContain(id);
    expect(text).not.toContain('Toisen');
    expect(text).not.toContain('toisen');
    // The acting admin is not named either (the other person reviewed the seller's listing).
    expect(text).not.toContain('adminId');
  });

  it('holds no secret: no session token or its hash, no mail body with its link, no payment secret', async () => {
    const { text } = await exportOf(seller.cookie);
    const token = seller.cookie.replace('lt_session=', '');
    const [session] = await t.app.db.select().from(sessions).where(eq(sessions.userId, seller.id));
    expect(text).not.toContain(token);
    expect(text).not.toContain(session?.tokenHash ?? 'no session');
    expect(text).not.toContain('salainen-koodi');
    expect(text).not.toMatch(/passwordHash|clientSecret|storageKey|fileKey|tokenHash|[Tt]oken/);
    expect(text).not.toContain('complaints/');
    const [subscription] = await t.app.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, seller.email));
    expect(text).not.toContain(subscription?.unsubscribeToken ?? 'no subscription');
  });

  it("gives the buyer their purchases from both sellers, without the sellers' money or identity", async () => {
    const { data, text } = await exportOf(buyer.cookie);
    expect(data.purchases.map((purchase) => purchase.saleId).sort()).toEqual(
      [soldToBuyer.saleId, othersSale.saleId].sort(),
    );
    expect(data.paymentAttempts).toHaveLength(2);
    expect(data.sales).toEqual([]);
    // Their complaint with their own file, not the seller's.
    expect(data.complaints).toEqual([
      expect.objectContaining({
        role: 'buyer',
        ownEvidence: [expect.objectContaining({ fileName: 'buyer-todiste.jpg' })],
      }),
    ]);
    expect(text).not.toContain('seller-todiste');
    expect(text).not.toMatch(/sellerReceivable|serviceFee|RF18 1234/);
    expect(text).not.toContain('pi_secret_ostajan');
    for (const trace of [...traces(seller), ...traces(other)]) expect(text).not.toContain(trace);
  });

  it('refuses a visitor and a deleted account, in Finnish', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/api/account/data' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.message).toBe(errorMessages.unauthenticated);

    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/account/data',
      headers: { cookie: `lt_session=${'A'.repeat(43)}\u0000` },
    });
    expect(forged.statusCode).toBe(401);

    const leaving = await signUp(t.app, 'lahtija');
    await t.app.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, leaving.id));
    const gone = await t.app.inject({
      method: 'GET',
      url: '/api/account/data',
      headers: { cookie: leaving.cookie },
    });
    expect(gone.statusCode).toBe(401);
    expect(gone.json().error.message).toBe(errorMessages.unauthenticated);
  });
});

describe('the limit on downloads', () => {
  it('lets five files through in a quarter of an hour and refuses the sixth, in Finnish', async () => {
    const limited = await createTestApp({ rateLimits: true });
    try {
      const person = await signUp(limited.app, 'ahkera_lataaja');
      const ask = () =>
        limited.app.inject({ method: 'GET', url: '/api/account/data', headers: { cookie: person.cookie } });
      const answers = await Promise.all(Array.from({ length: 6 }, ask));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 429]);
      const refused = answers.find((answer) => answer.statusCode === 429);
      expect(refused?.json().error.code).toBe('resource-exhausted');
      expect(refused?.json().error.message).toMatch(/[äö]/);
    } finally {
      await limited.close();
    }
  });
});

describe('the retention of deleted accounts', () => {
  async function archiveDeletedMonthsAgo(months: number, username: string) {
    const person = await signUp(t.app, username);
    await t.app.db.insert(deletedUsers).values({
      userId: person.id,
      userData: { email: person.email, firstName: 'testi', iban: 'FI2112345600000785' },
      deletedAt: sql`now() - make_interval(months => ${months})`,
      ticketsRemoved: 0,
      originalCollections: ['users'],
    });
    return person;
  }
  const archiveOf = async (userId: string) =>
    (await t.app.db.select().from(deletedUsers).where(eq(deletedUsers.userId, userId)))[0];

  it('empties the archive once the retention period is over, keeps the record of the deletion, and purges once', async () => {
    const expired = await archiveDeletedMonthsAgo(archiveRetentionMonths + 1, 'poistettu_kauan_sitten');
    const recent = await archiveDeletedMonthsAgo(archiveRetentionMonths - 1, 'poistettu_askettain');
    const unpaid = await archiveDeletedMonthsAgo(archiveRetentionMonths + 1, 'poistettu_maksamatta');
    const unpaidSale = await insertSoldListing(t.app, { sellerId: unpaid.id, buyerId: buyer.id });
    const [saleRow] = await t.app.db.select().from(sales).where(eq(sales.listingId, unpaidSale.id));
    await startPayoutTracking(t.app.db, { id: saleRow?.id ?? '', eventDate: unpaidSale.eventDate });

    expect(await purgeExpiredAccountArchives(t.app.db)).toBe(1);
    expect(await archiveOf(expired.id)).toMatchObject({ userData: {}, purgedAt: expect.any(Date) });
    expect((await archiveOf(expired.id))?.deletedAt).toBeInstanceOf(Date);
    expect(await archiveOf(recent.id)).toMatchObject({ userData: { email: recent.email }, purgedAt: null });
    // Its IBAN is still needed to pay the seller.
    expect(await archiveOf(unpaid.id)).toMatchObject({
      userData: { iban: 'FI2112345600000785' },
      purgedAt: null,
    });
    expect(await purgeExpiredAccountArchives(t.app.db)).toBe(0);

    await t.app.db
      .update(payoutTracking)
      .set({ status: 'paid' })
      .where(eq(payoutTracking.saleId, saleRow?.id ?? ''));
    expect(await purgeExpiredAccountArchives(t.app.db)).toBe(1);
    expect(await archiveOf(unpaid.id)).toMatchObject({ userData: {} });
  });
});

import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminListingsResponseSchema, auditResponseSchema } from '#shared/admin/admin.schema.ts';
import {
  adminAuditLog,
  listingAnalytics,
  listingBarcodes,
  listingDuplicateAttempts,
  listingFiles,
  listings,
  outbox,
  users,
} from '../../db/schema/index.ts';
import { adminAccessCookie, insertListing, signUp } from '../../test/listing-fixtures.ts';
import { readZip } from '../../test/read-zip.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { adminAccessCookieName } from './admin-access.ts';

// The admin area's routes for an admin who has unlocked it; who else is refused is
// admin-authorization.test.ts.

let t: TestApp;
type User = Awaited<ReturnType<typeof signUp>>;
let admin: User;
let otherAdmin: User;
let seller: User;
let unlocked = '';
let otherUnlocked = '';

beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  admin = await signUp(t.app, 'yllapitaja', { admin: true });
  otherAdmin = await signUp(t.app, 'toinen_yllapitaja', { admin: true });
  seller = await signUp(t.app, 'tarkastettava_myyja');
  unlocked = adminAccessCookie(t.app, admin);
  otherUnlocked = adminAccessCookie(t.app, otherAdmin);
});
afterAll(() => t.close());

const json = { 'content-type': 'application/json' };
const post = (url: string, cookie: string, payload: unknown = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...json, cookie },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
const get = (url: string, cookie = unlocked) => t.app.inject({ url, headers: { cookie } });

const pending = (options: { eventName?: string; fileCount?: number } = {}) =>
  insertListing(t.app, { sellerId: seller.id, status: 'pending', ...options });
const statusOf = async (id: string) => (await t.app.db.select().from(listings).where(eq(listings.id, id)))[0];
const auditRows = (entityId: string) =>
  t.app.db.select().from(adminAuditLog).where(eq(adminAuditLog.entityId, entityId));
const mailsTo = (address: string) => t.app.db.select().from(outbox).where(eq(outbox.toAddress, address));

describe('POST and GET /api/admin/access', () => {
  it("refuses a wrong key with the spec's message, sets no cookie and records nothing", async () => {
    const before = await auditRows(admin.id);
    const response = await post('/api/admin/access', admin.cookie, { key: 'väärä avain' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({ code: 'invalid-access-key', message: 'Invalid access key' });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await auditRows(admin.id)).toHaveLength(before.length);
  });

  it('opens the area for a day with the right key, and records it', async () => {
    const status = await get('/api/admin/access', admin.cookie);
    expect(status.json()).toEqual({ granted: false, expiresAt: null });

    const response = await post('/api/admin/access', admin.cookie, { key: t.config.adminAccessKey });
    expect(response.statusCode).toBe(200);
    const { granted, expiresAt } = response.json();
    expect(granted).toBe(true);
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now() + 23.9 * 3_600_000);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(new RegExp(`^${adminAccessCookieName}=`));
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);

    const access = setCookie.split(';')[0] ?? '';
    const cookie = `${admin.cookie}; ${access}`;
    expect((await get('/api/admin/access', cookie)).json()).toEqual({ granted: true, expiresAt });
    expect((await get('/api/admin/listings', cookie)).statusCode).toBe(200);
    const [row] = (await auditRows(admin.id)).filter((entry) => entry.action === 'admin.access');
    expect(row).toMatchObject({ adminId: admin.id, entityType: 'admin', before: null, after: { expiresAt } });
  });

  it('answers hostile keys with a Finnish 4xx', async () => {
    const cases: [unknown, number][] = [
      [{ key: 'avain\u0000' }, 400],
      [{ key: 'x'.repeat(201) }, 400],
      [{ key: 12345 }, 400],
      [{ key: ['a'] }, 400],
      [{}, 400],
      ['{"key":', 400],
      [{ key: 'x'.repeat(10 * 1024 * 1024) }, 413],
    ];
    for (const [payload, status] of cases) {
      const response = await post('/api/admin/access', admin.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(status);
      expect(response.json().error.message).toMatch(/[äöÄÖ]|Virheelli|Tekstissä|Pyynnön/);
    }
  });
});

describe('GET /api/admin/listings?status=pending', () => {
  it('lists the pending listings newest first with seller, file findings and duplicate attempts', async () => {
    const reviewer = await signUp(t.app, 'uusi_myyja');
    await t.app.db.update(users).set({ iban: 'fi21 1234 5600 0007 85' }).where(eq(users.id, reviewer.id));
    const older = await insertListing(t.app, {
      sellerId: reviewer.id,
      status: 'pending',
      eventName: 'Vanhempi',
    });
    const newer = await insertListing(t.app, {
      sellerId: reviewer.id,
      status: 'pending',
      eventName: 'Uudempi',
      fileCount: 2,
    });
    await t.app.db
      .update(listings)
      .set({ createdAt: new Date(Date.now() - 60_000), imageSource: 'default' })
      .where(eq(listings.id, older.id));
    const listed = await insertListing(t.app, {
      sellerId: reviewer.id,
      status: 'listed',
      eventName: 'Myynnissä',
    });
    const [first, second] = newer.files;
    await t.app.db
      .update(listingFiles)
      .set({ pageCount: 2 })
      .where(eq(listingFiles.id, first?.id ?? ''));
    await t.app.db.insert(listingBarcodes).values(
      [1, 2].map((page) => ({
        listingId: newer.id,
        fileId: first?.id ?? '',
        format: 'QRCode',
        fingerprint: randomUUID(),
        page,
      })),
    );
    const copier = await signUp(t.app, 'kopioija');
    await t.app.db.insert(listingDuplicateAttempts).values([
      // The seller tried to list a ticket that their own listed listing holds.
      {
        attemptedBy: reviewer.id,
        existingListingId: listed.id,
        matchedBy: 'barcode',
        eventName: 'Myynnissä',
        originalFileName: 'sama.pdf',
      },
      // Someone else tried to list the ticket the newer listing holds.
      {
        attemptedBy: copier.id,
        existingListingId: newer.id,
        matchedBy: 'file',
        eventName: 'Uudempi',
        originalFileName: 'kopio.pdf',
      },
    ]);

    const response = await get('/api/admin/listings?status=pending');
    expect(response.statusCode).toBe(200);
    const { listings: found } = adminListingsResponseSchema.parse(response.json());
    expect(found.every((listing) => listing.status === 'pending')).toBe(true);
    const ids = found.map((listing) => listing.id);
    expect(ids).not.toContain(listed.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const times = found.map((listing) => listing.createdAt);
    expect(times).toEqual([...times].sort().reverse());

    const card = found.find((listing) => listing.id === newer.id);
    expect(card).toMatchObject({
      eventName: 'Uudempi',
      ticketCount: 2,
      imageSource: null,
      seller: {
        id: reviewer.id,
        username: 'uusi_myyja',
        firstName: 'testi',
        lastName: 'käyttäjä',
        email: 'uusi_myyja@example.fi',
        iban: 'FI2112345600000785',
      },
      files: [
        {
          id: first?.id,
          fileName: first?.fileName,
          fileNumber: 1,
          pageCount: 2,
          barcodeCount: 2,
          activeContent: null,
        },
        {
          id: second?.id,
          fileName: second?.fileName,
          fileNumber: 2,
          pageCount: null,
          barcodeCount: 0,
          activeContent: null,
        },
      ],
      sellerDuplicateAttempts: [
        {
          attemptedBy: { id: reviewer.id, username: 'uusi_myyja', email: 'uusi_myyja@example.fi' },
          matchedBy: 'barcode',
          originalFileName: 'sama.pdf',
          existingListing: { id: listed.id, eventName: 'Myynnissä', status: 'listed' },
        },
      ],
      duplicateAttemptsOnListing: [
        {
          attemptedBy: { id: copier.id, username: 'kopioija', email: 'kopioija@example.fi' },
          matchedBy: 'file',
          originalFileName: 'kopio.pdf',
          existingListing: { id: newer.id, eventName: 'Uudempi', status: 'pending' },
        },
      ],
    });
    expect(found.find((listing) => listing.id === older.id)).toMatchObject({
      imageSource: 'default',
      duplicateAttemptsOnListing: [],
      sellerDuplicateAttempts: [{ originalFileName: 'sama.pdf' }],
    });
  });

  it('takes no other status than pending', async () => {
    for (const query of ['?status=listed', '?status=%00', '?status=pending&status=sold']) {
      const response = await get(`/api/admin/listings${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('invalid-argument');
    }
    expect((await get('/api/admin/listings')).statusCode).toBe(200);
  });
});

describe('POST /api/admin/listings/:id/approve', () => {
  it('puts the listing on sale, counts it, records it and mails the seller, in one go', async () => {
    const listing = await pending({ eventName: 'Rockfestivaali Tampereella', fileCount: 3 });
    const response = await post(`/api/admin/listings/${listing.id}/approve`, unlocked);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: listing.id, status: 'listed' });
    expect(await statusOf(listing.id)).toMatchObject({ status: 'listed', moderatedBy: admin.id });
    expect((await statusOf(listing.id))?.moderatedAt).toBeInstanceOf(Date);
    const analytics = await t.app.db
      .select()
      .from(listingAnalytics)
      .where(eq(listingAnalytics.listingId, listing.id));
    expect(analytics).toEqual([{ listingId: listing.id, ticketCount: 3, approvalDate: expect.any(Date) }]);
    expect(await auditRows(listing.id)).toMatchObject([
      {
        adminId: admin.id,
        action: 'listing.approve',
        entityType: 'listing',
        before: { status: 'pending' },
        after: { status: 'listed' },
      },
    ]);
    const mail = (await mailsTo(seller.email)).find((row) => row.subject.includes('Rockfestivaali'));
    expect(mail?.subject).toBe('Lippusi on hyväksytty myyntiin: Rockfestivaali Tampereella');
    expect(mail?.textBody).toContain(`${t.config.publicUrl}/liput/${listing.id}`);
    // The public list shows it at once.
    const list = await t.app.inject({ url: '/api/tickets?searchTerm=rockfestivaali' });
    expect(list.json().items.map((item: { id: string }) => item.id)).toContain(listing.id);
  });

  it('answers a listing decided already with 409, and an unknown one with 404', async () => {
    const listing = await pending();
    expect((await post(`/api/admin/listings/${listing.id}/approve`, unlocked)).statusCode).toBe(200);
    const again = await post(`/api/admin/listings/${listing.id}/approve`, otherUnlocked);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'listing-already-moderated',
      message: 'Lippu ei enää odota tarkistusta: toinen ylläpitäjä ehti käsitellä sen tai myyjä poisti sen.',
    });
    const sold = await insertListing(t.app, { sellerId: seller.id, status: 'sold' });
    expect((await post(`/api/admin/listings/${sold.id}/approve`, unlocked)).statusCode).toBe(409);
    const unknown = await post(`/api/admin/listings/${randomUUID()}/approve`, unlocked);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({ code: 'not-found', message: 'Lippua ei löytynyt' });
    for (const id of ['ei-uuid', `${randomUUID()}x`, '..']) {
      const malformed = await post(`/api/admin/listings/${id}/approve`, unlocked);
      expect(malformed.statusCode, id).toBe(404);
    }
    expect(await auditRows(listing.id)).toHaveLength(1);
  });

  it('lets exactly one of ten admins approving at once win: one analytics row, one mail, one audit row', async () => {
    const listing = await pending({ eventName: 'Kilpajuoksu' });
    const before = (await mailsTo(seller.email)).length;
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        post(`/api/admin/listings/${listing.id}/approve`, n % 2 ? unlocked : otherUnlocked),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    const analytics = await t.app.db
      .select()
      .from(listingAnalytics)
      .where(eq(listingAnalytics.listingId, listing.id));
    expect(analytics).toHaveLength(1);
    expect(await auditRows(listing.id)).toHaveLength(1);
    expect((await mailsTo(seller.email)).length - before).toBe(1);
  });

  it('lets one of an approval and a rejection racing each other win, and only its effects land', async () => {
    for (let round = 0; round < 5; round++) {
      const listing = await pending({ eventName: `Kisa ${round}` });
      const before = (await mailsTo(seller.email)).length;
      const [approve, reject] = await Promise.all([
        post(`/api/admin/listings/${listing.id}/approve`, unlocked),
        post(`/api/admin/listings/${listing.id}/reject`, otherUnlocked, { reason: 'Epäselvä lippu' }),
      ]);
      expect([approve.statusCode, reject.statusCode].sort()).toEqual([200, 409]);
      const row = await statusOf(listing.id);
      expect(row?.status).toBe(approve.statusCode === 200 ? 'listed' : 'rejected');
      expect(row?.rejectionReason).toBe(approve.statusCode === 200 ? null : 'Epäselvä lippu');
      const audit = await auditRows(listing.id);
      expect(audit.map((entry) => entry.action)).toEqual([
        approve.statusCode === 200 ? 'listing.approve' : 'listing.reject',
      ]);
      const analytics = await t.app.db
        .select()
        .from(listingAnalytics)
        .where(eq(listingAnalytics.listingId, listing.id));
      expect(analytics).toHaveLength(approve.statusCode === 200 ? 1 : 0);
      expect((await mailsTo(seller.email)).length - before).toBe(1);
    }
  });
});

describe('POST /api/admin/listings/:id/reject', () => {
  it('turns the listing down with the trimmed reason, records it and mails the reason', async () => {
    const listing = await pending({ eventName: 'Hylättävä' });
    const response = await post(`/api/admin/listings/${listing.id}/reject`, unlocked, {
      reason: '  Lippu ei täytä laatuvaatimuksia  ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: listing.id, status: 'rejected' });
    const row = await statusOf(listing.id);
    expect(row).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Lippu ei täytä laatuvaatimuksia',
      moderatedBy: admin.id,
    });
    expect(row?.moderatedAt).toBeInstanceOf(Date);
    expect(await auditRows(listing.id)).toMatchObject([
      {
        action: 'listing.reject',
        before: { status: 'pending' },
        after: { status: 'rejected', rejectionReason: 'Lippu ei täytä laatuvaatimuksia' },
      },
    ]);
    const mail = (await mailsTo(seller.email)).find((entry) => entry.subject.includes('Hylättävä'));
    expect(mail?.subject).toBe('Lippuasi ei hyväksytty myyntiin: Hylättävä');
    expect(mail?.textBody).toContain('Syy: Lippu ei täytä laatuvaatimuksia');
    const analytics = await t.app.db
      .select()
      .from(listingAnalytics)
      .where(eq(listingAnalytics.listingId, listing.id));
    expect(analytics).toEqual([]);
    // Decided: a second decision loses.
    const again = await post(`/api/admin/listings/${listing.id}/reject`, unlocked, { reason: 'Uudestaan' });
    expect(again.statusCode).toBe(409);
  });

  it('answers hostile and missing reasons with a Finnish 4xx and changes nothing', async () => {
    const listing = await pending();
    const cases: [unknown, number, string][] = [
      [{ reason: '   ' }, 400, 'Hylkäyksen syy on pakollinen'],
      [{ reason: '' }, 400, 'Hylkäyksen syy on pakollinen'],
      [{ reason: 'x'.repeat(501) }, 400, 'Hylkäyksen syy voi olla enintään 500 merkkiä pitkä'],
      [{ reason: 'syy\u0000' }, 400, 'Tekstissä on merkkejä, joita ei voi käyttää'],
      [{ reason: 42 }, 400, ''],
      [{ reason: null }, 400, ''],
      [{ reason: { syy: 'x' } }, 400, ''],
      [{}, 400, ''],
      [[], 400, 'Pyynnön sisältö puuttuu tai on väärän muotoinen'],
      ['{"reason":', 400, ''],
      [{ reason: 'x'.repeat(10 * 1024 * 1024) }, 413, 'Lähetetty tieto on liian suuri'],
    ];
    for (const [payload, status, message] of cases) {
      const response = await post(`/api/admin/listings/${listing.id}/reject`, unlocked, payload);
      const label = JSON.stringify(payload).slice(0, 40);
      expect(response.statusCode, label).toBe(status);
      const error = response.json().error;
      if (message) expect(error.message, label).toBe(message);
      else expect(error.message, label).not.toMatch(/Invalid|expected|received/);
    }
    expect((await statusOf(listing.id))?.status).toBe('pending');
    expect(await auditRows(listing.id)).toEqual([]);
  });
});

describe('GET /api/admin/listings/:id/files', () => {
  it('gives each file an address to show, one to save it, its pages, and the package', async () => {
    const listing = await pending({ eventName: 'Tiedostot', fileCount: 2 });
    await t.app.db
      .update(listingFiles)
      .set({ pageCount: 3 })
      .where(eq(listingFiles.id, listing.files[0]?.id ?? ''));
    const response = await get(`/api/admin/listings/${listing.id}/files`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      eventName: 'Tiedostot',
      files: listing.files.map((file, index) => ({
        id: file.id,
        fileName: file.fileName,
        url: `/api/tickets/${listing.id}/files/${file.id}`,
        pageCount: index === 0 ? 3 : null,
        pagesUrl: `/api/tickets/${listing.id}/files/${file.id}/pages/`,
      })),
      downloadUrl: `/api/tickets/${listing.id}/download`,
    });
    const shown = await get(body.files[1].url);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-disposition']).toMatch(/^inline;/);
    expect(shown.rawPayload.equals(listing.files[1]?.bytes ?? Buffer.alloc(0))).toBe(true);
    const saved = await get(`${body.files[0].url}?download=1`);
    expect(saved.headers['content-disposition']).toMatch(/^attachment;/);
    const zip = await get(body.downloadUrl);
    expect(zip.statusCode).toBe(200);
    expect(readZip(zip.rawPayload)).toHaveLength(2);
    // Without the access cookie the same addresses are closed to the admin.
    expect((await get(body.files[1].url, admin.cookie)).statusCode).toBe(403);
  });

  it('serves a listing of any status, and 404 for an unknown one', async () => {
    for (const status of ['listed', 'sold', 'rejected', 'removed', 'expired'] as const) {
      const listing = await insertListing(t.app, { sellerId: seller.id, status });
      const response = await get(`/api/admin/listings/${listing.id}/files`);
      expect(response.statusCode, status).toBe(200);
      expect(response.json().files).toHaveLength(1);
    }
    const unknown = await get(`/api/admin/listings/${randomUUID()}/files`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Lippua ei löytynyt');
  });
});

describe('GET /api/admin/audit', () => {
  it('lists the newest entries first with the admin who made them', async () => {
    const [a, b] = [await pending(), await pending()];
    await post(`/api/admin/listings/${a.id}/approve`, unlocked);
    await post(`/api/admin/listings/${b.id}/reject`, otherUnlocked, { reason: 'Väärä tapahtuma' });
    // An entry's time is its transaction's start, and two requests may share one (PGlite's clock
    // counts milliseconds; a tie falls to the random id): the two are dated one and two seconds
    // ahead, so that they are the newest and the rejection is the newer whatever the clock said.
    for (const [listing, seconds] of [
      [a, 1],
      [b, 2],
    ] as const)
      await t.app.db
        .update(adminAuditLog)
        .set({ createdAt: sql`now() + make_interval(secs => ${seconds})` })
        .where(eq(adminAuditLog.entityId, listing.id));
    const response = await get('/api/admin/audit?limit=2');
    expect(response.statusCode).toBe(200);
    const { entries } = auditResponseSchema.parse(response.json());
    expect(entries).toMatchObject([
      {
        action: 'listing.reject',
        entityType: 'listing',
        entityId: b.id,
        admin: { id: otherAdmin.id, username: 'toinen_yllapitaja', email: 'toinen_yllapitaja@example.fi' },
        after: { status: 'rejected', rejectionReason: 'Väärä tapahtuma' },
      },
      {
        action: 'listing.approve',
        entityId: a.id,
        admin: { id: admin.id, username: 'yllapitaja', email: 'yllapitaja@example.fi' },
      },
    ]);
    const all = (await get('/api/admin/audit')).json().entries as { at: string }[];
    expect(all.length).toBeGreaterThan(2);
    expect(all.map((entry) => entry.at)).toEqual([...all.map((entry) => entry.at)].sort().reverse());
  });

  it('takes a limit of 1 to 200 only', async () => {
    for (const limit of ['0', '201', '-1', 'abc', '1.5', '%00']) {
      const response = await get(`/api/admin/audit?limit=${limit}`);
      expect(response.statusCode, limit).toBe(400);
      expect(response.json().error.message, limit).not.toMatch(/Invalid|expected|received/);
    }
    expect((await get('/api/admin/audit?limit=1')).json().entries).toHaveLength(1);
  });
});

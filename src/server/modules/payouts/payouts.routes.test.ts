import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PayoutRefusal, payoutRefusalMessage } from '#shared/admin/payout-transitions.ts';
import {
  maxBulkPayoutUpdate,
  paymentIssueLabels,
  payoutCsvColumns,
  payoutMessages,
  payoutStatuses,
} from '#shared/admin/payouts.schema.ts';
import { unstorableTextMessage } from '#shared/text.ts';
import {
  adminAuditLog,
  complaints,
  listings,
  payoutTracking,
  reservations,
  sales,
  users,
} from '../../db/schema/index.ts';
import {
  adminAccessCookie,
  insertListing,
  insertSoldListing,
  signUp,
  testListingRow,
} from '../../test/listing-fixtures.ts';
import { multipartBody } from '../../test/multipart.ts';
import { buyWithTestCard } from '../../test/purchase-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { deleteAccount } from '../accounts/accounts.service.ts';
import { applyPaymentIssue } from './payout-lifecycle.ts';

// The admin's payment tracking through HTTP: the list, updates one at a time and in bulk, the CSV.

let t: TestApp;
const people = { admin: '', otherAdmin: '', buyer: '', seller: '', twin: '', evil: '' };
let adminId = '';
let otherAdminId = '';
let buyerId = '';
let sellerId = '';
let twinId = '';
let evilId = '';
const day = 86_400_000;
const evilName = '=HYPERLINK("http://evil.example","x")';

beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  const admin = await signUp(t.app, 'yllapitaja', { admin: true });
  const otherAdmin = await signUp(t.app, 'toinen_yllapitaja', { admin: true });
  const buyer = await signUp(t.app, 'ostaja');
  const seller = await signUp(t.app, 'myyja');
  const twin = await signUp(t.app, 'kaksonen');
  const evil = await signUp(t.app, 'paha');
  people.admin = adminAccessCookie(t.app, admin);
  people.otherAdmin = adminAccessCookie(t.app, otherAdmin);
  people.buyer = buyer.cookie;
  adminId = admin.id;
  otherAdminId = otherAdmin.id;
  buyerId = buyer.id;
  sellerId = seller.id;
  twinId = twin.id;
  evilId = evil.id;
  // The twin typed the seller's IBAN with spaces, in lower case: the same account all the same.
  await t.app.db.update(users).set({ iban: 'FI2112345600000785' }).where(eq(users.id, sellerId));
  await t.app.db.update(users).set({ iban: 'fi21 1234 5600 0007 85' }).where(eq(users.id, twinId));
  await t.app.db
    .update(users)
    .set({ firstName: evilName, lastName: '+358 40 123', iban: 'FI4950009420028730' })
    .where(eq(users.id, evilId));
});
afterAll(() => t.close());

/** A sale of `seller` whose event is `eventInDays` away, bought `boughtDaysAgo` ago: its id and its ticket's. */
async function soldTicket(seller: string, eventInDays: number, boughtDaysAgo: number) {
  const listing = await insertSoldListing(t.app, {
    sellerId: seller,
    buyerId,
    eventDate: new Date(Date.now() + eventInDays * day),
    purchaseDate: new Date(Date.now() - boughtDaysAgo * day),
  });
  const [row] = await t.app.db.select({ id: sales.id }).from(sales).where(eq(sales.listingId, listing.id));
  return { saleId: row?.id ?? '', ticketId: listing.id };
}

/** A sale of `seller` whose event is `eventInDays` away, bought `boughtDaysAgo` ago; its id. */
const sale = async (seller: string, eventInDays: number, boughtDaysAgo: number) =>
  (await soldTicket(seller, eventInDays, boughtDaysAgo)).saleId;

/** `count` sales written in three statements, for the bulk limits. */
async function manySales(count: number): Promise<string[]> {
  const rows = Array.from({ length: count }, () => ({
    ...testListingRow(sellerId, { status: 'sold', eventDate: new Date(Date.now() + 20 * day) }),
    id: randomUUID(),
    buyerId,
    soldAt: new Date(),
  }));
  await t.app.db.insert(listings).values(rows);
  const held = await t.app.db
    .insert(reservations)
    .values(
      rows.map((row) => ({
        listingId: row.id,
        buyerId,
        status: 'succeeded' as const,
        provider: 'local',
        paymentIntentId: `pi_bulk_${row.id}`,
        amountCents: row.listingPriceCents,
        serviceFeeCents: row.serviceFeeCents,
        sellerReceivableCents: row.sellerReceivableCents,
        expiresAt: new Date(),
      })),
    )
    .returning();
  const sold = await t.app.db
    .insert(sales)
    .values(
      held.map((reservation) => ({
        listingId: reservation.listingId,
        reservationId: reservation.id,
        buyerId,
        sellerId,
        paymentIntentId: reservation.paymentIntentId ?? '',
        purchaseDate: new Date(Date.now() - 400 * day),
        pricePaidCents: reservation.amountCents,
        serviceFeeCents: 135,
        sellerReceivableCents: 4365,
        eventDate: new Date(Date.now() + 20 * day),
        eventName: 'Joukkokonsertti',
      })),
    )
    .returning({ id: sales.id });
  return sold.map((row) => row.id);
}

const list = (query = '', cookie = people.admin) =>
  t.app.inject({ url: `/api/admin/sales${query}`, headers: { cookie } });

const patch = (url: string, payload: unknown, cookie = people.admin) =>
  t.app.inject({ method: 'PATCH', url, payload: payload as object, headers: { cookie } });

const payoutOf = async (saleId: string) =>
  (await t.app.db.select().from(payoutTracking).where(eq(payoutTracking.saleId, saleId)))[0];

/**
 * The payout changes of a sale in the audit log (a complaint's decision is logged on the sale too),
 * in no set order: an entry's time is its transaction's start, which two requests may share
 * (PGlite's clock counts milliseconds), and its id is random. Tests compare them as a set of
 * changes (`changesOf`) or follow their chain, each change's `before` the previous one's `after`.
 */
const auditOf = (saleId: string) =>
  t.app.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.entityId, saleId), eq(adminAuditLog.action, 'payout.update')));

/** A sale's payout changes as "before → after" statuses, sorted: a set, whatever their times. */
const changesOf = async (saleId: string) =>
  (await auditOf(saleId)).map((entry) => `${entry.before?.status} → ${entry.after?.status}`).sort();

/** The buyer's complaint about a bought ticket, as the complaint form sends it. */
function fileComplaint(ticketId: string) {
  const body = multipartBody([
    {
      name: 'complaint',
      value: JSON.stringify({
        reason: 'not_admitted',
        description: 'Portilla kerrottiin, että lippu oli jo käytetty.',
      }),
    },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/complaints/${ticketId}`,
    headers: { ...body.headers, cookie: people.buyer },
    payload: body.payload,
  });
}

const decideComplaint = (complaintId: string, decision: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/complaints/${complaintId}/resolution`,
    headers: { cookie: people.admin },
    payload: decision,
  });

/** The 409 of a change the payout's rules refuse, with the Finnish reason. */
function expectRefused(
  response: { statusCode: number; json(): unknown },
  status: string,
  why: PayoutRefusal,
) {
  expect(response.statusCode, `${status}: ${why}`).toBe(409);
  expect(response.json()).toEqual({
    error: {
      code: 'payout-change-refused',
      message: payoutRefusalMessage(status as Parameters<typeof payoutRefusalMessage>[0], why),
    },
  });
}

/** RFC 4180 as csv-stringify writes it: ';' between fields, CRLF between records. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ';') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      records.push([...record, field]);
      record = [];
      field = '';
      i++;
    } else field += char;
  }
  if (field || record.length > 0) records.push([...record, field]);
  return records;
}

describe('the sales list', () => {
  it('lists sales newest purchase first with payout, buyer and seller, after the automatic rule', async () => {
    const past = await sale(sellerId, -5, 10);
    const coming = await sale(twinId, 10, 1);
    const answer = await list();
    expect(answer.headers['cache-control'], 'IBANs are never cached').toBe('private, no-store');
    const body = answer.json();
    const ids = body.sales.map((row: { id: string }) => row.id);
    expect(ids.indexOf(coming)).toBeLessThan(ids.indexOf(past));
    const pastRow = body.sales.find((row: { id: string }) => row.id === past);
    expect(pastRow.payout).toMatchObject({
      status: 'ready_for_payment',
      updatedBy: 'system',
      paymentDate: null,
    });
    expect(pastRow.buyer).toEqual({ id: buyerId, email: 'ostaja@example.fi', username: 'ostaja' });
    expect(pastRow.seller).toEqual({
      id: sellerId,
      email: 'myyja@example.fi',
      username: 'myyja',
      firstName: 'testi',
      lastName: 'käyttäjä',
      iban: 'FI2112345600000785',
      sharedIbanUserIds: [twinId],
      accountDeleted: false,
    });
    // 45,00 €: the seller's 1,35 € and the buyer's 1,35 € are the service's.
    expect(pastRow).toMatchObject({
      pricePaidCents: 4635,
      sellerReceivableCents: 4365,
      serviceFeeCents: 135,
      totalServiceFeeCents: 270,
    });
    const comingRow = body.sales.find((row: { id: string }) => row.id === coming);
    expect(comingRow.payout.status).toBe('pending');
    expect(comingRow.seller.iban).toBe('FI2112345600000785');
    expect(comingRow.seller.sharedIbanUserIds).toEqual([sellerId]);
  });

  it('still shows who to pay when the seller has deleted the account: the details from its archive', async () => {
    const leaver = await signUp(t.app, 'lahtija');
    await t.app.db.update(users).set({ iban: 'FI49 5000 9420 0287 30' }).where(eq(users.id, leaver.id));
    const owed = await sale(leaver.id, -5, 10);
    await deleteAccount(t.app.db, t.app.accountDeletion, leaver.id, new Date());
    const row = (await list()).json().sales.find((found: { id: string }) => found.id === owed);
    expect(row.seller).toEqual({
      id: leaver.id,
      email: 'lahtija@example.fi',
      username: 'lahtija',
      firstName: 'testi',
      lastName: 'käyttäjä',
      iban: 'FI4950009420028730',
      sharedIbanUserIds: [],
      accountDeleted: true,
    });
    const csv = (
      await t.app.inject({ method: 'GET', url: '/api/admin/sales.csv', headers: { cookie: people.admin } })
    ).body;
    expect(csv).toContain('lahtija@example.fi');
  });

  it('filters by status while the summary counts every sale in all five statuses', async () => {
    const all = (await list()).json();
    const ready = (await list('?status=ready_for_payment')).json();
    expect(ready.sales.length).toBeGreaterThan(0);
    expect(
      ready.sales.every((row: { payout: { status: string } }) => row.payout.status === 'ready_for_payment'),
    ).toBe(true);
    expect(ready.summary).toEqual(all.summary);
    expect(all.summary.map((entry: { status: string }) => entry.status)).toEqual([...payoutStatuses]);
    const byStatus = Object.fromEntries(
      all.summary.map((entry: { status: string; count: number }) => [entry.status, entry]),
    );
    expect(byStatus.paid).toEqual({ status: 'paid', count: 0, sellerReceivableCents: 0 });
    expect(byStatus.ready_for_payment.count).toBe(ready.sales.length);
    expect(byStatus.ready_for_payment.sellerReceivableCents).toBe(4365 * ready.sales.length);
    expect((await list('?status=paid')).json().sales).toEqual([]);
  });

  it('refuses a status it does not know, in Finnish', async () => {
    for (const query of [
      '?status=maksettu',
      '?status=paid%00',
      `?status=${'x'.repeat(10_000)}`,
      '?status=paid&status=pending',
    ]) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.message).toMatch(/Valitse tila|Virheellinen|Tekstissä/);
    }
  });

  it('is the admin area: anyone else meets a 404', async () => {
    expect((await list('', people.buyer)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: '/api/admin/sales.csv', headers: { cookie: people.buyer } })).statusCode,
    ).toBe(404);
  });
});

describe('updating one payout', () => {
  it('marks a sale paid with the date, the reference, the notes and who did it, in the audit log too', async () => {
    const saleId = await sale(sellerId, -6, 12);
    const response = await patch(`/api/admin/sales/${saleId}/payout`, {
      status: 'paid',
      paymentReference: '  RF18 5390 0754 7034 ',
      notes: 'Maksettu Nordean kautta',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ updated: 1 });
    const payout = await payoutOf(saleId);
    expect(payout).toMatchObject({
      status: 'paid',
      updatedBy: adminId,
      paymentReference: 'RF18 5390 0754 7034',
      notes: 'Maksettu Nordean kautta',
    });
    expect(Date.now() - (payout?.paymentDate?.getTime() ?? 0)).toBeLessThan(60_000);
    const [entry] = await auditOf(saleId);
    expect(entry).toMatchObject({
      adminId,
      action: 'payout.update',
      entityType: 'sale',
      entityId: saleId,
      before: { status: 'pending', notes: null, paymentDate: null, paymentReference: null },
      after: {
        status: 'paid',
        notes: 'Maksettu Nordean kautta',
        paymentDate: payout?.paymentDate?.toISOString(),
        paymentReference: 'RF18 5390 0754 7034',
      },
    });
  });

  it('keeps the date the money was sent when a paid payout is saved again or moved on; an empty field clears it', async () => {
    const saleId = await sale(sellerId, -7, 12);
    await patch(`/api/admin/sales/${saleId}/payout`, {
      status: 'paid',
      paymentReference: 'VIITE-1',
      notes: 'ok',
    });
    const paidAt = (await payoutOf(saleId))?.paymentDate;
    await patch(`/api/admin/sales/${saleId}/payout`, { status: 'paid', notes: 'tarkistettu' });
    expect(await payoutOf(saleId)).toMatchObject({
      paymentDate: paidAt,
      paymentReference: 'VIITE-1',
      notes: 'tarkistettu',
    });
    await patch(`/api/admin/sales/${saleId}/payout`, {
      status: 'reclamation_hold',
      notes: '',
      paymentReference: '',
    });
    expect(await payoutOf(saleId)).toMatchObject({
      status: 'reclamation_hold',
      paymentDate: paidAt,
      paymentReference: null,
      notes: null,
    });
    expect(await auditOf(saleId)).toHaveLength(3);
  });

  it('answers 404 for a sale that does not exist, and for an id that is not one', async () => {
    expect((await patch(`/api/admin/sales/${randomUUID()}/payout`, { status: 'paid' })).statusCode).toBe(404);
    expect((await patch('/api/admin/sales/123/payout', { status: 'paid' })).statusCode).toBe(404);
  });

  it('creates the payout row of a sale that had none before changing it', async () => {
    const saleId = await sale(sellerId, 3, 1);
    expect(await payoutOf(saleId)).toBeUndefined();
    expect((await patch(`/api/admin/sales/${saleId}/payout`, { status: 'cancelled' })).statusCode).toBe(200);
    expect(await payoutOf(saleId)).toMatchObject({ status: 'cancelled', updatedBy: adminId });
  });

  it('refuses hostile input with a Finnish 400 and changes nothing', async () => {
    const saleId = await sale(sellerId, 5, 1);
    await list();
    const cases: [unknown, string][] = [
      [{ status: 'paid', notes: 'a\u0000b' }, unstorableTextMessage],
      [{ status: 'paid', paymentReference: 'x'.repeat(101) }, payoutMessages.referenceTooLong],
      [{ status: 'paid', notes: 'x'.repeat(1001) }, payoutMessages.notesTooLong],
      [{ status: 'paid', notes: 'x'.repeat(2_000_000) }, payoutMessages.notesTooLong],
      [{ status: 'maksettu' }, payoutMessages.statusRequired],
      [{ status: 7 }, payoutMessages.statusRequired],
      [{}, payoutMessages.statusRequired],
      [{ status: 'paid', notes: ['a'] }, 'Virheellinen'],
      [['paid'], 'Pyynnön sisältö'],
    ];
    for (const [payload, message] of cases) {
      const response = await patch(`/api/admin/sales/${saleId}/payout`, payload);
      expect([400, 413], JSON.stringify(payload).slice(0, 80)).toContain(response.statusCode);
      expect(response.json().error.message).toMatch(
        response.statusCode === 413 ? /liian suuri/ : new RegExp(message),
      );
    }
    expect((await payoutOf(saleId))?.status).toBe('pending');
    expect(await auditOf(saleId)).toHaveLength(0);
  });

  it('lets two admins change one payout at once: both succeed, the last write stands, both are logged', async () => {
    const saleId = await sale(sellerId, -8, 12);
    await list();
    // Two changes each allowed after the other: paid may be corrected back to ready, and back again.
    const [first, second] = await Promise.all([
      patch(`/api/admin/sales/${saleId}/payout`, { status: 'paid', notes: 'ensimmäinen' }),
      patch(
        `/api/admin/sales/${saleId}/payout`,
        { status: 'ready_for_payment', notes: 'toinen' },
        people.otherAdmin,
      ),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const rows = await auditOf(saleId);
    expect(rows).toHaveLength(2);
    // One after the other: the second saw what the first wrote. (Their times are each transaction's
    // start, so the one that waited may carry the earlier time: the order is the chain's.)
    const log = isDeepStrictEqual(rows[0]?.before, rows[1]?.after) ? [rows[1], rows[0]] : rows;
    expect(log[1]?.before).toEqual(log[0]?.after);
    const last = log[1];
    expect(await payoutOf(saleId)).toMatchObject({ status: last?.after?.status, updatedBy: last?.adminId });
    expect(new Set(rows.map((entry) => entry.adminId))).toEqual(new Set([adminId, otherAdminId]));
  });
});

describe('updating payouts in bulk', () => {
  it('changes every named sale in one go, without a reference, with an audit row each', async () => {
    const ids = [await sale(sellerId, -9, 12), await sale(twinId, -9, 12)];
    const response = await patch('/api/admin/sales/payout', {
      saleIds: [...ids, ids[0]],
      status: 'paid',
      notes: 'Erämaksu',
      paymentReference: 'EI-KIRJOITETA',
    });
    expect(response.json()).toEqual({ updated: 2, refused: [] });
    for (const id of ids) {
      expect(await payoutOf(id)).toMatchObject({ status: 'paid', notes: 'Erämaksu', paymentReference: null });
      expect(await auditOf(id)).toHaveLength(1);
    }
  });

  it('changes nothing when any one sale is unknown', async () => {
    const known = await sale(sellerId, 4, 1);
    await list();
    const response = await patch('/api/admin/sales/payout', {
      saleIds: [known, randomUUID()],
      status: 'cancelled',
    });
    expect(response.statusCode).toBe(404);
    expect((await payoutOf(known))?.status).toBe('pending');
    expect(await auditOf(known)).toHaveLength(0);
  });

  it(`takes ${maxBulkPayoutUpdate} sales at once and refuses more, or none`, async () => {
    const ids = await manySales(maxBulkPayoutUpdate);
    const response = await patch('/api/admin/sales/payout', { saleIds: ids, status: 'ready_for_payment' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ updated: maxBulkPayoutUpdate, refused: [] });
    const rows = await t.app.db.select().from(payoutTracking).where(inArray(payoutTracking.saleId, ids));
    expect(rows.every((row) => row.status === 'ready_for_payment' && row.updatedBy === adminId)).toBe(true);
    const audited = await t.app.db.select().from(adminAuditLog).where(inArray(adminAuditLog.entityId, ids));
    expect(audited).toHaveLength(maxBulkPayoutUpdate);

    const tooMany = await patch('/api/admin/sales/payout', {
      saleIds: [...ids, randomUUID()],
      status: 'paid',
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe(payoutMessages.tooManySales);
    const none = await patch('/api/admin/sales/payout', { saleIds: [], status: 'paid' });
    expect(none.json().error.message).toBe(payoutMessages.noSalesChosen);
  });

  it('refuses ids that are not ids and other hostile input with a Finnish 400', async () => {
    for (const payload of [
      { saleIds: ['abc'], status: 'paid' },
      { saleIds: [`${randomUUID()}\u0000`], status: 'paid' },
      { saleIds: 'kaikki', status: 'paid' },
      { saleIds: [randomUUID()], status: null },
      { saleIds: [randomUUID()], status: 'paid', notes: 'x'.repeat(5000) },
    ]) {
      const response = await patch('/api/admin/sales/payout', payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().error.code).toBe('invalid-argument');
    }
  });
});

describe('what holds a payout', () => {
  it('refuses to mark paid, or release, a payout an open complaint holds; its decision releases it', async () => {
    const { saleId, ticketId } = await soldTicket(sellerId, 10, 0);
    const filed = await fileComplaint(ticketId);
    expect(filed.statusCode).toBe(201);
    const url = `/api/admin/sales/${saleId}/payout`;
    for (const status of ['paid', 'ready_for_payment', 'pending'] as const)
      expectRefused(
        await patch(url, { status, paymentReference: 'RF-1', notes: 'Maksettu' }),
        status,
        'complaint',
      );
    expect(await payoutOf(saleId)).toMatchObject({
      status: 'reclamation_hold',
      hasReclamation: true,
      paymentDate: null,
      paymentReference: null,
      notes: null,
      updatedBy: 'system',
    });
    expect(await auditOf(saleId)).toEqual([]);

    // The held payout still takes the admin's notes.
    const noted = await patch(url, { status: 'reclamation_hold', notes: 'Odottaa reklamaation ratkaisua' });
    expect(noted.statusCode).toBe(200);
    // Rejected: the payout waits for its day again, and may be paid as usual.
    const complaintId = filed.json().complaint.id;
    const rejected = await decideComplaint(complaintId, { decision: 'reject', reason: 'Lippu oli voimassa' });
    expect(rejected.statusCode).toBe(200);
    expect((await patch(url, { status: 'paid', paymentReference: 'RF-2' })).statusCode).toBe(200);
    expect(await payoutOf(saleId)).toMatchObject({ status: 'paid', hasReclamation: false });
    expect(await changesOf(saleId)).toEqual(['pending → paid', 'reclamation_hold → reclamation_hold']);
  });

  it('refuses any change of a payout a refund cancelled: the buyer has the money back', async () => {
    const listing = await insertListing(t.app, { sellerId, eventDate: new Date(Date.now() + 10 * day) });
    const bought = await buyWithTestCard(
      t.app,
      { email: 'ostaja@example.fi', cookie: people.buyer },
      listing,
    );
    const filed = await fileComplaint(listing.id);
    const refunded = await decideComplaint(filed.json().complaint.id, { decision: 'refund' });
    expect(refunded.json()).toMatchObject({ status: 'refunded', payoutStatus: 'cancelled' });
    expect(await payoutOf(bought.id)).toMatchObject({ status: 'cancelled', paymentIssue: 'refunded' });

    const url = `/api/admin/sales/${bought.id}/payout`;
    for (const status of ['paid', 'ready_for_payment', 'pending', 'reclamation_hold'] as const)
      expectRefused(await patch(url, { status, paymentReference: 'RF-3' }), status, 'refunded');
    expect(await payoutOf(bought.id)).toMatchObject({
      status: 'cancelled',
      paymentDate: null,
      paymentReference: null,
    });
    expect(await auditOf(bought.id)).toEqual([]);
  });

  it('refuses a cancelled payout even when no refund is known: cancelled is final', async () => {
    const saleId = await sale(sellerId, -6, 12);
    const url = `/api/admin/sales/${saleId}/payout`;
    expect((await patch(url, { status: 'cancelled', notes: 'Myyjä luopui' })).statusCode).toBe(200);
    expectRefused(await patch(url, { status: 'paid' }), 'paid', 'cancelled');
    expectRefused(await patch(url, { status: 'ready_for_payment' }), 'ready_for_payment', 'cancelled');
    // Its notes may still be corrected.
    expect((await patch(url, { status: 'cancelled', notes: 'Myyjä luopui tilityksestä' })).statusCode).toBe(
      200,
    );
    expect(await payoutOf(saleId)).toMatchObject({ status: 'cancelled', notes: 'Myyjä luopui tilityksestä' });
  });

  it('refuses paid while the buyer disputes the payment at the bank; a won dispute releases it', async () => {
    const saleId = await sale(sellerId, -6, 12);
    const url = `/api/admin/sales/${saleId}/payout`;
    expect((await patch(url, { status: 'ready_for_payment' })).statusCode).toBe(200);
    await applyPaymentIssue(t.app.db, saleId, 'disputed');
    expectRefused(await patch(url, { status: 'paid' }), 'paid', 'disputed');
    expectRefused(await patch(url, { status: 'ready_for_payment' }), 'ready_for_payment', 'disputed');
    expect((await payoutOf(saleId))?.status).toBe('reclamation_hold');
    await applyPaymentIssue(t.app.db, saleId, 'dispute_won');
    expect((await patch(url, { status: 'paid' })).statusCode).toBe(200);
  });

  it('holds a payout the admin held until the admin releases it: never paid straight from the hold', async () => {
    const saleId = await sale(sellerId, -6, 12);
    const url = `/api/admin/sales/${saleId}/payout`;
    expect((await patch(url, { status: 'reclamation_hold', notes: 'Ostaja soitti' })).statusCode).toBe(200);
    expectRefused(await patch(url, { status: 'paid' }), 'paid', 'on_hold');
    expect((await patch(url, { status: 'ready_for_payment' })).statusCode).toBe(200);
    expect((await patch(url, { status: 'paid' })).statusCode).toBe(200);
    // Paid by mistake (the money never left): corrected back to ready.
    expect((await patch(url, { status: 'ready_for_payment' })).statusCode).toBe(200);
    // Each change starts where the one before ended: as a set, they are the chain held → ready →
    // paid → ready.
    expect(await changesOf(saleId)).toEqual([
      'paid → ready_for_payment',
      'pending → reclamation_hold',
      'ready_for_payment → paid',
      'reclamation_hold → ready_for_payment',
    ]);
  });

  it('in bulk changes the sales it may and lists the others with why, unchanged and not logged', async () => {
    const free = await sale(sellerId, -6, 12);
    const complained = await soldTicket(sellerId, 10, 0);
    expect((await fileComplaint(complained.ticketId)).statusCode).toBe(201);
    const cancelled = await sale(twinId, -6, 12);
    expect((await patch(`/api/admin/sales/${cancelled}/payout`, { status: 'cancelled' })).statusCode).toBe(
      200,
    );
    const held = await sale(twinId, -6, 12);
    expect((await patch(`/api/admin/sales/${held}/payout`, { status: 'reclamation_hold' })).statusCode).toBe(
      200,
    );

    const response = await patch('/api/admin/sales/payout', {
      saleIds: [free, complained.saleId, cancelled, held],
      status: 'paid',
      notes: 'Erämaksu',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.updated).toBe(1);
    expect(body.refused).toHaveLength(3);
    expect(body.refused).toEqual(
      expect.arrayContaining(
        (
          [
            [complained.saleId, 'complaint'],
            [cancelled, 'cancelled'],
            [held, 'on_hold'],
          ] as const
        ).map(([saleId, reason]) => ({ saleId, reason, message: payoutRefusalMessage('paid', reason) })),
      ),
    );
    expect(await payoutOf(free)).toMatchObject({ status: 'paid', notes: 'Erämaksu', updatedBy: adminId });
    expect(await auditOf(free)).toHaveLength(1);
    expect(await payoutOf(complained.saleId)).toMatchObject({ status: 'reclamation_hold', notes: null });
    expect(await auditOf(complained.saleId)).toHaveLength(0);
    expect(await payoutOf(cancelled)).toMatchObject({ status: 'cancelled', notes: null });
    expect(await payoutOf(held)).toMatchObject({ status: 'reclamation_hold', notes: null });
    for (const id of [cancelled, held]) expect(await auditOf(id)).toHaveLength(1);

    // Nothing it may change: nothing changes, and it says why.
    const none = await patch('/api/admin/sales/payout', { saleIds: [cancelled], status: 'paid' });
    expect(none.json()).toEqual({
      updated: 0,
      refused: [
        { saleId: cancelled, reason: 'cancelled', message: payoutRefusalMessage('paid', 'cancelled') },
      ],
    });
  });

  it('answers hostile input with a 4xx, never a 500, and never pays a held payout', async () => {
    const { saleId, ticketId } = await soldTicket(sellerId, 10, 0);
    expect((await fileComplaint(ticketId)).statusCode).toBe(201);
    const single: unknown[] = [
      { status: 'paid\u0000' },
      { status: 'PAID' },
      { status: ['paid'] },
      { status: { toString: 'paid' } },
      { status: 'paid', paymentReference: 7 },
      { status: 'paid', paymentReference: 'RF\u00001' },
      { status: 'paid', notes: { $ne: null } },
      { status: 'paid', paymentIssue: null, hasReclamation: false },
      'paid',
      null,
    ];
    for (const payload of single) {
      const response = await patch(`/api/admin/sales/${saleId}/payout`, payload);
      // 400 malformed, 409 well formed but refused, 415 a bare string that is no JSON object.
      expect([400, 409, 415], JSON.stringify(payload)).toContain(response.statusCode);
    }
    const huge = Array.from({ length: 100_000 }, () => randomUUID());
    const bulk: unknown[] = [
      { saleIds: [saleId], status: 'paid\u0000' },
      { saleIds: [saleId], status: 3 },
      { saleIds: [[saleId]], status: 'paid' },
      { saleIds: [saleId, 7], status: 'paid' },
      { saleIds: { 0: saleId }, status: 'paid' },
      { saleIds: [`${saleId}\u0000`], status: 'paid' },
      { saleIds: huge, status: 'paid' },
      { saleIds: [saleId], status: 'paid', notes: 'a\u0000b' },
    ];
    for (const payload of bulk) {
      const response = await patch('/api/admin/sales/payout', payload);
      expect([400, 413], JSON.stringify(payload).slice(0, 80)).toContain(response.statusCode);
    }
    // Well formed, it is refused all the same.
    const refused = await patch('/api/admin/sales/payout', { saleIds: [saleId, saleId], status: 'paid' });
    expect(refused.json()).toMatchObject({ updated: 0, refused: [{ saleId, reason: 'complaint' }] });
    expect(await payoutOf(saleId)).toMatchObject({ status: 'reclamation_hold', paymentDate: null });
    expect(await auditOf(saleId)).toEqual([]);
  });

  it('never ends paid and held when an admin marks a payout paid as the buyer files a complaint', async () => {
    for (let round = 0; round < 10; round++) {
      const { saleId, ticketId } = await soldTicket(sellerId, 10, 0);
      // Sent together, each first in turn and the second a little later in some rounds: on PGlite
      // the first request started wins, on PostgreSQL they overlap.
      const mark = () => patch(`/api/admin/sales/${saleId}/payout`, { status: 'paid' });
      const file = () => fileComplaint(ticketId);
      const later = <T>(request: () => Promise<T>) =>
        round % 3 ? sleep(round % 3).then(request) : request();
      const [marked, filed] =
        round % 2 === 0
          ? await Promise.all([mark(), later(file)])
          : await Promise.all([file(), later(mark)]).then(
              ([complaint, payout]) => [payout, complaint] as const,
            );
      expect(filed.statusCode).toBe(201);
      const payout = await payoutOf(saleId);
      const [complaint] = await t.app.db.select().from(complaints).where(eq(complaints.saleId, saleId));
      if (marked.statusCode === 200) {
        // Paid first: the complaint found the money gone and is a support case.
        expect(payout).toMatchObject({ status: 'paid', hasReclamation: true });
        expect(complaint?.payoutPaidBeforeComplaint).toBe(true);
        expect(await auditOf(saleId)).toHaveLength(1);
      } else {
        expectRefused(marked, 'paid', 'complaint');
        expect(payout).toMatchObject({ status: 'reclamation_hold', hasReclamation: true, paymentDate: null });
        expect(complaint?.payoutPaidBeforeComplaint).toBe(false);
        expect(await auditOf(saleId)).toHaveLength(0);
      }
    }
  });
});

describe('the CSV export', () => {
  it('writes the spec columns with a BOM, ";" and CRLF; amounts with a comma; formulas neutralised', async () => {
    const evilSale = await sale(evilId, -4, 9);
    const response = await t.app.inject({ url: '/api/admin/sales.csv', headers: { cookie: people.admin } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="maksuseuranta-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = response.body;
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toMatch(/\n/);
    const [header, ...records] = parseCsv(text.slice(1));
    expect(header).toEqual([...payoutCsvColumns]);
    const all = (await list()).json();
    expect(records).toHaveLength(all.sales.length);

    const column = (name: (typeof payoutCsvColumns)[number]) => payoutCsvColumns.indexOf(name);
    const evil = records.find(
      (record) =>
        record[column('ticketId')] === all.sales.find((row: { id: string }) => row.id === evilSale).ticketId,
    );
    expect(evil?.[column('sellerFirstName')]).toBe(`'${evilName}`);
    expect(evil?.[column('sellerLastName')]).toBe("'+358 40 123");
    expect(evil?.[column('sellerIban')]).toBe('FI4950009420028730');
    expect(evil?.[column('sellerReceivable')]).toBe('43,65');
    expect(evil?.[column('serviceFee')]).toBe('2,70');
    expect(evil?.[column('paymentStatus')]).toBe('Valmis maksuun');
    expect(evil?.[column('hasReclamation')]).toBe('ei');
    expect(evil?.[column('paymentDate')]).toBe('');
    expect(evil?.[column('saleDate')]).toMatch(/^\d{1,2}\.\d{1,2}\.\d{4}$/);
    expect(evil?.[column('eventName')]).toBe('Testikonsertti Areenalla');

    // Names are stored in lower case ('testi käyttäjä') and written as a person writes them.
    const seller = records.find((record) => record[column('sellerId')] === sellerId);
    expect(seller?.[column('sellerFirstName')]).toBe('Testi');
    expect(seller?.[column('sellerLastName')]).toBe('Käyttäjä');
  });

  it("writes the provider's refund or dispute of the payment in the admin's words, empty when none", async () => {
    const disputed = await soldTicket(sellerId, -6, 12);
    const refunded = await soldTicket(sellerId, -6, 12);
    const clean = await soldTicket(sellerId, -6, 12);
    // The list's payout rule gives the new sales their payout rows.
    expect((await list()).statusCode).toBe(200);
    expect(await applyPaymentIssue(t.app.db, disputed.saleId, 'disputed')).toBe(true);
    expect(await applyPaymentIssue(t.app.db, refunded.saleId, 'refunded')).toBe(true);
    const response = await t.app.inject({ url: '/api/admin/sales.csv', headers: { cookie: people.admin } });
    const [header, ...records] = parseCsv(response.body.slice(1));
    expect(header?.at(-1)).toBe('paymentIssue');
    const column = (name: (typeof payoutCsvColumns)[number]) => payoutCsvColumns.indexOf(name);
    const issueOf = ({ ticketId }: { ticketId: string }) =>
      records.find((record) => record[column('ticketId')] === ticketId)?.[column('paymentIssue')];
    expect(issueOf(disputed)).toBe(paymentIssueLabels.disputed);
    expect(issueOf(refunded)).toBe(paymentIssueLabels.refunded);
    expect(issueOf(clean)).toBe('');
  });

  it('applies the status filter', async () => {
    const response = await t.app.inject({
      url: '/api/admin/sales.csv?status=paid',
      headers: { cookie: people.admin },
    });
    const records = parseCsv(response.body.slice(1)).slice(1);
    const paid = (await list('?status=paid')).json().sales;
    expect(records).toHaveLength(paid.length);
    expect(records.every((record) => record[payoutCsvColumns.indexOf('paymentStatus')] === 'Maksettu')).toBe(
      true,
    );
    expect(
      (await t.app.inject({ url: '/api/admin/sales.csv?status=kaikki', headers: { cookie: people.admin } }))
        .statusCode,
    ).toBe(400);
  });
});

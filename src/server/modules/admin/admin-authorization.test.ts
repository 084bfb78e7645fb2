import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaintEvidence, complaints, sales } from '../../db/schema/index.ts';
import { adminAccessCookie, insertListing, insertSoldListing, signUp } from '../../test/listing-fixtures.ts';
import { apiRoutesInTree } from '../../test/route-tree.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { adminAccessCookieName, adminAccessValue } from './admin-access.ts';

// Who meets what in the admin area, for every route under /api/admin as Fastify's route table
// lists it, so a route added later is covered without an edit here. Anyone the area is closed to
// gets exactly the answer of a path that does not exist: nothing tells them the area is there.

/** The way in: an admin reaches these without the access cookie (config access 'admin-key'). */
const wayIn = new Set(['GET /api/admin/access', 'POST /api/admin/access']);

let t: TestApp;
type User = Awaited<ReturnType<typeof signUp>>;
let user: User;
let admin: User;
let otherAdmin: User;
/** Real ids for the routes' parameters (`:id` unless named), by the path they stand in: a made-up one is 404 for everyone. */
const ids: { prefix: string; param?: string; id: string }[] = [];

beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  user = await signUp(t.app, 'tavallinen');
  admin = await signUp(t.app, 'paasy_yllapitaja', { admin: true });
  otherAdmin = await signUp(t.app, 'paasy_toinen', { admin: true });
  const listing = await insertListing(t.app, { sellerId: user.id, status: 'pending' });
  const buyer = await signUp(t.app, 'paasy_ostaja');
  const sold = await insertSoldListing(t.app, { sellerId: user.id, buyerId: buyer.id });
  const [sale] = await t.app.db.select({ id: sales.id }).from(sales).where(eq(sales.listingId, sold.id));
  const [complaint] = await t.app.db
    .insert(complaints)
    .values({
      saleId: sale?.id ?? '',
      buyerId: buyer.id,
      sellerId: user.id,
      reason: 'other',
      description: 'Lippu ei kelvannut portilla.',
      payoutPaidBeforeComplaint: false,
    })
    .returning({ id: complaints.id });
  const evidenceKey = `complaints/${complaint?.id}/todiste.pdf`;
  await t.app.files.put(evidenceKey, Buffer.from('%PDF-1.7\n'), 'application/pdf');
  const [evidence] = await t.app.db
    .insert(complaintEvidence)
    .values({
      complaintId: complaint?.id ?? '',
      party: 'buyer',
      fileKey: evidenceKey,
      originalFileName: 'todiste.pdf',
      contentType: 'application/pdf',
      sizeBytes: 10,
      position: 0,
    })
    .returning({ id: complaintEvidence.id });
  ids.push(
    { prefix: '/api/admin/listings/', id: listing.id },
    { prefix: '/api/admin/sales/', id: sale?.id ?? '' },
    { prefix: '/api/admin/complaints/', id: complaint?.id ?? '' },
    { prefix: '/api/admin/complaints/', param: ':evidenceId', id: evidence?.id ?? '' },
  );
});
afterAll(() => t.close());

const accessCookie = (owner: User, expiresAt: Date) =>
  `${adminAccessCookieName}=${t.app.signCookie(adminAccessValue(owner.id, expiresAt))}`;
const tomorrow = () => new Date(Date.now() + 86_400_000);

/** Everyone the admin area must stay hidden from (the way in aside), with their Cookie header. */
function refused(): { who: string; cookie: string | undefined; passesWayIn: boolean }[] {
  return [
    { who: 'visitor', cookie: undefined, passesWayIn: false },
    { who: 'signed-in user', cookie: user.cookie, passesWayIn: false },
    {
      who: 'signed-in user with a signed access cookie of their own',
      cookie: `${user.cookie}; ${accessCookie(user, tomorrow())}`,
      passesWayIn: false,
    },
    { who: 'admin without the cookie', cookie: admin.cookie, passesWayIn: true },
    {
      who: 'admin with an expired cookie',
      cookie: `${admin.cookie}; ${accessCookie(admin, new Date(Date.now() - 1000))}`,
      passesWayIn: true,
    },
    {
      who: 'admin with an unsigned cookie',
      cookie: `${admin.cookie}; ${adminAccessCookieName}=${adminAccessValue(admin.id, tomorrow())}`,
      passesWayIn: true,
    },
    {
      who: 'admin with a forged signature',
      cookie: `${admin.cookie}; ${accessCookie(admin, tomorrow()).replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'))}`,
      passesWayIn: true,
    },
    {
      who: "admin with another admin's cookie",
      cookie: `${admin.cookie}; ${accessCookie(otherAdmin, tomorrow())}`,
      passesWayIn: true,
    },
  ];
}

const adminRoutes = () => apiRoutesInTree(t.app).filter((route) => route.url.startsWith('/api/admin'));

function call(route: { method: string; url: string }, cookie: string | undefined) {
  const url = route.url.replace(
    /:\w+/g,
    (param) =>
      ids.find((entry) => route.url.startsWith(entry.prefix) && (entry.param ?? ':id') === param)?.id ??
      randomUUID(),
  );
  return t.app.inject({
    method: route.method as 'GET',
    url,
    ...(route.method === 'GET' ? {} : { payload: '{}' }),
    headers: {
      ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
  });
}

describe('admin route authorization matrix', () => {
  it('finds the admin routes in the route table', () => {
    const routes = adminRoutes().map((route) => `${route.method} ${route.url}`);
    for (const known of [
      'POST /api/admin/access',
      'GET /api/admin/access',
      'GET /api/admin/listings',
      'POST /api/admin/listings/:id/approve',
      'POST /api/admin/listings/:id/reject',
      'GET /api/admin/listings/:id/files',
      'GET /api/admin/audit',
    ])
      expect(routes).toContain(known);
  });

  it('answers everyone the area is closed to exactly as a path that does not exist', async () => {
    const unknown = await t.app.inject({
      url: '/api/admin/ei-ole-olemassa',
      headers: { cookie: adminAccessCookie(t.app, admin) },
    });
    expect(unknown.statusCode).toBe(404);
    for (const route of adminRoutes()) {
      const name = `${route.method} ${route.url}`;
      for (const { who, cookie, passesWayIn } of refused()) {
        if (passesWayIn && wayIn.has(name)) continue;
        const response = await call(route, cookie);
        expect(response.statusCode, `${name}: ${who}`).toBe(404);
        expect(response.body, `${name}: ${who}`).toBe(unknown.body);
        expect(response.headers['content-type'], `${name}: ${who}`).toBe(unknown.headers['content-type']);
        expect(response.headers['set-cookie'], `${name}: ${who}`).toBeUndefined();
      }
    }
  });

  it('opens every route to an admin with their own live cookie, and the way in without it', async () => {
    const unlocked = adminAccessCookie(t.app, admin);
    for (const route of adminRoutes()) {
      const name = `${route.method} ${route.url}`;
      const response = await call(route, unlocked);
      expect(response.statusCode, name).not.toBe(404);
      if (wayIn.has(name))
        for (const { who, cookie } of refused().filter((persona) => persona.passesWayIn)) {
          const passed = await call(route, cookie);
          expect(passed.statusCode, `${name}: ${who}`).not.toBe(404);
        }
    }
  });
});

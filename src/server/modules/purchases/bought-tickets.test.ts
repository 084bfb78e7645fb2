import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boughtTicketsSchema } from '#shared/purchases/purchase.schema.ts';
import { unstorableTextMessage } from '#shared/text.ts';
import { insertListing, insertSoldListing, signUp } from '../../test/listing-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
const users = {
  seller: { id: '', cookie: '' },
  buyer: { id: '', cookie: '' },
  otherBuyer: { id: '', cookie: '' },
  nobody: { id: '', cookie: '' },
};

beforeAll(async () => {
  t = await createTestApp({ rateLimits: false });
  for (const role of Object.keys(users) as (keyof typeof users)[])
    users[role] = await signUp(t.app, `ostot_${role}`);
});
afterAll(() => t.close());

const purchases = (cookie?: string, query = '') =>
  t.app.inject({ url: `/api/purchases${query}`, headers: cookie ? { cookie } : {} });

describe('GET /api/purchases', () => {
  it("lists the buyer's own purchases, newest first, with the price paid and the files", async () => {
    const sellerId = users.seller.id;
    const buyerId = users.buyer.id;
    const older = await insertSoldListing(t.app, {
      sellerId,
      buyerId,
      eventName: 'Kevätsoitto',
      fileCount: 3,
      purchaseDate: new Date('2026-03-01T10:00:00Z'),
    });
    const newer = await insertSoldListing(t.app, {
      sellerId,
      buyerId,
      eventName: 'Syysjazz',
      purchaseDate: new Date('2026-04-01T10:00:00Z'),
    });
    // Someone else's purchase and a listing still on sale are not this buyer's.
    await insertSoldListing(t.app, { sellerId, buyerId: users.otherBuyer.id, eventName: 'Toisen osto' });
    await insertListing(t.app, { sellerId, eventName: 'Myynnissä' });

    const response = await purchases(users.buyer.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    const body = boughtTicketsSchema.parse(response.json());
    expect(body.tickets.map((ticket) => ticket.eventName)).toEqual(['Syysjazz', 'Kevätsoitto']);
    expect(body.tickets[1]).toEqual({
      ticketId: older.id,
      eventName: 'Kevätsoitto',
      eventImage: '/defaults/events/konsertti/1.webp',
      eventType: 'konsertti',
      eventDate: older.eventDate.toISOString(),
      eventTime: '19:00',
      eventEndDate: null,
      eventVenue: 'Helsingin Areena',
      location: 'Helsinki',
      ticketCount: 3,
      pricePaidCents: older.listingPriceCents,
      purchaseDate: '2026-03-01T10:00:00.000Z',
      files: older.files.map((file) => ({ id: file.id, fileName: file.fileName })),
      // No refund: the ticket stands (refund-screens.test.ts shows a refunded one).
      refund: null,
    });
    expect(body.tickets[0]).toMatchObject({ ticketId: newer.id, pricePaidCents: newer.listingPriceCents });
  });

  it('shows a user who has bought nothing an empty list, even the seller of the sales', async () => {
    for (const cookie of [users.nobody.cookie, users.seller.cookie]) {
      const response = await purchases(cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ tickets: [] });
    }
  });

  it('asks a visitor to sign in', async () => {
    const response = await purchases();
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toEqual({
      code: 'unauthenticated',
      message: 'Kirjaudu sisään jatkaaksesi',
    });
  });

  it("shows only the session's own purchases whatever the address asks for", async () => {
    const response = await purchases(users.nobody.cookie, `?buyerId=${users.buyer.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ tickets: [] });
    const hostile = await purchases(users.nobody.cookie, '?buyerId=%00');
    expect(hostile.statusCode).toBe(400);
    expect(hostile.json().error.message).toBe(unstorableTextMessage);
  });
});

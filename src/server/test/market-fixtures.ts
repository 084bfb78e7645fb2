import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { addDays, helsinkiDate, helsinkiDateTime } from '#shared/dates.ts';
import { calculatePrices } from '#shared/pricing.ts';
import { admins, type ListingStatus, listings, users } from '../db/schema/index.ts';
import { createSession } from '../modules/accounts/sessions.ts';

// Users with sessions and listings made straight in the database, for tests about what happens
// after signing up and selling (no password hashing, no PDF checks: those have their own tests).

export interface TestUser {
  id: string;
  email: string;
  /** The Cookie header of a signed-in session. */
  cookie: string;
}

export async function createSignedInUser(
  app: FastifyInstance,
  options: { admin?: boolean } = {},
): Promise<TestUser> {
  const name = `kayttaja${randomBytes(5).toString('hex')}`;
  const [user] = await app.db
    .insert(users)
    .values({
      email: `${name}@example.fi`,
      username: name,
      displayName: name,
      firstName: 'testi',
      lastName: name,
    })
    .returning({ id: users.id, email: users.email });
  if (!user) throw new Error('user insert returned nothing');
  if (options.admin) await app.db.insert(admins).values({ userId: user.id });
  return { ...user, cookie: `lt_session=${await createSession(app.db, user.id)}` };
}

/** A listing of a 50,00 € ticket (the buyer pays 51,50 €), listed unless told otherwise. */
export async function createTestListing(
  app: FastifyInstance,
  sellerId: string,
  options: { status?: ListingStatus; inDays?: number; sellingPriceCents?: number; eventName?: string } = {},
): Promise<{ id: string; listingPriceCents: number; eventDate: Date }> {
  const sellingPriceCents = options.sellingPriceCents ?? 5000;
  const prices = calculatePrices(sellingPriceCents, 0);
  const eventDate = helsinkiDateTime(addDays(helsinkiDate(new Date()), options.inDays ?? 30), '18:00');
  const [row] = await app.db
    .insert(listings)
    .values({
      sellerId,
      status: options.status ?? 'listed',
      eventName: options.eventName ?? 'Testikonsertti',
      location: 'Helsinki',
      eventVenue: 'Areena',
      eventDate,
      eventTime: '18:00',
      eventType: 'konsertti',
      ticketType: 'Peruslippu',
      originalPriceCents: sellingPriceCents,
      sellingPriceCents,
      serviceFeeCents: prices.serviceFeeCents,
      listingPriceCents: prices.listingPriceCents,
      sellerReceivableCents: prices.sellerReceivableCents,
      searchText: 'testikonsertti helsinki konsertti',
    })
    .returning({ id: listings.id, listingPriceCents: listings.listingPriceCents });
  if (!row) throw new Error('listing insert returned nothing');
  return { ...row, eventDate };
}

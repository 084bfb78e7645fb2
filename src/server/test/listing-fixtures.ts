import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { calculatePrices } from '#shared/pricing.ts';
import { foldForSearch } from '#shared/search-text.ts';
import {
  admins,
  type ListingStatus,
  listingFiles,
  listings,
  reservations,
  sales,
  users,
} from '../db/schema/index.ts';
import { createSession } from '../modules/accounts/sessions.ts';
import { adminAccessCookieName, adminAccessValue } from '../modules/admin/admin-access.ts';
import { ticketFileKey, ticketFileName } from '../modules/listings/ticket-file-name.ts';
import { renderTicketPdf } from '../seed/ticket-pdf.ts';

// Rows the download and purchase tests start from, written straight to the tables: the wizard's
// checks and the payment flow have tests of their own.

/**
 * A new signed-in user, written straight to the tables (no password hashing: sign-up has tests
 * of its own): their id, e-mail and the Cookie header of their session.
 */
export async function signUp(
  app: FastifyInstance,
  username = `kayttaja_${randomBytes(5).toString('hex')}`,
  options: { admin?: boolean; emailVerified?: boolean } = {},
): Promise<{ id: string; email: string; cookie: string }> {
  const [user] = await app.db
    .insert(users)
    .values({
      email: `${username}@example.fi`.toLowerCase(),
      username: username.toLowerCase(),
      displayName: username,
      firstName: 'testi',
      lastName: 'käyttäjä',
      emailVerifiedAt: options.emailVerified === false ? null : new Date(),
    })
    .returning({ id: users.id, email: users.email });
  if (!user) throw new Error(`no user ${username}`);
  if (options.admin) await app.db.insert(admins).values({ userId: user.id });
  return { ...user, cookie: `lt_session=${await createSession(app.db, user.id)}` };
}

/** The Cookie header of an admin who has unlocked the admin area (session + access cookie). */
export function adminAccessCookie(app: FastifyInstance, admin: { id: string; cookie: string }): string {
  const expiresAt = new Date(Date.now() + 86_400_000);
  return `${admin.cookie}; ${adminAccessCookieName}=${app.signCookie(adminAccessValue(admin.id, expiresAt))}`;
}

export interface StoredTestFile {
  id: string;
  fileName: string;
  storageKey: string;
  bytes: Buffer;
}

export interface TestListing {
  id: string;
  eventName: string;
  eventDate: Date;
  listingPriceCents: number;
  serviceFeeCents: number;
  sellerReceivableCents: number;
  files: StoredTestFile[];
}

/**
 * The row of a listing on sale: `ticketCount` tickets at 45,00 € each (50,00 € face value) a
 * month from now, for tests and benchmarks that write listings straight to the table.
 */
export function testListingRow(
  sellerId: string,
  options: { status?: ListingStatus; eventName?: string; eventDate?: Date; ticketCount?: number } = {},
) {
  const { status = 'listed', eventName = 'Testikonsertti Areenalla', ticketCount = 1 } = options;
  const prices = calculatePrices(4500 * ticketCount, 0);
  return {
    sellerId,
    status,
    eventName,
    eventImage: '/defaults/events/konsertti/1.webp',
    location: 'Helsinki',
    eventVenue: 'Helsingin Areena',
    eventDate: options.eventDate ?? new Date(Date.now() + 30 * 86_400_000),
    eventTime: '19:00',
    eventType: 'konsertti',
    ticketType: 'Peruslippu',
    ticketCount,
    originalPriceCents: 5000 * ticketCount,
    sellingPriceCents: 4500 * ticketCount,
    serviceFeeCents: prices.serviceFeeCents,
    listingPriceCents: prices.listingPriceCents,
    sellerReceivableCents: prices.sellerReceivableCents,
    searchText: foldForSearch(eventName),
  };
}

/** A listing of `sellerId` with `fileCount` PDFs in the file store, each with bytes of its own. */
export async function insertListing(
  app: FastifyInstance,
  options: {
    sellerId: string;
    status?: ListingStatus;
    buyerId?: string;
    eventName?: string;
    fileCount?: number;
    eventDate?: Date;
  },
): Promise<TestListing> {
  const { sellerId, status = 'listed', fileCount = 1 } = options;
  const row = testListingRow(sellerId, { ...options, ticketCount: fileCount });
  const id = randomUUID();
  await app.db.insert(listings).values({
    ...row,
    id,
    buyerId: options.buyerId ?? null,
    soldAt: status === 'sold' ? new Date() : null,
  });
  const files: StoredTestFile[] = [];
  for (let n = 1; n <= fileCount; n++) {
    const fileName = ticketFileName('lippu.pdf', n, fileCount);
    const storageKey = ticketFileKey(id, fileName);
    const bytes = Buffer.concat([Buffer.from(`%PDF-1.7\n% lippu ${n}\n`), randomBytes(2000 + n * 100)]);
    await app.files.put(storageKey, bytes, 'application/pdf');
    const [file] = await app.db
      .insert(listingFiles)
      .values({
        listingId: id,
        storageKey,
        fileName,
        originalFileName: fileName,
        fileNumber: n,
        totalFiles: fileCount,
        sizeBytes: bytes.byteLength,
        sha256: randomBytes(32).toString('hex'),
      })
      .returning({ id: listingFiles.id });
    files.push({ id: file?.id ?? '', fileName, storageKey, bytes });
  }
  return {
    id,
    eventName: row.eventName,
    eventDate: row.eventDate,
    listingPriceCents: row.listingPriceCents,
    serviceFeeCents: row.serviceFeeCents,
    sellerReceivableCents: row.sellerReceivableCents,
    files,
  };
}

/**
 * A listing sold to `buyerId` as a finished purchase leaves it: the listing sold, the buyer's
 * succeeded reservation and the sale.
 */
export async function insertSoldListing(
  app: FastifyInstance,
  options: Parameters<typeof insertListing>[1] & { buyerId: string; purchaseDate?: Date },
): Promise<TestListing & { purchaseDate: Date }> {
  const listing = await insertListing(app, { ...options, status: 'sold' });
  const purchaseDate = options.purchaseDate ?? new Date();
  const paymentIntentId = `pi_test_${randomBytes(8).toString('hex')}`;
  const [reservation] = await app.db
    .insert(reservations)
    .values({
      listingId: listing.id,
      buyerId: options.buyerId,
      status: 'succeeded',
      provider: 'local',
      paymentIntentId,
      amountCents: listing.listingPriceCents,
      serviceFeeCents: listing.serviceFeeCents,
      sellerReceivableCents: listing.sellerReceivableCents,
      expiresAt: purchaseDate,
    })
    .returning({ id: reservations.id });
  await app.db.insert(sales).values({
    listingId: listing.id,
    reservationId: reservation?.id ?? '',
    buyerId: options.buyerId,
    sellerId: options.sellerId,
    paymentIntentId,
    purchaseDate,
    pricePaidCents: listing.listingPriceCents,
    serviceFeeCents: listing.serviceFeeCents,
    sellerReceivableCents: listing.sellerReceivableCents,
    eventDate: listing.eventDate,
    eventName: listing.eventName,
  });
  return { ...listing, purchaseDate };
}

/** A real one-page ticket PDF whose QR code carries `code` (a fresh one by default). */
export function testTicketPdf(
  code = `TEST-${randomUUID()}`,
  eventName = 'Testikonsertti',
): Promise<Uint8Array> {
  return renderTicketPdf({
    eventName,
    dateText: '1.1.2027 klo 19.00',
    venue: 'Areena',
    city: 'Helsinki',
    ticketType: 'Peruslippu',
    seatText: 'Vapaa sijoitus',
    ticketNumber: 1,
    totalTickets: 1,
    code,
  });
}

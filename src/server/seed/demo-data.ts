import { createHash } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { defaultImageForEvent, eventTypeName } from '#shared/categories.ts';
import { addDays, helsinkiDate, helsinkiDateTime } from '#shared/dates.ts';
import { reclamationDeadline as deadlineOf } from '#shared/payout-date.ts';
import { calculatePrices } from '#shared/pricing.ts';
import { foldForSearch } from '#shared/search-text.ts';
import type { AppConfig } from '../config.ts';
import {
  admins,
  events,
  type ListingStatus,
  listingBarcodes,
  listingFiles,
  listings,
  localPaymentIntents,
  payoutTracking,
  reservations,
  type SeatInfo,
  sales,
  users,
} from '../db/schema/index.ts';
import { ticketFileKey, ticketFileName } from '../modules/listings/ticket-file-name.ts';
import { type CatalogueEvent, catalogue, pastCatalogue } from './catalogue.ts';
import { renderTicketPdf } from './ticket-pdf.ts';

// Demo data for `npm start`: fixed accounts, an event catalogue and listings in every status.
// Ids are derived from stable keys and every insert ignores conflicts, so seeding twice changes nothing.
// It writes every domain's rows and names ticket files as the listings module does, so it stands
// above the modules, beside the process that starts the app, not in db/ beneath them.

export const demoAccounts = {
  buyer: {
    email: 'ostaja@lipputori.example',
    password: 'Ostaja2026!',
    username: 'OonaOstaja',
    first: 'oona',
    last: 'ostaja',
  },
  seller: {
    email: 'myyja@lipputori.example',
    password: 'Myyja2026!',
    username: 'MaijaM',
    first: 'maija',
    last: 'myyjä',
  },
  admin: {
    email: 'admin@lipputori.example',
    password: 'Admin2026!',
    username: 'Yllapito',
    first: 'ylli',
    last: 'ylläpitäjä',
  },
} as const;

const extraSellers = [
  {
    email: 'kalle@lipputori.example',
    password: 'Kalle2026!',
    username: 'KonserttiKalle',
    first: 'kalle',
    last: 'korhonen',
  },
  {
    email: 'liisa@lipputori.example',
    password: 'Liisa2026!',
    username: 'Liisa_L',
    first: 'liisa',
    last: 'laine',
  },
];

const ibans = ['FI2112345600000785', 'FI6740060012345678', 'FI5979979990001234'];

/** A stable UUID from a key (name-based, like UUID v5), so re-seeding hits the same rows. */
function stableId(key: string): string {
  const hex = createHash('sha256').update(`lipputori-demo:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

// Statuses of the one listing per upcoming catalogue event, in catalogue order.
// biome-ignore format: ten a row reads better
const firstListingStatuses: ListingStatus[] = [
  'listed', 'listed', 'pending', 'listed', 'sold', 'listed', 'listed', 'rejected', 'listed', 'pending',
  'listed', 'sold', 'listed', 'removed', 'listed', 'listed', 'pending', 'listed', 'sold', 'listed',
  'listed', 'rejected', 'listed', 'pending', 'listed', 'sold', 'listed', 'removed', 'listed', 'pending',
];
const ticketCounts = [1, 2, 1, 3, 2, 1, 4, 1, 2, 6, 1, 2];
const priceFactors = [1, 0.9, 0.85, 1, 0.75, 0.95];

/** Events with listings kept for the purchase journeys (see planListings). */
const journeyEventKeys = ['jarvifestari', 'metallipaivat'];

interface ListingPlan {
  key: string;
  event: CatalogueEvent;
  status: ListingStatus;
  sellerIndex: number;
  variant: number;
}

function planListings(): ListingPlan[] {
  const plans: ListingPlan[] = catalogue.map((event, i) => ({
    key: `listing:${event.key}:1`,
    event,
    status: firstListingStatuses[i] ?? 'listed',
    sellerIndex: i % 3,
    variant: i,
  }));
  // A second listing for some events, so the same event appears at different prices.
  catalogue.slice(0, 16).forEach((event, i) => {
    if (i % 2 === 0)
      plans.push({
        key: `listing:${event.key}:2`,
        event,
        status: 'listed',
        sellerIndex: (i + 1) % 3,
        variant: i + 7,
      });
  });
  // Listings no journey but the purchase journeys touches (e2e/purchase.spec.ts), each buying or
  // holding its own: late festivals the demo seller does not sell, so the first pages of the list,
  // its searches and filters, and the demo seller's events read the same while they run.
  for (const key of journeyEventKeys) {
    const event = catalogue.find((candidate) => candidate.key === key);
    if (!event) throw new Error(`no catalogue event ${key}`);
    for (let n = 2; n <= 4; n++)
      plans.push({
        key: `listing:${key}:${n}`,
        event,
        status: 'listed',
        sellerIndex: 1 + (n % 2),
        variant: n,
      });
  }
  pastCatalogue.forEach((event, i) => {
    plans.push({
      key: `listing:${event.key}:1`,
      event,
      status: 'expired',
      sellerIndex: i % 3,
      variant: i + 3,
    });
    // Sold before the event, so the sellers' payouts are past their reclamation time.
    plans.push({
      key: `listing:${event.key}:2`,
      event,
      status: 'sold',
      sellerIndex: i % 3,
      variant: i + 9,
    });
  });
  return plans;
}

const dayMs = 86_400_000;

/**
 * Where a demo sale's payout stands: pending until the reclamation deadline (src/shared/
 * payout-date.ts) has passed; then ready for payment, or paid for the older events.
 */
function demoPayout(eventDate: Date, now: number) {
  const reclamationDeadline = deadlineOf(eventDate);
  if (reclamationDeadline.getTime() >= now) return { status: 'pending' as const, reclamationDeadline };
  const paymentDate = new Date(reclamationDeadline.getTime() + dayMs);
  if (now - eventDate.getTime() > 10 * dayMs)
    return { status: 'paid' as const, reclamationDeadline, paymentDate };
  return { status: 'ready_for_payment' as const, reclamationDeadline };
}

/** The listed demo listings kept for the purchase journeys, six in all. */
export function purchaseJourneyListingIds(): string[] {
  const keys = new Set(journeyEventKeys);
  return planListings()
    .filter((plan) => keys.has(plan.event.key) && plan.key !== `listing:${plan.event.key}:1`)
    .map((plan) => stableId(plan.key));
}

/** The ids of the demo's listings in a status, for journeys that need e.g. a sold one. */
export function demoListingIds(status: ListingStatus): string[] {
  return planListings()
    .filter((plan) => plan.status === status)
    .map((plan) => stableId(plan.key));
}

export async function seedDemoData(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const [already] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoAccounts.admin.email));
  if (already) return;

  const started = Date.now();
  const today = helsinkiDate(new Date());
  const accounts = [demoAccounts.buyer, demoAccounts.seller, demoAccounts.admin, ...extraSellers];
  const passwordHashes = await Promise.all(accounts.map((account) => hash(account.password)));
  const sellerIds = [demoAccounts.seller, ...extraSellers].map((account) =>
    stableId(`user:${account.email}`),
  );
  const buyerId = stableId(`user:${demoAccounts.buyer.email}`);
  const adminId = stableId(`user:${demoAccounts.admin.email}`);

  const plans = planListings();
  const files: { key: string; data: Uint8Array }[] = [];
  let saleNumber = 0;

  await db.transaction(async (tx) => {
    await tx
      .insert(users)
      .values(
        accounts.map((account, i) => {
          const id = stableId(`user:${account.email}`);
          const sellerIndex = sellerIds.indexOf(id);
          return {
            id,
            email: account.email,
            username: account.username.toLowerCase(),
            displayName: account.username,
            firstName: account.first,
            lastName: account.last,
            passwordHash: passwordHashes[i],
            iban: ibans[sellerIndex] ?? null,
            tutorialCompleted: sellerIndex >= 0,
            // The demo addresses are ours: nobody else can have had them.
            emailVerifiedAt: new Date(),
          };
        }),
      )
      .onConflictDoNothing();
    await tx.insert(admins).values({ userId: adminId }).onConflictDoNothing();

    await tx
      .insert(events)
      .values(
        [...catalogue, ...pastCatalogue].map((event) => {
          const startDate = addDays(today, event.inDays);
          return {
            id: `demo-${event.key}`,
            name: event.name,
            eventType: event.type,
            startDate,
            startTime: event.time,
            endDate: event.lengthDays ? addDays(startDate, event.lengthDays - 1) : null,
            venue: event.venue,
            city: event.city,
            imageUrl: defaultImageForEvent(event.type, event.name),
            searchText: foldForSearch(`${event.name} ${event.venue} ${event.city}`),
          };
        }),
      )
      .onConflictDoNothing();

    for (const plan of plans) {
      const { event, variant } = plan;
      const listingId = stableId(plan.key);
      const eventDay = addDays(today, event.inDays);
      const perTicket = event.faceValueCents;
      const count = Math.max(
        1,
        Math.min(ticketCounts[variant % ticketCounts.length] ?? 1, Math.floor(100000 / perTicket)),
      );
      const originalPriceCents = perTicket * count;
      const additionalFeesCents =
        variant % 3 === 0 ? Math.min(250 * count, Math.floor(originalPriceCents * 0.15)) : 0;
      const factor = priceFactors[variant % priceFactors.length] ?? 1;
      const sellingPriceCents = Math.min(
        originalPriceCents,
        Math.max(500, Math.floor((originalPriceCents * factor) / 100) * 100),
      );
      const prices = calculatePrices(sellingPriceCents, additionalFeesCents);
      const ticketType = event.ticketTypes[variant % event.ticketTypes.length] ?? 'Peruslippu';
      const seatInfo: SeatInfo[] = event.seated
        ? Array.from({ length: count }, (_, n) => ({
            sector: String.fromCharCode(65 + (variant % 5)),
            row: String(3 + (variant % 17)),
            seat: String(10 + n),
          }))
        : [];
      const sold = plan.status === 'sold';
      const eventDate = helsinkiDateTime(eventDay, event.time);
      const created =
        sold && event.inDays < 0
          ? new Date(eventDate.getTime() - 8 * dayMs)
          : new Date(Date.now() - (plans.length - plans.indexOf(plan)) * 3_600_000);
      const soldAt = sold ? new Date(created.getTime() + 3_600_000) : null;

      await tx
        .insert(listings)
        .values({
          id: listingId,
          sellerId: sellerIds[plan.sellerIndex] ?? sellerIds[0] ?? '',
          status: plan.status,
          eventName: event.name,
          eventImage: defaultImageForEvent(event.type, event.name),
          imageSource: 'default',
          location: event.city,
          eventVenue: event.venue,
          eventDate,
          eventTime: event.time,
          hasMultipleDays: (event.lengthDays ?? 1) > 1,
          eventEndDate:
            event.lengthDays && event.lengthDays > 1 ? addDays(eventDay, event.lengthDays - 1) : null,
          eventType: event.type,
          ticketType,
          ticketCount: count,
          hasAssignedSeat: event.seated,
          seatInfo,
          originalPriceCents,
          sellingPriceCents,
          additionalFeesCents,
          serviceFeeCents: prices.serviceFeeCents,
          listingPriceCents: prices.listingPriceCents,
          sellerReceivableCents: prices.sellerReceivableCents,
          additionalInfo:
            variant % 4 === 0 ? 'Liput lähetetään heti maksun jälkeen. Kysy rohkeasti lisätietoja.' : '',
          viewCount: (variant * 7) % 40,
          rejectionReason:
            plan.status === 'rejected'
              ? 'Lipputiedosto on epäselvä, eikä sen aitoutta voitu varmistaa.'
              : null,
          moderatedAt: ['listed', 'rejected', 'sold'].includes(plan.status) ? created : null,
          moderatedBy: ['listed', 'rejected', 'sold'].includes(plan.status) ? adminId : null,
          buyerId: sold ? buyerId : null,
          soldAt,
          searchText: foldForSearch(`${event.name} ${event.city} ${eventTypeName(event.type)}`),
          createdAt: created,
          updatedAt: created,
        })
        .onConflictDoNothing();

      if (soldAt) {
        // What a finished purchase leaves: the buyer's paid reservation, the sale and its payout.
        saleNumber++;
        const paymentIntentId = `pi_seed_${saleNumber}`;
        const reservationId = stableId(`${plan.key}:reservation`);
        const saleId = stableId(`${plan.key}:sale`);
        // The payment as the local provider holds it, paid: a refund of a demo sale (a cancelled
        // demo event, an upheld complaint) goes through the provider as a real purchase's does.
        await tx
          .insert(localPaymentIntents)
          .values({
            id: paymentIntentId,
            clientSecret: `${paymentIntentId}_secret_${stableId(`${plan.key}:secret`).replaceAll('-', '')}`,
            amountCents: prices.listingPriceCents,
            currency: 'eur',
            status: 'succeeded',
            metadata: { ticketId: listingId, buyerId, reservationId },
            description: event.name,
            createdAt: new Date(soldAt.getTime() - 5 * 60_000),
            updatedAt: soldAt,
          })
          .onConflictDoNothing();
        await tx
          .insert(reservations)
          .values({
            id: reservationId,
            listingId,
            buyerId,
            status: 'succeeded',
            provider: 'local',
            paymentIntentId,
            amountCents: prices.listingPriceCents,
            serviceFeeCents: prices.serviceFeeCents,
            sellerReceivableCents: prices.sellerReceivableCents,
            intentStatus: 'succeeded',
            expiresAt: soldAt,
            createdAt: new Date(soldAt.getTime() - 5 * 60_000),
            updatedAt: soldAt,
          })
          .onConflictDoNothing();
        await tx
          .insert(sales)
          .values({
            id: saleId,
            listingId,
            reservationId,
            buyerId,
            sellerId: sellerIds[plan.sellerIndex] ?? sellerIds[0] ?? '',
            paymentIntentId,
            purchaseDate: soldAt,
            pricePaidCents: prices.listingPriceCents,
            serviceFeeCents: prices.serviceFeeCents,
            sellerReceivableCents: prices.sellerReceivableCents,
            eventDate,
            eventName: event.name,
          })
          .onConflictDoNothing();
        const payout = demoPayout(eventDate, Date.now());
        await tx
          .insert(payoutTracking)
          .values({
            saleId,
            status: payout.status,
            statusUpdatedAt:
              payout.paymentDate ?? (payout.status === 'pending' ? soldAt : payout.reclamationDeadline),
            // Only an admin marks a payout paid; the rest is the automatic rule's doing.
            updatedBy: payout.paymentDate ? adminId : 'system',
            paymentDate: payout.paymentDate ?? null,
            paymentReference: payout.paymentDate ? `DEMO-${saleNumber}` : null,
            reclamationDeadline: payout.reclamationDeadline,
            createdAt: soldAt,
            updatedAt: payout.paymentDate ?? soldAt,
          })
          .onConflictDoNothing();
      }

      for (let n = 1; n <= count; n++) {
        const fileName = ticketFileName(`${event.name}.pdf`, n, count);
        const storageKey = ticketFileKey(listingId, fileName);
        const code = `LT-${createHash('sha256').update(`${listingId}:${n}`).digest('hex').slice(0, 16).toUpperCase()}`;
        const pdf = await renderTicketPdf({
          eventName: event.name,
          dateText: `${new Date(`${eventDay}T12:00:00Z`).toLocaleDateString('fi-FI')} klo ${event.time}`,
          venue: event.venue,
          city: event.city,
          ticketType,
          seatText: seatInfo[n - 1]
            ? `Katsomo ${seatInfo[n - 1]?.sector}, rivi ${seatInfo[n - 1]?.row}, paikka ${seatInfo[n - 1]?.seat}`
            : 'Vapaa sijoitus',
          ticketNumber: n,
          totalTickets: count,
          code,
        });
        files.push({ key: storageKey, data: pdf });
        await tx
          .insert(listingFiles)
          .values({
            id: stableId(`${plan.key}:file:${n}`),
            listingId,
            storageKey,
            fileName,
            originalFileName: fileName,
            fileNumber: n,
            totalFiles: count,
            sizeBytes: pdf.byteLength,
            sha256: createHash('sha256').update(pdf).digest('hex'),
            pageCount: 1,
          })
          .onConflictDoNothing();
        // The code the PDF's QR carries, known by the hash of its text as the upload check reads
        // it: the demo tickets cannot be listed a second time either.
        await tx
          .insert(listingBarcodes)
          .values({
            id: stableId(`${plan.key}:barcode:${n}`),
            listingId,
            fileId: stableId(`${plan.key}:file:${n}`),
            format: 'QRCode',
            fingerprint: createHash('sha256').update(code).digest('hex'),
            page: 1,
          })
          .onConflictDoNothing();
      }
    }
  });
  // Files after the commit: a failed seed leaves at most unreferenced files, never rows without files.
  for (const file of files) await app.files.put(file.key, file.data, 'application/pdf');
  app.log.info({ listings: plans.length, files: files.length, ms: Date.now() - started }, 'demo data seeded');
}

export function printDemoAccounts(config: AppConfig): void {
  const line = (role: string, account: { email: string; password: string }) =>
    `  ${role.padEnd(10)} ${account.email.padEnd(28)} ${account.password}`;
  console.log(
    [
      '',
      `Lipputori is running at ${config.publicUrl}`,
      'Demo accounts (e-mail, password):',
      line('buyer', demoAccounts.buyer),
      line('seller', demoAccounts.seller),
      line('admin', demoAccounts.admin),
      // A production key is a secret: it never goes to the log.
      config.env === 'production' ? '' : `Admin access key: ${config.adminAccessKey}`,
      config.smtpUrl || config.env === 'production'
        ? ''
        : `Mail is not sent (no SMTP_URL); read it at ${config.publicUrl}/dev/posti`,
      '',
    ].join('\n'),
  );
}

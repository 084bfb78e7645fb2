import { and, desc, eq } from 'drizzle-orm';
import type { BoughtTicket } from '#shared/purchases/purchase.schema.ts';
import type { Db } from '../../db/client.ts';
import { sales } from '../../db/schema/index.ts';
import { listingSummaries } from '../listings/listings.service.ts';

/**
 * The tickets a user has bought (the profile's "Ostetut liput"), newest purchase first: what was
 * paid and when from the sale, the event and the files from the listing it sold.
 */
export async function boughtTickets(db: Db, buyerId: string): Promise<BoughtTicket[]> {
  const bought = await db
    .select({
      listingId: sales.listingId,
      pricePaidCents: sales.pricePaidCents,
      purchaseDate: sales.purchaseDate,
    })
    .from(sales)
    .where(eq(sales.buyerId, buyerId))
    .orderBy(desc(sales.purchaseDate), desc(sales.id));
  const listings = await listingSummaries(
    db,
    bought.map((sale) => sale.listingId),
  );
  return bought.flatMap((sale) => {
    const listing = listings.get(sale.listingId);
    // Sold listings are never deleted; one missing would be a broken row, not a ticket to show.
    if (!listing) return [];
    return [
      {
        ticketId: listing.id,
        eventName: listing.eventName,
        eventImage: listing.eventImage,
        eventType: listing.eventType,
        eventDate: listing.eventDate.toISOString(),
        eventTime: listing.eventTime,
        eventEndDate: listing.eventEndDate,
        eventVenue: listing.eventVenue,
        location: listing.location,
        ticketCount: listing.ticketCount,
        pricePaidCents: sale.pricePaidCents,
        purchaseDate: sale.purchaseDate.toISOString(),
        files: listing.files,
      },
    ];
  });
}

/** What a buyer paid for a listing and when, or undefined when they did not buy it. */
export async function purchaseOfListing(
  db: Db,
  listingId: string,
  buyerId: string,
): Promise<{ pricePaidCents: number; purchaseDate: Date } | undefined> {
  const [sale] = await db
    .select({ pricePaidCents: sales.pricePaidCents, purchaseDate: sales.purchaseDate })
    .from(sales)
    .where(and(eq(sales.listingId, listingId), eq(sales.buyerId, buyerId)));
  return sale;
}

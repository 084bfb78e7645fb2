import { and, desc, eq } from 'drizzle-orm';
import type { BoughtTicket, PurchaseRefund } from '#shared/purchases/purchase.schema.ts';
import type { Db } from '../../db/client.ts';
import { sales } from '../../db/schema/index.ts';
import { listingSummaries } from '../listings/listings.service.ts';
import { refundsOfSales, type SaleRefundStatus } from './sale-refunds.ts';

/**
 * The tickets a user has bought (the profile's "Ostetut liput"), newest purchase first: what was
 * paid and when from the sale, the event and the files from the listing it sold.
 */
export async function boughtTickets(db: Db, buyerId: string): Promise<BoughtTicket[]> {
  const bought = await db
    .select({
      id: sales.id,
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
  const refunds = await refundsOfSales(
    db,
    bought.map((sale) => sale.id),
  );
  return bought.flatMap((sale) => {
    const listing = listings.get(sale.listingId);
    const refund = refunds.get(sale.id);
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
        files: refund ? [] : listing.files,
        refund: refund ? purchaseRefundOf(refund) : null,
      },
    ];
  });
}

/** A sale's refund as its buyer is told it. */
export function purchaseRefundOf(refund: SaleRefundStatus): PurchaseRefund {
  return {
    state: refund.state,
    reason: refund.reason,
    amountCents: refund.amountCents,
    date: (refund.refundedAt ?? refund.requestedAt).toISOString(),
  };
}

/**
 * Whether the sale of a listing has its money going back (under way, made or failed): its ticket
 * files are then no longer handed to the buyer.
 */
export async function isListingSaleRefunded(db: Db, listingId: string): Promise<boolean> {
  const [sale] = await db.select({ id: sales.id }).from(sales).where(eq(sales.listingId, listingId));
  return sale !== undefined && (await refundsOfSales(db, [sale.id])).size > 0;
}

/**
 * What a buyer paid for a listing and when, and its refund, or undefined when they did not buy it.
 */
export async function purchaseOfListing(
  db: Db,
  listingId: string,
  buyerId: string,
): Promise<{ pricePaidCents: number; purchaseDate: Date; refund: PurchaseRefund | null } | undefined> {
  const [sale] = await db
    .select({ id: sales.id, pricePaidCents: sales.pricePaidCents, purchaseDate: sales.purchaseDate })
    .from(sales)
    .where(and(eq(sales.listingId, listingId), eq(sales.buyerId, buyerId)));
  if (!sale) return undefined;
  const refund = (await refundsOfSales(db, [sale.id])).get(sale.id);
  return {
    pricePaidCents: sale.pricePaidCents,
    purchaseDate: sale.purchaseDate,
    refund: refund ? purchaseRefundOf(refund) : null,
  };
}

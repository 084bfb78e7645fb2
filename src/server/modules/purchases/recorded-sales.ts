import { count, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sales } from '../../db/schema/index.ts';

// Sales as other modules read them: the admin's payout tracking (modules/payouts) lists them and
// keeps a payout row for each.

export type SaleRow = typeof sales.$inferSelect;

/** Every sale, newest purchase first. */
export function listSales(executor: Executor): Promise<SaleRow[]> {
  return executor.select().from(sales).orderBy(desc(sales.purchaseDate), desc(sales.id));
}

/** A seller's sales (the payouts of the profile's sold listings), newest purchase first. */
export function listSalesOfSeller(executor: Executor, sellerId: string): Promise<SaleRow[]> {
  return executor
    .select()
    .from(sales)
    .where(eq(sales.sellerId, sellerId))
    .orderBy(desc(sales.purchaseDate), desc(sales.id));
}

/** How many sales there are (a gauge of the metrics). */
export async function countSales(executor: Executor): Promise<number> {
  const [row] = await executor.select({ sales: count() }).from(sales);
  return row?.sales ?? 0;
}

/**
 * The sales' ids and event dates (of `saleIds` only, when given) as a subquery named `sold`, for a
 * set-based statement of another module: one INSERT … SELECT instead of a row at a time.
 */
export function saleEventDates(executor: Executor, saleIds?: readonly string[]) {
  const query = executor.select({ id: sales.id, eventDate: sales.eventDate }).from(sales);
  return (saleIds ? query.where(inArray(sales.id, [...saleIds])) : query).as('sold');
}

/** The sales of these sellers (id and seller) as a subquery named `sold_by`, for another module's join. */
export function salesOfSellers(executor: Executor, sellerIds: readonly string[]) {
  return executor
    .select({ id: sales.id, sellerId: sales.sellerId })
    .from(sales)
    .where(inArray(sales.sellerId, [...sellerIds]))
    .as('sold_by');
}

/** The sale of a sold listing, locked until the transaction ends (a refund decides on it). */
export async function lockSaleOfListing(executor: Executor, listingId: string): Promise<SaleRow | undefined> {
  const [sale] = await executor.select().from(sales).where(eq(sales.listingId, listingId)).for('update');
  return sale;
}

/** The sale of a listing, if it was sold. */
export async function findSaleOfListing(executor: Executor, listingId: string): Promise<SaleRow | undefined> {
  const [sale] = await executor.select().from(sales).where(eq(sales.listingId, listingId));
  return sale;
}

/** These sales by id. */
export async function findSales(
  executor: Executor,
  saleIds: readonly string[],
): Promise<Map<string, SaleRow>> {
  if (saleIds.length === 0) return new Map();
  const rows = await executor
    .select()
    .from(sales)
    .where(inArray(sales.id, [...saleIds]));
  return new Map(rows.map((row) => [row.id, row]));
}

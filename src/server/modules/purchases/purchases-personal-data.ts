import { asc, eq, inArray } from 'drizzle-orm';
import type { PersonalDataExport } from '#shared/accounts/personal-data.schema.ts';
import type { Executor } from '../../db/client.ts';
import { paymentAdjustments, reservations, saleRefunds, sales } from '../../db/schema/index.ts';

type SaleRecord = Omit<PersonalDataExport['sales'][number], 'payout'>;

/**
 * A person's attempts to pay (without the provider's client secret), what they bought, and what
 * they sold with the provider's refunds and disputes of it. The payouts are the payouts module's.
 */
export async function purchasesPersonalData(
  executor: Executor,
  userId: string,
): Promise<Pick<PersonalDataExport, 'paymentAttempts' | 'purchases'> & { sales: SaleRecord[] }> {
  const attempts = await executor
    .select()
    .from(reservations)
    .where(eq(reservations.buyerId, userId))
    .orderBy(asc(reservations.createdAt));
  const bought = await executor
    .select()
    .from(sales)
    .where(eq(sales.buyerId, userId))
    .orderBy(asc(sales.purchaseDate));
  const sold = await executor
    .select()
    .from(sales)
    .where(eq(sales.sellerId, userId))
    .orderBy(asc(sales.purchaseDate));
  const adjustments = sold.length
    ? await executor
        .select()
        .from(paymentAdjustments)
        .where(
          inArray(
            paymentAdjustments.saleId,
            sold.map((sale) => sale.id),
          ),
        )
        .orderBy(asc(paymentAdjustments.createdAt))
    : [];
  const saleIds = [...bought, ...sold].map((sale) => sale.id);
  const refunds = saleIds.length
    ? await executor.select().from(saleRefunds).where(inArray(saleRefunds.saleId, saleIds))
    : [];
  const refundOf = (saleId: string) => {
    const refund = refunds.find((row) => row.saleId === saleId);
    return refund
      ? {
          reason: refund.reason,
          amountCents: refund.amountCents,
          requestedAt: refund.requestedAt.toISOString(),
          sentToProviderAt: refund.sentAt?.toISOString() ?? null,
        }
      : null;
  };
  return {
    paymentAttempts: attempts.map((attempt) => ({
      id: attempt.id,
      listingId: attempt.listingId,
      status: attempt.status,
      amountCents: attempt.amountCents,
      lastErrorCode: attempt.lastErrorCode,
      startedAt: attempt.createdAt.toISOString(),
      holdEndedAt: attempt.expiresAt.toISOString(),
    })),
    purchases: bought.map((sale) => ({
      saleId: sale.id,
      listingId: sale.listingId,
      eventName: sale.eventName,
      eventDate: sale.eventDate.toISOString(),
      purchasedAt: sale.purchaseDate.toISOString(),
      pricePaidCents: sale.pricePaidCents,
      refund: refundOf(sale.id),
    })),
    sales: sold.map((sale) => ({
      saleId: sale.id,
      listingId: sale.listingId,
      eventName: sale.eventName,
      eventDate: sale.eventDate.toISOString(),
      soldAt: sale.purchaseDate.toISOString(),
      pricePaidCents: sale.pricePaidCents,
      serviceFeeCents: sale.serviceFeeCents,
      sellerReceivableCents: sale.sellerReceivableCents,
      refund: refundOf(sale.id),
      paymentAdjustments: adjustments
        .filter((adjustment) => adjustment.saleId === sale.id)
        .map((adjustment) => ({
          kind: adjustment.kind,
          amountCents: adjustment.amountCents,
          status: adjustment.status,
          at: adjustment.createdAt.toISOString(),
        })),
    })),
  };
}

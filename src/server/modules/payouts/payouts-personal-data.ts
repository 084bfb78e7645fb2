import { eq, inArray } from 'drizzle-orm';
import type { PersonalDataExport } from '#shared/accounts/personal-data.schema.ts';
import type { Executor } from '../../db/client.ts';
import { payoutTracking } from '../../db/schema/index.ts';
import { salesOfSellers } from '../purchases/recorded-sales.ts';
import { unpaidStatuses } from './payout-lifecycle.ts';

type Payout = NonNullable<PersonalDataExport['sales'][number]['payout']>;

/** The payouts of a seller's sales, by sale id, with the team's notes on them. */
export async function payoutsPersonalData(
  executor: Executor,
  saleIds: readonly string[],
): Promise<Map<string, Payout>> {
  if (saleIds.length === 0) return new Map();
  const rows = await executor
    .select()
    .from(payoutTracking)
    .where(inArray(payoutTracking.saleId, [...saleIds]));
  return new Map(
    rows.map((row) => [
      row.saleId,
      {
        status: row.status,
        paymentDate: row.paymentDate?.toISOString() ?? null,
        paymentReference: row.paymentReference,
        reclamationDeadline: row.reclamationDeadline.toISOString(),
        hasReclamation: row.hasReclamation,
        reclamationDetails: row.reclamationDetails,
        paymentIssue: row.paymentIssue,
        notes: row.notes,
      },
    ]),
  );
}

/**
 * Which of these sellers still have a sale waiting for its payout: a deleted account's archive
 * holds the IBAN it is paid to, so it is kept until none waits.
 */
export async function sellersAwaitingPayout(
  executor: Executor,
  sellerIds: readonly string[],
): Promise<Set<string>> {
  if (sellerIds.length === 0) return new Set();
  const sold = salesOfSellers(executor, sellerIds);
  const rows = await executor
    .selectDistinct({ sellerId: sold.sellerId })
    .from(payoutTracking)
    .innerJoin(sold, eq(sold.id, payoutTracking.saleId))
    .where(inArray(payoutTracking.status, [...unpaidStatuses]));
  return new Set(rows.map((row) => row.sellerId));
}

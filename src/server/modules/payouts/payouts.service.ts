import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { payoutTracking } from '../../db/schema/index.ts';

// Paying sellers (spec 02 §3-§4 paymentTracking). This module owns payout_tracking; the admin
// issue adds the status changes and the automatic ready-for-payment rule.

/** Days after the event a buyer may still complain before the seller is paid. */
export const reclamationDays = 3;

/** Starts tracking the payout of a new sale: pending until the reclamation deadline has passed. */
export async function startPayoutTracking(
  executor: Executor,
  sale: { id: string; eventDate: Date },
): Promise<void> {
  await executor.insert(payoutTracking).values({
    saleId: sale.id,
    status: 'pending',
    updatedBy: 'system',
    reclamationDeadline: sql`${sale.eventDate.toISOString()}::timestamptz + make_interval(days => ${reclamationDays})`,
  });
}

import { z } from 'zod';

// Refunds to buyers that failed for good at the payment provider (docs/decisions/035): the admin
// area's alert lists them with the provider's error, and an admin may try one again.

export const failedRefundSchema = z.object({
  saleId: z.uuid(),
  listingId: z.uuid(),
  eventName: z.string(),
  eventDate: z.string(),
  reason: z.enum(['complaint', 'event_cancelled']),
  amountCents: z.number().int(),
  attempts: z.number().int(),
  /** The provider's last error, as it gave it (English). */
  error: z.string(),
  requestedAt: z.string(),
});
export type FailedRefund = z.infer<typeof failedRefundSchema>;
export const failedRefundsResponseSchema = z.object({ refunds: z.array(failedRefundSchema) });

export const refundRetryParamsSchema = z.object({ saleId: z.uuid() });
/** Whether the provider took the refund on this try; if not, it is tried again as a new refund would be. */
export const refundRetriedSchema = z.object({ sent: z.boolean() });

export const failedRefundMessages = {
  notFailed: 'Tätä hyvitystä ei tarvitse yrittää uudelleen: se on jo lähetetty tai sitä ei ole.',
} as const;

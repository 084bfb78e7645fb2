import { z } from 'zod';
import { payoutStatuses } from '../admin/payouts.schema.ts';

// A seller's view of the payout of one of their sales (the profile's sold listings): where the
// money stands, when it comes, and why it waits. The admin's notes and the buyer stay out of it.

/**
 * Why a payout is held or was cancelled: the buyer complained, or the buyer's payment was disputed
 * or refunded (in part or whole) at the payment provider.
 */
export const payoutHoldReasons = ['complaint', 'disputed', 'partially_refunded', 'refunded'] as const;
export type PayoutHoldReason = (typeof payoutHoldReasons)[number];

export const sellerPayoutSchema = z.object({
  status: z.enum(payoutStatuses),
  /** 'YYYY-MM-DD' in Helsinki while the money is still to come without a hold, else null. */
  expectedDate: z.string().nullable(),
  /** ISO instant the admin marked it paid. */
  paymentDate: z.string().nullable(),
  paymentReference: z.string().nullable(),
  holdReason: z.enum(payoutHoldReasons).nullable(),
});

export type SellerPayout = z.infer<typeof sellerPayoutSchema>;

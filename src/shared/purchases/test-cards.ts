// Apart from the schemas so the checkout's test-card form shows them without loading zod.

/** Stripe's test cards that the local provider understands, and what each does. */
export const testCards = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  requiresAction: '4000002500003155',
  processing: '4000000000000077',
  /** Paid, but its refund fails (Stripe's 4000 0000 0000 5126): a failed refund to try for real. */
  refundFails: '4000000000005126',
} as const;

// Apart from the schemas so the checkout's test-card form shows them without loading zod.

/** Stripe's test cards that the local provider understands, and what each does. */
export const testCards = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  requiresAction: '4000002500003155',
  processing: '4000000000000077',
} as const;

import type { PayoutStatusCode } from '#shared/admin/payouts.schema.ts';

// Query keys of the payment tracking tab: the sales list per status filter (each answer carries the
// summary of all sales too, so a saved update refreshes every key under `all`).

export const payoutKeys = {
  all: ['admin-sales'] as const,
  list: (status: PayoutStatusCode | undefined) => [...payoutKeys.all, status ?? 'all'] as const,
};

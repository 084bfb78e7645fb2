import { accountKeys } from '#client/lib/account-keys.ts';
import type { PayoutStatusCode } from '#shared/admin/payouts.schema.ts';
import type { ComplaintStatus } from '#shared/complaints/complaints.schema.ts';

// Every query key of the admin area. Under the signed-in user's keys: sellers' e-mails and IBANs
// are dropped with the rest of the user's data at sign-out or when someone else signs in.

export const adminKeys = {
  all: [...accountKeys.all, 'admin'] as const,
  access: () => [...adminKeys.all, 'access'] as const,
  pendingListings: () => [...adminKeys.all, 'listings', 'pending'] as const,
  listingFiles: (listingId: string) => [...adminKeys.all, 'listings', listingId, 'files'] as const,
  images: () => [...adminKeys.all, 'images'] as const,
  audit: () => [...adminKeys.all, 'audit'] as const,
  jobs: () => [...adminKeys.all, 'jobs'] as const,
  cancellations: () => [...adminKeys.all, 'cancellations'] as const,
  failedRefunds: () => [...adminKeys.all, 'refunds', 'failed'] as const,
  /** Every complaints list: a decision moves a complaint from one to another. */
  complaints: () => [...adminKeys.all, 'complaints'] as const,
  complaintsOfStatus: (status: ComplaintStatus | undefined) =>
    [...adminKeys.complaints(), status ?? 'all'] as const,
  cancellableEvents: (query: string) => [...adminKeys.all, 'cancellable-events', query] as const,
  /** Every sales list: each answer carries the summary of all sales, so an update refreshes them all. */
  sales: () => [...adminKeys.all, 'sales'] as const,
  salesOfStatus: (status: PayoutStatusCode | undefined) => [...adminKeys.sales(), status ?? 'all'] as const,
};

import { accountKeys } from '#client/lib/account-keys.ts';

// Every query key of the admin area's listing review, access and audit log (the payout tracking
// keeps its own in payout-keys.ts). Under the signed-in user's keys: sellers' e-mails and IBANs
// are dropped with the rest of the user's data at sign-out or when someone else signs in.

export const adminKeys = {
  all: [...accountKeys.all, 'admin'] as const,
  access: () => [...adminKeys.all, 'access'] as const,
  pendingListings: () => [...adminKeys.all, 'listings', 'pending'] as const,
  listingFiles: (listingId: string) => [...adminKeys.all, 'listings', listingId, 'files'] as const,
  images: () => [...adminKeys.all, 'images'] as const,
  audit: () => [...adminKeys.all, 'audit'] as const,
};

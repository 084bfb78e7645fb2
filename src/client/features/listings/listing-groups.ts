import type { ListingStatusCode, SellerListing } from '#shared/listings/seller-listing.schema.ts';

// The profile tab's groups (spec 02 §2 "Profile, listing tabs"): on sale or on the way there, sold,
// and every way a listing ends without a sale.

export const listingGroups = ['active', 'sold', 'ended'] as const;
export type ListingGroup = (typeof listingGroups)[number];

const groupOfStatus: Record<ListingStatusCode, ListingGroup> = {
  listed: 'active',
  reserved: 'active',
  pending: 'active',
  sold: 'sold',
  expired: 'ended',
  removed: 'ended',
  rejected: 'ended',
};

/** The listings by group, each in the order the server sent them (status, then event date). */
export function groupListings<Listing extends SellerListing>(
  listings: readonly Listing[],
): Record<ListingGroup, Listing[]> {
  const groups: Record<ListingGroup, Listing[]> = { active: [], sold: [], ended: [] };
  for (const listing of listings) groups[groupOfStatus[listing.status]].push(listing);
  return groups;
}

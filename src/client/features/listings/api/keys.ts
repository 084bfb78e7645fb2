// Every query key of the listings feature's own data: the seller's listings. Keyed by the signed-in
// user, so after another sign-in in the same tab the cache shows no one else's listings.
// (The event search keeps its keys beside its query, in search-events.ts.)

export const sellerListingKeys = {
  all: ['seller-listings'] as const,
  ofUser: (userId: string) => [...sellerListingKeys.all, userId] as const,
  mine: (userId: string) => [...sellerListingKeys.ofUser(userId), 'mine'] as const,
  detail: (userId: string, listingId: string) =>
    [...sellerListingKeys.ofUser(userId), 'detail', listingId] as const,
};

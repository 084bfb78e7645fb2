import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { retryUnlessRefused } from '#client/lib/query-client.ts';
import { sellerListingKeys } from './keys.ts';

/** GET /api/listings/:id: one listing for its seller (the edit page). */
export function sellerListingQuery(userId: string, listingId: string) {
  return queryOptions({
    queryKey: sellerListingKeys.detail(userId, listingId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`/api/listings/${encodeURIComponent(listingId)}`, {
          signal,
          schema: () =>
            import('#shared/listings/seller-listing.schema.ts').then((m) => m.sellerListingResponseSchema),
        })
      ).listing,
    retry: retryUnlessRefused,
  });
}

export function useSellerListing(userId: string, listingId: string) {
  return useQuery(sellerListingQuery(userId, listingId));
}

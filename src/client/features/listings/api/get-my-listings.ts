import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { retryUnlessRefused } from '#client/lib/query-client.ts';
import { myListingsResponseSchema } from '#shared/listings/seller-listing.schema.ts';
import { sellerListingKeys } from './keys.ts';

/** GET /api/listings/mine: every listing of the seller, in the profile tab's order. */
export function myListingsQuery(userId: string) {
  return queryOptions({
    queryKey: sellerListingKeys.mine(userId),
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/listings/mine', { signal, schema: myListingsResponseSchema })).listings,
    retry: retryUnlessRefused,
  });
}

export function useMyListings(userId: string) {
  return useQuery(myListingsQuery(userId));
}

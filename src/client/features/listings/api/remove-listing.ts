import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import type { RemovalRequestValues } from '#shared/listings/seller-listing.schema.ts';
import { sellerListingKeys } from './keys.ts';

/** POST /api/listings/:id/removal: taken off sale with the seller's reason. */
export function useRemoveListing(userId: string, listingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RemovalRequestValues) =>
      apiRequest(`/api/listings/${encodeURIComponent(listingId)}/removal`, {
        method: 'POST',
        body: request,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sellerListingKeys.ofUser(userId) }),
  });
}

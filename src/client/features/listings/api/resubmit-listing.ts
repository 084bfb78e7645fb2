import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import type { ListingResubmission } from '#shared/listings/listing.schema.ts';
import { sellerListingResponseSchema } from '#shared/listings/seller-listing.schema.ts';
import { sellerListingKeys } from './keys.ts';

/** POST /api/listings/:id/resubmission: a rejected listing, corrected, back for review. */
export function useResubmitListing(userId: string, listingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ListingResubmission) =>
      (
        await apiRequest(`/api/listings/${encodeURIComponent(listingId)}/resubmission`, {
          method: 'POST',
          body: input,
          schema: sellerListingResponseSchema,
        })
      ).listing,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sellerListingKeys.ofUser(userId) }),
  });
}

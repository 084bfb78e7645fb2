import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '#client/lib/api-client.ts';
import type { EditListingInput } from '#shared/listings/seller-listing.schema.ts';
import { sellerListingKeys } from './keys.ts';

/** PATCH /api/listings/:id: the new selling price (with the prices shown for it) and info. */
export function useEditListing(userId: string, listingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: EditListingInput) =>
      (
        await apiRequest(`/api/listings/${encodeURIComponent(listingId)}`, {
          method: 'PATCH',
          body: input,
          schema: () =>
            import('#shared/listings/seller-listing.schema.ts').then((m) => m.sellerListingResponseSchema),
        })
      ).listing,
    onSuccess: (listing) => {
      queryClient.setQueryData(sellerListingKeys.detail(userId, listingId), listing);
      void queryClient.invalidateQueries({ queryKey: sellerListingKeys.mine(userId) });
    },
    onError: (error) => {
      // A buyer reserved or bought it meanwhile: the page turns read-only with the fresh status.
      if (error instanceof ApiError && error.code === 'listing-not-on-sale')
        void queryClient.invalidateQueries({ queryKey: sellerListingKeys.ofUser(userId) });
    },
  });
}

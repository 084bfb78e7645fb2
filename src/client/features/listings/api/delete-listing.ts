import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { sellerListingKeys } from './keys.ts';

/** DELETE /api/listings/:id: a listing still waiting for review goes, with its files. */
export function useDeleteListing(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (listingId: string) =>
      apiRequest(`/api/listings/${encodeURIComponent(listingId)}`, { method: 'DELETE' }),
    // Also after a failure: an admin may have reviewed it meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: sellerListingKeys.ofUser(userId) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { moderationResultSchema } from '#shared/admin/admin.schema.ts';
import { dropPendingListing, refreshAfterModeration } from './moderation-cache.ts';

/**
 * POST /api/admin/listings/:id/approve: the listing goes on sale and its seller is told by mail.
 * `onApproved` lets the page drop what it cached of the public list.
 */
export function useApproveListing(onApproved: (listingId: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (listingId: string) =>
      apiRequest(`/api/admin/listings/${encodeURIComponent(listingId)}/approve`, {
        method: 'POST',
        schema: moderationResultSchema,
      }),
    onSuccess: (result) => {
      dropPendingListing(queryClient, result.id);
      onApproved(result.id);
    },
    onSettled: () => refreshAfterModeration(queryClient),
  });
}

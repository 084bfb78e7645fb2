import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { moderationResultSchema } from '#shared/admin/admin.schema.ts';
import { dropPendingListing, refreshAfterModeration } from './moderation-cache.ts';

/** POST /api/admin/listings/:id/reject: rejected with the reason, which the seller gets by mail. */
export function useRejectListing(listingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { reason: string }) =>
      apiRequest(`/api/admin/listings/${encodeURIComponent(listingId)}/reject`, {
        method: 'POST',
        body: request,
        schema: moderationResultSchema,
      }),
    onSuccess: (result) => dropPendingListing(queryClient, result.id),
    onSettled: () => refreshAfterModeration(queryClient),
  });
}

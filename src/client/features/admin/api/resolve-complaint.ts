import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { adminComplaintSchema, type ResolveComplaint } from '#shared/complaints/complaints.schema.ts';
import { adminKeys } from './keys.ts';

/**
 * POST /api/admin/complaints/:id/resolution: refund the buyer or reject with a reason. Either
 * moves the sale's payout, so the sales lists are asked again too.
 */
export function useResolveComplaint(complaintId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: ResolveComplaint) =>
      apiRequest(`/api/admin/complaints/${encodeURIComponent(complaintId)}/resolution`, {
        method: 'POST',
        body: decision,
        schema: adminComplaintSchema,
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.complaints() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.sales() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit() }),
      ]),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { payoutUpdateResultSchema, type UpdatePayout } from '#shared/admin/payouts.schema.ts';
import { adminKeys } from './keys.ts';

/** PATCH /api/admin/sales/:id/payout: one sale's status, reference and notes. */
export function useUpdatePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ saleId, ...update }: UpdatePayout & { saleId: string }) =>
      apiRequest(`/api/admin/sales/${encodeURIComponent(saleId)}/payout`, {
        method: 'PATCH',
        body: update,
        schema: payoutUpdateResultSchema,
      }),
    // Waited for, so the dialog closes onto the refreshed list and summary; after a refusal too,
    // as the payout was held or cancelled meanwhile and the list should show it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.sales() }),
  });
}

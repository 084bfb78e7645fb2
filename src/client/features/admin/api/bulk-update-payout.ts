import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '#client/lib/api-client.ts';
import { bulkPayoutUpdateResultSchema } from '#shared/admin/payout-transitions.ts';
import type { bulkUpdatePayoutSchema } from '#shared/admin/payouts.schema.ts';
import { adminKeys } from './keys.ts';

/**
 * PATCH /api/admin/sales/payout: several sales to one status at once (no reference); the answer
 * lists the sales whose payout's rules refused the change.
 */
export function useBulkUpdatePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: z.input<typeof bulkUpdatePayoutSchema>) =>
      apiRequest('/api/admin/sales/payout', {
        method: 'PATCH',
        body: update,
        schema: bulkPayoutUpdateResultSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.sales() }),
  });
}

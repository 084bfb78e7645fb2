import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { retryUnlessRefused } from '#client/lib/query-client.ts';
import { failedRefundsResponseSchema, refundRetriedSchema } from '#shared/admin/failed-refunds.schema.ts';
import { adminKeys } from './keys.ts';

/** How often the alert asks again: a cancellation's refunds may fail while the admin watches. */
const pollMs = 60_000;

/** GET /api/admin/refunds/failed: the refunds the provider refused for good. */
export function useFailedRefunds() {
  return useQuery({
    queryKey: adminKeys.failedRefunds(),
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/refunds/failed', { signal, schema: failedRefundsResponseSchema }),
    retry: retryUnlessRefused,
    staleTime: 0,
    refetchInterval: pollMs,
  });
}

/** POST /api/admin/refunds/:saleId/retry: starts a failed refund's tries over. */
export function useRetryRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (saleId: string) =>
      apiRequest(`/api/admin/refunds/${saleId}/retry`, {
        method: 'POST',
        body: {},
        schema: refundRetriedSchema,
      }),
    // The alert, the cancellations' progress and the jobs all read the refund's state.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

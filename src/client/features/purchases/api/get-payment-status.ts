import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { purchaseKeys } from './keys.ts';

/** Spec 01 §9: the waiting page asks every 3 s. */
export const paymentPollMs = 3000;

/**
 * GET /api/purchases/:id/status (spec 01 §7 checkPaymentStatus): success, failed with its code, or
 * pending. Asked at once and then every 3 s until the answer is final; never served from the cache.
 */
export function paymentStatusQuery(ticketId: string, round: number) {
  return queryOptions({
    queryKey: purchaseKeys.status(ticketId, round),
    queryFn: ({ signal }) =>
      apiRequest(`/api/purchases/${encodeURIComponent(ticketId)}/status`, {
        signal,
        schema: () => import('#shared/purchases/purchase.schema.ts').then((m) => m.paymentStatusSchema),
      }),
    // Asked again only while the answer is 'pending': a final answer or a failed check ends it.
    refetchInterval: (query) =>
      query.state.status === 'success' && query.state.data?.status === 'pending' ? paymentPollMs : false,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    staleTime: 0,
    gcTime: 0,
  });
}

import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { retryUnlessRefused } from '#client/lib/query-client.ts';
import { purchaseKeys } from './keys.ts';

/**
 * GET /api/purchases/payment?clientSecret= : the success page opened by a provider's redirect
 * without state looks the buyer's payment up (spec 01 §2), with the intent's status as the provider
 * reports it.
 */
export function usePaymentLookup(clientSecret: string | null) {
  return useQuery({
    queryKey: purchaseKeys.payment(clientSecret ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(`/api/purchases/payment?${new URLSearchParams({ clientSecret: clientSecret ?? '' })}`, {
        signal,
        schema: () => import('#shared/purchases/purchase.schema.ts').then((m) => m.paymentLookupSchema),
      }),
    enabled: clientSecret !== null,
    retry: retryUnlessRefused,
    staleTime: 0,
  });
}

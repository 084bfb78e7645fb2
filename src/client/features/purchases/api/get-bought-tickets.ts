import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { retryUnlessRefused } from '#client/lib/query-client.ts';
import { boughtTicketsSchema } from '#shared/purchases/purchase.schema.ts';
import { purchaseKeys } from './keys.ts';

/** GET /api/purchases: the tickets the user has bought, newest purchase first. */
export function boughtTicketsQuery(userId: string) {
  return queryOptions({
    queryKey: purchaseKeys.bought(userId),
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/purchases', { signal, schema: boughtTicketsSchema })).tickets,
    retry: retryUnlessRefused,
  });
}

export function useBoughtTickets(userId: string) {
  return useQuery(boughtTicketsQuery(userId));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { retryUnlessRefused } from '#client/lib/query-client.ts';
import { adminListingsResponseSchema } from '#shared/admin/admin.schema.ts';
import { adminKeys } from './keys.ts';

/** GET /api/admin/listings?status=pending: the listings waiting for review, newest first. */
export function pendingListingsQuery() {
  return queryOptions({
    queryKey: adminKeys.pendingListings(),
    queryFn: async ({ signal }) =>
      (
        await apiRequest('/api/admin/listings?status=pending', {
          signal,
          schema: adminListingsResponseSchema,
        })
      ).listings,
    retry: retryUnlessRefused,
  });
}

export function usePendingListings() {
  return useQuery(pendingListingsQuery());
}

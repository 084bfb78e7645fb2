import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { retryUnlessRefused } from '#client/lib/query-client.ts';
import { adminAccessStatusSchema } from '#shared/admin/admin.schema.ts';
import { adminKeys } from './keys.ts';

/**
 * GET /api/admin/access: whether this browser holds a valid access cookie. Answered 404 for
 * anyone who is not an admin; never cached as fresh, since the cookie may lapse at any time.
 */
export function adminAccessQuery() {
  return queryOptions({
    queryKey: adminKeys.access(),
    queryFn: ({ signal }) => apiRequest('/api/admin/access', { signal, schema: adminAccessStatusSchema }),
    retry: retryUnlessRefused,
    staleTime: 0,
  });
}

export function useAdminAccess() {
  return useQuery(adminAccessQuery());
}

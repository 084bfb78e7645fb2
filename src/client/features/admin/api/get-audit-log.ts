import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { retryUnlessRefused } from '#client/lib/query-client.ts';
import { auditResponseSchema } from '#shared/admin/admin.schema.ts';
import { adminKeys } from './keys.ts';

/**
 * GET /api/admin/audit: the latest admin actions, newest first. Fetched at each opening of the
 * tab: the payout tab's changes land in it too.
 */
export function auditLogQuery() {
  return queryOptions({
    queryKey: adminKeys.audit(),
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/admin/audit', { signal, schema: auditResponseSchema })).entries,
    retry: retryUnlessRefused,
    staleTime: 0,
  });
}

export function useAuditLog() {
  return useQuery(auditLogQuery());
}

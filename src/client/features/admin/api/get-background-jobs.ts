import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { retryUnlessRefused } from '#client/lib/query-client.ts';
import { backgroundJobsResponseSchema } from '#shared/admin/jobs.schema.ts';
import { adminKeys } from './keys.ts';

/** GET /api/admin/jobs: each background job's last run. Fresh at each opening of the tab. */
export function backgroundJobsQuery() {
  return queryOptions({
    queryKey: adminKeys.jobs(),
    queryFn: ({ signal }) => apiRequest('/api/admin/jobs', { signal, schema: backgroundJobsResponseSchema }),
    retry: retryUnlessRefused,
    staleTime: 0,
  });
}

export function useBackgroundJobs() {
  return useQuery(backgroundJobsQuery());
}

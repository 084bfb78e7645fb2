import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { retryUnlessRefused } from '#client/lib/query-client.ts';
import { complaintKeys } from './keys.ts';

/** GET /api/complaints: the complaints the signed-in user filed or received, newest first. */
export function myComplaintsQuery(userId: string) {
  return queryOptions({
    queryKey: complaintKeys.mine(userId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest('/api/complaints', {
          signal,
          schema: async () => (await import('#shared/complaints/complaints.schema.ts')).myComplaintsSchema,
        })
      ).complaints,
    retry: retryUnlessRefused,
  });
}

export function useMyComplaints(userId: string) {
  return useQuery(myComplaintsQuery(userId));
}

import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { retryUnlessRefused } from '#client/lib/query-client.ts';
import { complaintKeys } from './keys.ts';

/**
 * GET /api/complaints/:ticketId: the ticket's complaint as its buyer or seller sees it, or whether
 * the buyer may file one; 404 for anyone else, as for a ticket that does not exist.
 */
export function useComplaint(userId: string, ticketId: string) {
  return useQuery({
    queryKey: complaintKeys.view(userId, ticketId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/complaints/${encodeURIComponent(ticketId)}`, {
        signal,
        schema: async () => (await import('#shared/complaints/complaints.schema.ts')).complaintViewSchema,
      }),
    retry: retryUnlessRefused,
  });
}

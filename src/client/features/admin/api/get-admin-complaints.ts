import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { retryUnlessRefused } from '#client/lib/query-client.ts';
import { adminComplaintsResponseSchema, type ComplaintStatus } from '#shared/complaints/complaints.schema.ts';
import { adminKeys } from './keys.ts';

/** GET /api/admin/complaints[?status=]: the complaints, open ones first. */
export function useAdminComplaints(status: ComplaintStatus | undefined) {
  return useQuery({
    queryKey: adminKeys.complaintsOfStatus(status),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`/api/admin/complaints${status ? `?status=${status}` : ''}`, {
          signal,
          schema: adminComplaintsResponseSchema,
        })
      ).complaints,
    retry: retryUnlessRefused,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** Where the admin downloads a file of either side of a complaint. */
export function adminEvidenceUrl(complaintId: string, evidenceId: string): string {
  return `/api/admin/complaints/${encodeURIComponent(complaintId)}/evidence/${encodeURIComponent(evidenceId)}`;
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import type { FileComplaint } from '#shared/complaints/complaints.schema.ts';
import { complaintKeys } from './keys.ts';

export interface FileComplaintInput {
  complaint: FileComplaint;
  evidence: File[];
}

/**
 * POST /api/complaints/:ticketId: the complaint as JSON and its evidence files in one multipart
 * request, so the server takes all of it or none. The answer is the page's new view.
 */
export function useFileComplaint(userId: string, ticketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ complaint, evidence }: FileComplaintInput) => {
      const body = new FormData();
      body.append('complaint', JSON.stringify(complaint));
      for (const file of evidence) body.append('evidence', file, file.name);
      return apiRequest(`/api/complaints/${encodeURIComponent(ticketId)}`, {
        method: 'POST',
        body,
        schema: async () => (await import('#shared/complaints/complaints.schema.ts')).complaintViewSchema,
      });
    },
    onSuccess: (view) => queryClient.setQueryData(complaintKeys.view(userId, ticketId), view),
    onSettled: () => queryClient.invalidateQueries({ queryKey: complaintKeys.ofUser(userId) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import type { ComplaintResponse } from '#shared/complaints/complaints.schema.ts';
import { complaintKeys } from './keys.ts';

export interface RespondInput {
  response: ComplaintResponse;
  evidence: File[];
}

/** POST /api/complaints/:ticketId/response: the seller's one answer, with files, as multipart. */
export function useRespondToComplaint(userId: string, ticketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ response, evidence }: RespondInput) => {
      const body = new FormData();
      body.append('response', JSON.stringify(response));
      for (const file of evidence) body.append('evidence', file, file.name);
      return apiRequest(`/api/complaints/${encodeURIComponent(ticketId)}/response`, {
        method: 'POST',
        body,
        schema: async () => (await import('#shared/complaints/complaints.schema.ts')).complaintViewSchema,
      });
    },
    onSuccess: (view) => queryClient.setQueryData(complaintKeys.view(userId, ticketId), view),
    onSettled: () => queryClient.invalidateQueries({ queryKey: complaintKeys.ofUser(userId) }),
  });
}

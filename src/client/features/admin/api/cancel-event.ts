import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import {
  type CreateCancellation,
  cancellationCreatedSchema,
} from '#shared/admin/event-cancellations.schema.ts';
import { adminKeys } from './keys.ts';

/** POST /api/admin/event-cancellations: starts the cancellation; the list then follows its job. */
export function useCancelEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateCancellation) =>
      apiRequest('/api/admin/event-cancellations', {
        method: 'POST',
        body: request,
        schema: cancellationCreatedSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { retryUnlessRefused } from '#client/lib/query-client.ts';
import { eventCancellationsResponseSchema } from '#shared/admin/event-cancellations.schema.ts';
import { adminKeys } from './keys.ts';

/** How often a cancellation still at work is asked again: its progress moves as the job runs. */
const progressPollMs = 2000;

/** GET /api/admin/event-cancellations: the cancellations and their progress, followed while any runs. */
export function useEventCancellations() {
  return useQuery({
    queryKey: adminKeys.cancellations(),
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/event-cancellations', { signal, schema: eventCancellationsResponseSchema }),
    retry: retryUnlessRefused,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.cancellations.some((cancellation) => cancellation.finishedAt === null)
        ? progressPollMs
        : false,
  });
}

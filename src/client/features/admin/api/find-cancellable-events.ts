import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { retryUnlessRefused } from '#client/lib/query-client.ts';
import { cancellableEventsResponseSchema } from '#shared/admin/event-cancellations.schema.ts';
import { adminKeys } from './keys.ts';

/** Shortest search asked of the server: one letter would list most events. */
export const minEventSearchLength = 2;

/** GET /api/admin/event-cancellations/events?q=: the events whose listings match the search. */
export function useCancellableEvents(query: string) {
  const term = query.trim();
  return useQuery({
    queryKey: adminKeys.cancellableEvents(term),
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/event-cancellations/events?q=${encodeURIComponent(term)}`, {
        signal,
        schema: cancellableEventsResponseSchema,
      }),
    enabled: term.length >= minEventSearchLength,
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
  });
}

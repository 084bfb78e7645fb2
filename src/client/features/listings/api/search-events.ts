import { queryOptions, useQuery } from '@tanstack/react-query';
import { trackEvent } from '#client/lib/analytics.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import type { EventSearchResult } from '#shared/listings/event-search.schema.ts';
import { eventSearchMaxLength } from '#shared/listings/event-search-limits.ts';

const eventSearchResponseSchema = () =>
  import('#shared/listings/event-search.schema.ts').then((module) => module.eventSearchResponseSchema);

// The sell wizard's event search (spec 02 §7 searchEvents): GET /api/events/search?q=…. The
// field debounces the typing (500 ms); this asks only for text the server would take.

export const eventSearchKeys = {
  all: ['event-search'] as const,
  search: (query: string) => [...eventSearchKeys.all, query] as const,
};

/** Text worth a search: not blank, not longer than the server takes, nothing untypeable in it. */
export function isSearchableText(text: string): boolean {
  const query = text.trim();
  return query.length > 0 && query.length <= eventSearchMaxLength && !/\p{Cc}/u.test(query);
}

/** The events matching `query`; each answered search is counted (spec 02 §7: status and count). */
export async function searchEvents(query: string, signal?: AbortSignal): Promise<EventSearchResult[]> {
  const q = query.trim();
  const track = (status: 'success' | 'error', eventCount: number) =>
    trackEvent({ category: 'search', action: 'search_events', label: q, metadata: { status, eventCount } });
  try {
    const { events } = await apiRequest(`/api/events/search?${new URLSearchParams({ q })}`, {
      signal,
      schema: eventSearchResponseSchema,
    });
    track('success', events.length);
    return events;
  } catch (error) {
    // A search given up for newer typing is not a failure.
    if (!signal?.aborted) track('error', 0);
    throw error;
  }
}

export function searchEventsQuery(query: string) {
  const q = query.trim();
  return queryOptions({
    queryKey: eventSearchKeys.search(q),
    queryFn: ({ signal }) => searchEvents(q, signal),
    enabled: isSearchableText(q),
    // The seller is typing: a failed search shows no suggestions at once instead of a spinner
    // through retries, and the next pause in typing asks again.
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: 5 * 60_000,
  });
}

/**
 * The suggestions for the (already debounced) text: empty while there is nothing to search, and
 * when the search failed (spec 02 §7: failures are swallowed, the list stays empty).
 */
export function useEventSearch(query: string): { events: EventSearchResult[]; searching: boolean } {
  const result = useQuery(searchEventsQuery(query));
  return {
    events: result.isError || !isSearchableText(query) ? [] : (result.data ?? []),
    searching: result.isFetching,
  };
}

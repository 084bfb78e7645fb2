import { type DehydratedState, hydrate, QueryClient } from '@tanstack/react-query';

// Server-state timings of spec 01 §9: stale 5 min, cache 10 min, 2 retries, refetch on focus.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        gcTime: 10 * 60_000,
        retry: 2,
        refetchOnWindowFocus: true,
      },
    },
  });
}

export const queryClient = createQueryClient();

/** The <script> in which the server sends the data a page was rendered with. */
export const serverQueriesElementId = 'server-queries';

/**
 * Takes over the data the server rendered the page with, so the app draws the same page at once
 * instead of fetching it again behind a loading spinner.
 */
export function adoptServerQueries(): void {
  const element = document.getElementById(serverQueriesElementId);
  if (!element?.textContent) return;
  hydrate(queryClient, JSON.parse(element.textContent) as DehydratedState);
}

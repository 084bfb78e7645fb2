import { QueryClient } from '@tanstack/react-query';

// Server-state timings of spec 01 §9: stale 5 min, cache 10 min, 2 retries, refetch on focus.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 5 * 60_000,
      gcTime: 10 * 60_000,
      retry: 2,
      refetchOnWindowFocus: true,
    },
  },
});

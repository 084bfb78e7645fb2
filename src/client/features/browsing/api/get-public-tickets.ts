import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { type PublicListRequest, publicTicketsKeys } from './keys.ts';

// The list is on the first load: its schema (and zod) load with the first answer they check.
const publicListSchema = () =>
  import('#shared/browsing/public-list.schema.ts').then((module) => module.publicListSchema);

function listUrl({ searchTerm, sortBy, filterCategory, currentPage, pageSize }: PublicListRequest): string {
  const query = new URLSearchParams({
    searchTerm: searchTerm.trim(),
    sortBy,
    filterCategory,
    page: String(currentPage),
    pageSize: String(pageSize),
  });
  return `/api/tickets?${query}`;
}

/**
 * One page of the public list (spec 01 §9): stale after 5 minutes, refetched every 5 minutes and
 * on focus; the previous page stays on screen while the next one loads.
 */
export function publicTicketsQuery(request: PublicListRequest) {
  return queryOptions({
    queryKey: publicTicketsKeys.list(request),
    queryFn: ({ signal }) => apiRequest(listUrl(request), { signal, schema: publicListSchema }),
    staleTime: 5 * 60_000,
    gcTime: 10 * 60_000,
    retry: 2,
    refetchOnWindowFocus: true,
    refetchInterval: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

export function usePublicTickets(request: PublicListRequest) {
  return useQuery(publicTicketsQuery(request));
}

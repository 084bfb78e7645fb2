import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import type { PublicList } from '#shared/browsing/public-list.schema.ts';
import type { ListParams } from '../list-params.ts';

export interface PublicListRequest extends ListParams {
  pageSize: number;
}

export const publicTicketsKeys = {
  all: ['public-tickets'] as const,
  list: (request: PublicListRequest) => [...publicTicketsKeys.all, request] as const,
};

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
export function usePublicTickets(request: PublicListRequest) {
  return useQuery({
    queryKey: publicTicketsKeys.list(request),
    queryFn: ({ signal }) => apiRequest<PublicList>(listUrl(request), { signal }),
    staleTime: 5 * 60_000,
    gcTime: 10 * 60_000,
    retry: 2,
    refetchOnWindowFocus: true,
    refetchInterval: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, networkErrorMessage } from '#client/lib/api-client.ts';
import { retryUnlessRefused } from '#client/lib/query-client.ts';
import { adminKeys } from './keys.ts';

/**
 * HEAD of a ticket PDF's address before the viewer shows its pages: an image that fails cannot
 * tell a missing file from any other failure, and the spec has a message of its own for that. (No
 * body to check, so plain fetch rather than the API client.)
 */
export function ticketFileCheckQuery(listingId: string, url: string) {
  return queryOptions({
    queryKey: [...adminKeys.listingFiles(listingId), 'check', url] as const,
    queryFn: async ({ signal }) => {
      let response: Response;
      try {
        response = await fetch(url, { method: 'HEAD', credentials: 'same-origin', signal });
      } catch {
        throw new ApiError(0, 'network', networkErrorMessage);
      }
      if (!response.ok) {
        const code = response.status === 404 ? 'not-found' : 'internal';
        throw new ApiError(response.status, code, response.statusText);
      }
      return true;
    },
    retry: retryUnlessRefused,
    staleTime: 0,
  });
}

export function useTicketFileCheck(listingId: string, url: string) {
  return useQuery(ticketFileCheckQuery(listingId, url));
}

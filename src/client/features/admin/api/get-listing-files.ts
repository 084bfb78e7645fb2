import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { retryUnlessRefused } from '#client/lib/query-client.ts';
import { adminListingFilesResponseSchema } from '#shared/admin/admin.schema.ts';
import { adminKeys } from './keys.ts';

/** GET /api/admin/listings/:id/files: the ticket PDFs with their addresses, and one for all. */
export function listingFilesQuery(listingId: string) {
  return queryOptions({
    queryKey: adminKeys.listingFiles(listingId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/listings/${encodeURIComponent(listingId)}/files`, {
        signal,
        schema: adminListingFilesResponseSchema,
      }),
    retry: retryUnlessRefused,
  });
}

export function useListingFiles(listingId: string) {
  return useQuery(listingFilesQuery(listingId));
}

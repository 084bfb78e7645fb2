import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { retryUnlessRefused } from '#client/lib/query-client.ts';
import { adminImagesResponseSchema } from '#shared/admin/admin.schema.ts';
import { adminKeys } from './keys.ts';

/** GET /api/admin/images: the category defaults and the earlier uploads an admin may choose from. */
export function adminImagesQuery() {
  return queryOptions({
    queryKey: adminKeys.images(),
    queryFn: ({ signal }) => apiRequest('/api/admin/images', { signal, schema: adminImagesResponseSchema }),
    retry: retryUnlessRefused,
  });
}

export function useAdminImages() {
  return useQuery(adminImagesQuery());
}

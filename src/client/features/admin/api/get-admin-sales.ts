import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { adminSalesResponseSchema, type PayoutStatusCode } from '#shared/admin/payouts.schema.ts';
import { adminKeys } from './keys.ts';

/** `?status=` of the sales list and its CSV export: every sale, or those of one status. */
export function salesQueryString(status: PayoutStatusCode | undefined): string {
  return status ? `?${new URLSearchParams({ status })}` : '';
}

export function adminSalesQuery(status: PayoutStatusCode | undefined) {
  return queryOptions({
    queryKey: adminKeys.salesOfStatus(status),
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/sales${salesQueryString(status)}`, { signal, schema: adminSalesResponseSchema }),
  });
}

/** GET /api/admin/sales: the sales, newest first, and the summary of all of them. */
export function useAdminSales(status: PayoutStatusCode | undefined) {
  // Another filter keeps the last answer on screen until its own arrives.
  return useQuery({ ...adminSalesQuery(status), placeholderData: keepPreviousData });
}

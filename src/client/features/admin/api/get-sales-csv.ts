import type { PayoutStatusCode } from '#shared/admin/payouts.schema.ts';
import { salesQueryString } from './get-admin-sales.ts';

/**
 * GET /api/admin/sales.csv: a link, not a fetch, so the browser saves the server's file under the
 * server's name (the access cookie goes along like with any request of the page).
 */
export function salesCsvUrl(status: PayoutStatusCode | undefined): string {
  return `/api/admin/sales.csv${salesQueryString(status)}`;
}

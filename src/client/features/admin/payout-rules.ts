import type { z } from 'zod';
import {
  type AdminSale,
  type PayoutStatusCode,
  payoutStatuses,
  type updatePayoutSchema,
} from '#shared/admin/payouts.schema.ts';
import { finnishDate } from '#shared/dates.ts';
import { personName } from '#shared/person-name.ts';

// The payment tracking tab's small rules: its filter in the address, the seller's name and the
// dates as the list writes them.

/** The status filter's query parameter (?tila=paid); the admin area's own tab is ?tab=. */
export const statusFilterParam = 'tila';

/** The filter in the address, or every status for a missing or unknown value. */
export function statusFromParam(value: string | null): PayoutStatusCode | undefined {
  return payoutStatuses.find((status) => status === value);
}

/** The seller's full name, else the username, else the e-mail (a seller with no profile yet). */
export function sellerName(seller: AdminSale['seller']): string {
  return personName(seller) || seller.username || seller.email;
}

/** A day as the list writes it ('24.12.2026'), or null for a missing one. */
export function listDay(instant: string | null): string | null {
  return instant ? finnishDate(new Date(instant)) : null;
}

/** The chosen sales that are still on the list (a refresh or another filter may have dropped some). */
export function chosenOnList(chosen: ReadonlySet<string>, sales: readonly AdminSale[]): string[] {
  return sales.filter((sale) => chosen.has(sale.id)).map((sale) => sale.id);
}

/** How many of the listed sales are chosen: the select-all box is ticked, half-ticked or empty. */
export function choiceState(sales: readonly AdminSale[], chosen: ReadonlySet<string>) {
  const count = sales.filter((sale) => chosen.has(sale.id)).length;
  return { all: count > 0 && count === sales.length, some: count > 0 && count < sales.length };
}

/** The status dialog's form is the update's own schema; the bulk dialog leaves the reference out. */
export type PayoutFormInput = z.input<typeof updatePayoutSchema>;
export type PayoutFormValues = z.output<typeof updatePayoutSchema>;

// The profile's tabs, by their ?tab= value (spec 01 §2 Profile): 0 the bought tickets, 1 the sale
// listings, 2 the user details. The page shows the one asked for; the server starts what that one
// loads with the page (docs/decisions/029).

export const profileTabCount = 3;

/** The tab `?tab=` opens: an integer 0–2 as written, anything else (none, a list, junk) the first. */
export function profileTabFromParam(value: unknown): number {
  const tab = typeof value === 'string' ? Number(value) : 0;
  return Number.isInteger(tab) && tab >= 0 && tab < profileTabCount ? tab : 0;
}

import type { QueryClient } from '@tanstack/react-query';
import type { AdminListing } from '#shared/admin/admin.schema.ts';
import { adminKeys } from './keys.ts';

// What follows an approval or a rejection: the card leaves the list at once, and the list and the
// log are fetched again, also after a failure (another admin may have got there first).

export function dropPendingListing(queryClient: QueryClient, listingId: string): void {
  queryClient.setQueryData<AdminListing[]>(adminKeys.pendingListings(), (listings) =>
    listings?.filter((listing) => listing.id !== listingId),
  );
}

export function refreshAfterModeration(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.pendingListings() }),
    queryClient.invalidateQueries({ queryKey: adminKeys.audit() }),
  ]);
}

import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { publicTicketsKeys, ticketDetailsKeys } from '#client/features/browsing/api/keys.ts';

/**
 * After the seller changed a listing (price, removal, deletion), the public list and that ticket's
 * page are fetched afresh when next shown, instead of the copy cached for five minutes.
 */
export function usePublicTicketRefresh(): (listingId: string) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (listingId: string) => {
      void queryClient.invalidateQueries({ queryKey: publicTicketsKeys.all });
      void queryClient.invalidateQueries({ queryKey: [...ticketDetailsKeys.all, listingId] });
    },
    [queryClient],
  );
}

import { useDeferredValue, useMemo } from 'react';
import type { ComplaintRole } from '#shared/complaints/complaints.schema.ts';
import { useMyComplaints } from './get-my-complaints.ts';

/**
 * The user's complaints in one role by the ticket they are about; undefined until they are known,
 * so that a card offers no complaint it may already have. The same map until they change, and
 * deferred: their arrival re-draws the cards in a render that yields to the browser.
 */
export function useComplaintsByTicket(userId: string, role: ComplaintRole) {
  const complaints = useMyComplaints(userId);
  const byTicket = useMemo(
    () =>
      complaints.data &&
      new Map(
        complaints.data
          .filter((complaint) => complaint.role === role)
          .map((complaint) => [complaint.ticketId, complaint]),
      ),
    [complaints.data, role],
  );
  return useDeferredValue(byTicket);
}

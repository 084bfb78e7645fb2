import { useMemo } from 'react';
import type { ComplaintRole } from '#shared/complaints/complaints.schema.ts';
import { useMyComplaints } from './get-my-complaints.ts';

/**
 * The user's complaints in one role by the ticket they are about. `byTicket` is undefined until
 * they are known, so that a card offers no complaint it may already have. `pending` while the
 * first request is on its way: a list waits for it, fetched beside its own, and is drawn once with
 * what each card says of a complaint instead of drawn again when it comes. A failed first request
 * does not hold the list up while it is retried.
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
  return { byTicket, pending: complaints.isPending && complaints.failureCount === 0 };
}

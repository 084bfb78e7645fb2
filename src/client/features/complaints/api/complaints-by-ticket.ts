import type { ComplaintRole } from '#shared/complaints/complaints.schema.ts';
import { useMyComplaints } from './get-my-complaints.ts';

/**
 * The user's complaints in one role by the ticket they are about; undefined until they are known,
 * so that a card offers no complaint it may already have.
 */
export function useComplaintsByTicket(userId: string, role: ComplaintRole) {
  const complaints = useMyComplaints(userId);
  if (!complaints.data) return undefined;
  return new Map(
    complaints.data
      .filter((complaint) => complaint.role === role)
      .map((complaint) => [complaint.ticketId, complaint]),
  );
}

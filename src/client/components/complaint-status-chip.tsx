import Chip from '@mui/material/Chip';
import { type ComplaintStatus, complaintStatusLabels } from '#shared/complaints/complaint-rules.ts';

// Soft backgrounds with dark text of the same hue, as the listing statuses: each pair at least 4.5:1.
const statusColours: Record<ComplaintStatus, { bgcolor: string; color: string }> = {
  open: { bgcolor: '#e1edf9', color: '#0b4582' },
  refunded: { bgcolor: '#e2f1e3', color: '#1b5e20' },
  rejected: { bgcolor: '#ece7e2', color: '#4a3c30' },
};

/** A complaint's status as the buyer's and seller's page and the admin's list show it. */
export function ComplaintStatusChip({ status }: { status: ComplaintStatus }) {
  return (
    <Chip
      label={complaintStatusLabels[status]}
      size="small"
      sx={{ alignSelf: 'flex-start', fontWeight: 700, ...statusColours[status] }}
    />
  );
}

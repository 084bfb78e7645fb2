import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { adminPayoutsText } from '#client/i18n/fi/admin-payouts.ts';
import {
  type PaymentIssue,
  type PayoutStatusCode,
  paymentIssueLabels,
  payoutStatusLabels,
} from '#shared/admin/payouts.schema.ts';

// Soft backgrounds with dark text of the same hue: every pair keeps at least 4.5:1.
export const payoutStatusColours: Record<PayoutStatusCode, { bgcolor: string; color: string }> = {
  pending: { bgcolor: '#fdf0d9', color: '#6d3d00' },
  ready_for_payment: { bgcolor: '#e1edf9', color: '#0b4582' },
  paid: { bgcolor: '#e2f1e3', color: '#1b5e20' },
  reclamation_hold: { bgcolor: '#fbe5e3', color: '#a3191b' },
  cancelled: { bgcolor: '#ece7e2', color: '#4a3c30' },
};

/** A sale's payout status by its Finnish name (spec 02 §4). */
export function PayoutStatusChip({ status }: { status: PayoutStatusCode }) {
  return (
    <Chip
      size="small"
      label={payoutStatusLabels[status]}
      sx={{ ...payoutStatusColours[status], fontWeight: 650, maxWidth: 'none' }}
    />
  );
}

/** Why the payment provider holds or cancelled a payout (a refund or a dispute), when it did. */
export function PaymentIssueNote({ issue, sx }: { issue: PaymentIssue | null; sx?: SxProps<Theme> }) {
  if (!issue) return null;
  return (
    <Typography
      sx={[{ color: '#a3191b', fontSize: '0.8125rem', mt: 0.5 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {paymentIssueLabels[issue]}
    </Typography>
  );
}

/** A sale held by an open complaint: the way to the complaints tab, where it is decided. */
export function OpenComplaintLink({ open }: { open: boolean }) {
  if (!open) return null;
  return (
    <Link
      component={RouterLink}
      to="/admin?tab=reklamaatiot"
      sx={{ display: 'block', fontSize: '0.8125rem', fontWeight: 600, mt: 0.5 }}
    >
      {adminPayoutsText.list.openComplaint}
    </Link>
  );
}

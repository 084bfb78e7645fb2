import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
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

/**
 * A sale's payout status by its Finnish name (spec 02 §4), and under it why the payment provider
 * holds or cancelled it (a refund or a dispute), when it did.
 */
export function PayoutStatusChip({
  payout,
}: {
  payout: { status: PayoutStatusCode; paymentIssue: PaymentIssue | null };
}) {
  return (
    <>
      <Chip
        size="small"
        label={payoutStatusLabels[payout.status]}
        sx={{ ...payoutStatusColours[payout.status], fontWeight: 650, maxWidth: 'none' }}
      />
      {payout.paymentIssue && (
        <Typography sx={{ color: '#a3191b', fontSize: '0.8125rem', mt: 0.5, maxWidth: 220 }}>
          {paymentIssueLabels[payout.paymentIssue]}
        </Typography>
      )}
    </>
  );
}

import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { purchasesText } from '#client/i18n/fi/purchases.ts';
import { finnishDate } from '#shared/dates.ts';
import { formatEuros } from '#shared/money.ts';
import type { PurchaseRefund, PurchaseRefundState } from '#shared/purchases/purchase.schema.ts';

const t = purchasesText.refund;

// Soft backgrounds with dark text of the same hue, as the other status chips: at least 4.5:1.
const stateColours: Record<PurchaseRefundState, { bgcolor: string; color: string }> = {
  under_way: { bgcolor: '#e1edf9', color: '#0b4582' },
  refunded: { bgcolor: '#e2f1e3', color: '#1b5e20' },
  failed: { bgcolor: '#fbe5e3', color: '#a3191b' },
};

/** The refund's state as a chip: a refunded purchase's card wears it above the event. */
export function RefundStateChip({ refund }: { refund: PurchaseRefund }) {
  return (
    <Chip
      label={t.state[refund.state]}
      size="small"
      sx={{ alignSelf: 'flex-start', fontWeight: 700, ...stateColours[refund.state] }}
    />
  );
}

/**
 * Where a purchase's money going back stands, in place of what a ticket that stands shows (the
 * countdown, the files): how much, since when, why and what happens next (the state is the chip's,
 * or on the ticket page the line's own heading). Never "on its way"
 * before the provider confirms it, nor for a refund that failed.
 */
export function PurchaseRefundNote({ refund, eventName }: { refund: PurchaseRefund; eventName: string }) {
  return (
    <Box component="section" aria-label={t.regionLabel(eventName)} sx={{ display: 'grid', gap: 0.25 }}>
      <Typography variant="body2">
        <Box component="span" sx={{ fontWeight: 700 }}>
          {t.title}:
        </Box>{' '}
        {formatEuros(refund.amountCents)} · {t.date[refund.state].toLowerCase()}{' '}
        {finnishDate(new Date(refund.date))}
      </Typography>
      <Typography variant="body2" sx={{ color: refund.state === 'failed' ? 'error.dark' : 'text.secondary' }}>
        {t.reason[refund.reason]} {t.explain[refund.state]}
      </Typography>
    </Box>
  );
}

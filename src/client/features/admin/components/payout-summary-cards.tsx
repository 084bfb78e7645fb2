import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { z } from 'zod';
import { adminPayoutsText } from '#client/i18n/fi/admin-payouts.ts';
import {
  payoutStatuses,
  payoutStatusLabels,
  type payoutSummarySchema,
} from '#shared/admin/payouts.schema.ts';
import { formatEuros } from '#shared/money.ts';
import { payoutStatusColours } from './payout-status-chip.tsx';

const t = adminPayoutsText.summary;

/**
 * The summary cards (spec 02 §2): per status, how many sales and the sum owed or paid to their
 * sellers, over every sale whatever the filter. A status with no sales shows 0.
 */
export function PayoutSummaryCards({ summary }: { summary: z.infer<typeof payoutSummarySchema> }) {
  return (
    <Stack
      component="ul"
      aria-label={t.label}
      sx={{
        display: 'grid',
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          sm: 'repeat(3, minmax(0, 1fr))',
          md: 'repeat(5, minmax(0, 1fr))',
        },
        gap: { xs: 1, md: 1.5 },
        listStyle: 'none',
        p: 0,
        m: 0,
      }}
    >
      {payoutStatuses.map((status) => {
        const line = summary.find((entry) => entry.status === status);
        return (
          <Paper
            component="li"
            variant="outlined"
            key={status}
            sx={{
              px: { xs: 1.5, md: 2 },
              py: 1.5,
              borderTop: 4,
              borderTopColor: payoutStatusColours[status].color,
            }}
          >
            <Typography sx={{ fontWeight: 700, color: payoutStatusColours[status].color }}>
              {payoutStatusLabels[status]}
            </Typography>
            <Typography sx={{ fontSize: { xs: '1.2rem', md: '1.6rem' }, fontWeight: 800, lineHeight: 1.3 }}>
              {t.count(line?.count ?? 0)}
            </Typography>
            <Typography sx={{ color: 'text.secondary', fontWeight: 600 }}>
              {formatEuros(line?.sellerReceivableCents ?? 0)}
            </Typography>
          </Paper>
        );
      })}
    </Stack>
  );
}

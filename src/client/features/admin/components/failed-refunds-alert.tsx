import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { adminText } from '#client/i18n/fi/admin.ts';
import type { FailedRefund } from '#shared/admin/failed-refunds.schema.ts';
import { finnishDate } from '#shared/dates.ts';
import { formatEuros } from '#shared/money.ts';
import { useFailedRefunds, useRetryRefund } from '../api/failed-refunds.ts';

const t = adminText.failedRefunds;

/** "Yritä uudelleen" of one failed refund, with what the try came to. */
export function RetryRefundButton({
  refund,
}: {
  refund: Pick<FailedRefund, 'saleId' | 'eventName' | 'amountCents'>;
}) {
  const retry = useRetryRefund();
  const [outcome, setOutcome] = useState<string | null>(null);
  const amount = formatEuros(refund.amountCents);
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <Button
        variant="contained"
        color="error"
        size="small"
        disabled={retry.isPending}
        aria-label={t.retryLabel(refund.eventName, amount)}
        onClick={() =>
          retry.mutate(refund.saleId, {
            onSuccess: (answer) => setOutcome(answer.sent ? t.sent : t.stillFailing),
            onError: () => setOutcome(t.retryFailed),
          })
        }
      >
        {retry.isPending ? t.retrying : t.retry}
      </Button>
      {outcome && (
        <Typography variant="body2" role="status">
          {outcome}
        </Typography>
      )}
    </Stack>
  );
}

/**
 * Over every tab of the admin area: the refunds the payment provider refused for good, each with
 * the provider's error and a way to try it again. Nothing is drawn while none has failed.
 */
export function FailedRefundsAlert() {
  const failed = useFailedRefunds();
  const refunds = failed.data?.refunds ?? [];
  if (refunds.length === 0) return null;
  return (
    <Alert severity="error" sx={{ mb: 2, '& .MuiAlert-message': { width: '100%', minWidth: 0 } }}>
      <AlertTitle sx={{ fontWeight: 750 }}>{t.title(refunds.length)}</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1.5, maxWidth: '75ch' }}>
        {t.intro}
      </Typography>
      <Stack component="ul" aria-label={t.listLabel} sx={{ listStyle: 'none', p: 0, m: 0, gap: 1.5 }}>
        {refunds.map((refund) => (
          <Box component="li" key={refund.saleId} sx={{ display: 'grid', gap: 0.5 }}>
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              {refund.eventName} · {finnishDate(new Date(refund.eventDate))} ·{' '}
              {formatEuros(refund.amountCents)}
            </Typography>
            <Typography variant="body2">
              {t.reason[refund.reason]} · {finnishDate(new Date(refund.requestedAt))}
            </Typography>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {t.error}: {refund.error}
            </Typography>
            <RetryRefundButton refund={refund} />
          </Box>
        ))}
      </Stack>
    </Alert>
  );
}

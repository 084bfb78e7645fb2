import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { purchasesText } from '#client/i18n/fi/purchases.ts';
import { trackEvent } from '#client/lib/analytics.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { safeSessionStorage, storageKeys } from '#client/lib/storage-keys.ts';
import { formatEuros } from '#shared/money.ts';
import { usePaymentLookup } from '../api/get-payment.ts';
import { purchaseKeys } from '../api/keys.ts';
import type { PurchaseRef } from '../checkout-rules.ts';
import { successViewOf } from '../payment-result.ts';

const t = purchasesText.purchaseSuccess;

function Line({ label, value }: { label: string; value: string }) {
  return (
    <>
      <Typography component="dt" sx={{ color: 'text.secondary', fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </>
  );
}

function Actions() {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, mt: 3 }}>
      <Button component={RouterLink} to="/profiili" variant="contained" size="large">
        {t.toProfile}
      </Button>
      <Button component={RouterLink} to="/" variant="outlined" color="secondary" size="large">
        {t.home}
      </Button>
    </Stack>
  );
}

interface SuccessProps {
  purchase: PurchaseRef;
  /** Shown: the ticket's page and the public list are no longer what the app has cached. */
  onShown(ticketId: string): void;
}

/** 'Kiitos ostoksestasi!' with the purchase (spec 01 §2); purchase_success is sent once per ticket. */
export function PurchaseSuccess({ purchase, onShown }: SuccessProps) {
  const { ticketId, eventName, priceCents } = purchase;
  const queryClient = useQueryClient();

  useEffect(() => {
    onShown(ticketId);
    // The profile's "Ostetut liput" has one more ticket now.
    void queryClient.invalidateQueries({ queryKey: purchaseKeys.all });
    const key = `${storageKeys.purchaseTrackedPrefix}${ticketId}`;
    if (safeSessionStorage.get(key)) return;
    safeSessionStorage.set(key, '1');
    const price = priceCents / 100;
    trackEvent({
      category: 'submit',
      action: 'purchase_success',
      label: ticketId,
      value: price,
      metadata: { ticket_id: ticketId, event_name: eventName, price },
    });
  }, [ticketId, eventName, priceCents, onShown, queryClient]);

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5 }}>
        <CheckCircleOutline color="success" sx={{ fontSize: { xs: 36, md: 44 } }} aria-hidden />
        <Typography variant="h1" sx={{ fontSize: { xs: '1.9rem', md: '2.4rem' } }}>
          {t.title}
        </Typography>
      </Stack>
      <Typography sx={{ mt: 1.5, color: 'text.secondary' }}>{t.note}</Typography>
      <Paper variant="outlined" component="section" aria-labelledby="purchase-summary" sx={{ p: 2.5, mt: 3 }}>
        <Typography id="purchase-summary" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
          {t.summary}
        </Typography>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' },
            columnGap: 3,
            rowGap: { xs: 0.25, sm: 1 },
            m: 0,
            '& dd': { mb: { xs: 1, sm: 0 } },
          }}
        >
          <Line label={t.event} value={eventName} />
          <Line label={t.ticketId} value={ticketId} />
          <Line label={t.amount} value={formatEuros(priceCents)} />
        </Box>
      </Paper>
      <Actions />
    </Box>
  );
}

/** A lookup that did not end in a success: its message under the page's heading, and the way on. */
function LookupMessage({ children }: { children: ReactNode }) {
  return (
    <Box>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.9rem', md: '2.4rem' }, mb: 3 }}>
        {t.lookupTitle}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * The success page opened by a provider's redirect without state (spec 01 §2, §4): the payment is
 * looked up by its client secret and shown by the intent's status.
 */
export function PaymentLookupResult({
  clientSecret,
  onShown,
}: {
  clientSecret: string;
  onShown(ticketId: string): void;
}) {
  const lookup = usePaymentLookup(clientSecret);

  if (lookup.isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={t.looking} />
      </Box>
    );
  if (lookup.isError) {
    const { error } = lookup;
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <LookupMessage>
        <Alert severity="error">{missing ? error.message : t.lookupFailed}</Alert>
        <Actions />
      </LookupMessage>
    );
  }
  const payment = lookup.data;
  const purchase = {
    ticketId: payment.ticketId,
    eventName: payment.eventName,
    priceCents: payment.priceCents,
  };
  switch (successViewOf(payment.intentStatus)) {
    case 'success':
      return <PurchaseSuccess purchase={purchase} onShown={onShown} />;
    case 'processing':
      return (
        <LookupMessage>
          <Alert severity="info">
            {t.processing} {t.processingNote}
          </Alert>
          <Actions />
        </LookupMessage>
      );
    case 'retry':
      return (
        <LookupMessage>
          <Alert severity="error">{t.retry}</Alert>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, mt: 3 }}>
            <Button component={RouterLink} to={`/osta/${payment.ticketId}`} variant="contained" size="large">
              {t.retryAction}
            </Button>
          </Stack>
        </LookupMessage>
      );
    default:
      return (
        <LookupMessage>
          <Alert severity="error">{t.somethingWrong}</Alert>
          <Actions />
        </LookupMessage>
      );
  }
}

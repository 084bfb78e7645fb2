import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { purchasesText } from '#client/i18n/fi/purchases.ts';
import { formatEuros } from '#shared/money.ts';
import { type PanelAction, type PaymentWaitContext, paymentErrorPanel } from '../payment-result.ts';
import { usePaymentOutcome } from '../use-payment-outcome.ts';

const t = purchasesText.paymentWait;

interface Props {
  purchase: PaymentWaitContext;
  /** The payment went through: called once. */
  onSucceeded(): void;
  /** A panel's button that leaves the page: pay again, back, or the front page. */
  onLeave(action: Exclude<PanelAction, 'retry'>): void;
}

/**
 * /ostopyynto-vastaanotettu (spec 01 §2, §4): the purchase, then 'Käsitellään maksua' while the
 * server is asked, or the error panel of the failure's code with its way forward.
 */
export function PaymentWait({ purchase, onSucceeded, onLeave }: Props) {
  const { outcome, retry } = usePaymentOutcome(purchase.ticketId, purchase.failedAtOnce);
  const done = useRef(false);

  useEffect(() => {
    if (outcome.phase !== 'success' || done.current) return;
    done.current = true;
    onSucceeded();
  }, [outcome.phase, onSucceeded]);

  const panel =
    outcome.phase === 'failed' ? paymentErrorPanel(outcome.errorCode, purchase.cardError) : undefined;

  return (
    <Stack sx={{ gap: 3 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
        >
          <Typography component="dt" sx={{ color: 'text.secondary', fontWeight: 600 }}>
            {t.event}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 700, overflowWrap: 'anywhere' }}>
            {purchase.eventName}
          </Typography>
          <Typography component="dt" sx={{ color: 'text.secondary', fontWeight: 600 }}>
            {t.price}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 700 }}>
            {formatEuros(purchase.priceCents)}
          </Typography>
        </Box>
      </Paper>
      {panel ? (
        <Alert
          severity={panel.action === 'home' ? 'warning' : 'error'}
          data-testid="payment-error-panel"
          sx={{ '& .MuiAlert-message': { width: '100%' } }}
        >
          <AlertTitle component="h2" sx={{ fontWeight: 700, fontSize: '1.15rem' }}>
            {panel.title}
          </AlertTitle>
          <Typography>{panel.message}</Typography>
          <Button
            variant="contained"
            color="secondary"
            onClick={() => (panel.action === 'retry' ? retry() : onLeave(panel.action))}
            sx={{ mt: 2 }}
          >
            {t.actions[panel.action]}
          </Button>
        </Alert>
      ) : (
        <Stack role="status" sx={{ alignItems: 'center', textAlign: 'center', gap: 1.5, py: 3 }}>
          <CircularProgress aria-hidden />
          <Typography component="h2" variant="h5" sx={{ fontWeight: 700 }}>
            {t.checking}
          </Typography>
          <Typography sx={{ color: 'text.secondary', maxWidth: '45ch' }}>{t.checkingNote}</Typography>
        </Stack>
      )}
    </Stack>
  );
}

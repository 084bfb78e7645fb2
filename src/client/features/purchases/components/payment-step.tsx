import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { purchasesText } from '#client/i18n/fi/purchases.ts';
import { trackEvent } from '#client/lib/analytics.ts';
import { formatEuros } from '#shared/money.ts';
import type { Reservation } from '#shared/purchases/purchase.schema.ts';
import { afterConfirm, formatCountdown, paymentReturnUrl, reservationProblem } from '../checkout-rules.ts';
import type { PaymentWaitState } from '../payment-result.ts';
import { useCountdown } from '../use-countdown.ts';
import { useReservationHold } from '../use-reservation-hold.ts';
import { AlertWithAction } from './alert-with-action.tsx';
import { StripePayment } from './stripe-payment.tsx';
import { TestCardForm } from './test-card-form.tsx';

const t = purchasesText.checkout;

interface Props {
  ticketId: string;
  eventName: string;
  /** The all-in price the buyer was shown: the hold is asked at this price. */
  priceCents: number;
  billing: { name: string; email: string };
  /** The payment went to the provider: on to the waiting page. */
  onSent(state: PaymentWaitState): void;
}

/** The hold's countdown in minutes:seconds, ticked each second (spec 01 §2, §9). */
function HoldTimer({ deadline, onExpired }: { deadline: string; onExpired(): void }) {
  const left = useCountdown(deadline);
  const expired = left === 0;
  useEffect(() => {
    if (expired) onExpired();
  }, [expired, onExpired]);
  const time = formatCountdown(left);
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'baseline',
        justifyContent: 'space-between',
        columnGap: 2,
        px: 2,
        py: 1.5,
        borderRadius: 1,
        bgcolor: 'action.hover',
      }}
    >
      <Typography sx={{ fontWeight: 600 }}>{t.heldFor}</Typography>
      {/* A timer is not read out on every tick; its label says what it counts. */}
      <Typography component="span">
        {`${t.timeLeft} `}
        <Box
          component="span"
          role="timer"
          aria-label={t.timerLabel(time)}
          sx={{ fontWeight: 800, fontVariantNumeric: 'tabular-nums', fontSize: '1.25rem' }}
        >
          {time}
        </Box>
      </Typography>
    </Box>
  );
}

/**
 * Step 1 'Maksu': holds the ticket for the buyer with a countdown, then the provider's form — the
 * test-mode card form, or Stripe's Payment Element loaded only here. Leaving unpaid releases the
 * hold (use-reservation-hold.ts).
 */
export function PaymentStep({ ticketId, eventName, priceCents, billing, onSent }: Props) {
  const { state, retry, setSubmitted } = useReservationHold(ticketId, priceCents);
  const [expired, setExpired] = useState(false);
  const [message, setMessage] = useState<string>();
  const tracked = useRef(false);
  const expire = useCallback(() => setExpired(true), []);
  const submitting = useCallback(
    (sending: boolean) => {
      setSubmitted(sending);
      if (sending) setMessage(undefined);
    },
    [setSubmitted],
  );

  useEffect(() => {
    if (tracked.current) return;
    tracked.current = true;
    const price = priceCents / 100;
    trackEvent({
      category: 'view',
      action: 'begin_checkout',
      label: ticketId,
      value: price,
      metadata: { ticket_id: ticketId, event_name: eventName, price },
    });
  }, [ticketId, eventName, priceCents]);

  if (state.status === 'pending')
    return (
      <Stack sx={{ alignItems: 'center', gap: 2, py: 4 }}>
        <CircularProgress aria-hidden />
        <Typography role="status">{t.reserving}</Typography>
      </Stack>
    );

  if (state.status === 'failed') {
    const problem = reservationProblem(state.error);
    return (
      <AlertWithAction
        action={
          problem.retryable ? (
            <Button variant="outlined" color="inherit" onClick={retry}>
              {t.retry}
            </Button>
          ) : (
            <Button variant="outlined" color="inherit" component={RouterLink} to={`/liput/${ticketId}`}>
              {t.toTicket}
            </Button>
          )
        }
      >
        {problem.message}
      </AlertWithAction>
    );
  }

  const { reservation } = state;
  const sent = (intentStatus: string, cardError?: string) => {
    const next = afterConfirm(intentStatus, cardError !== undefined);
    if (next === 'wait') {
      onSent({
        ticketId,
        eventName,
        price: reservation.amountCents,
        paymentIntentId: reservation.paymentIntentId,
        cardError,
      });
      return;
    }
    setSubmitted(false);
    setMessage(next === 'retry' ? t.retryPayment : t.unexpectedPayment);
  };

  return (
    <Stack sx={{ gap: 2.5 }}>
      <HoldTimer deadline={reservation.reservationExpiresAt} onExpired={expire} />
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 2, flexWrap: 'wrap' }}
      >
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }}>{eventName}</Typography>
        <Typography sx={{ whiteSpace: 'nowrap' }}>
          {t.total}{' '}
          <Box component="strong" sx={{ fontWeight: 800 }}>
            {formatEuros(reservation.amountCents)}
          </Box>
        </Typography>
      </Stack>
      {expired ? (
        <AlertWithAction
          action={
            <Button variant="outlined" color="inherit" onClick={() => window.location.reload()}>
              {t.refresh}
            </Button>
          }
        >
          {t.expired}
        </AlertWithAction>
      ) : (
        <>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {t.paymentTitle}
          </Typography>
          {message && <Alert severity="error">{message}</Alert>}
          <ProviderForm
            ticketId={ticketId}
            eventName={eventName}
            reservation={reservation}
            billing={billing}
            onExpired={expire}
            onSubmitting={submitting}
            onPaid={sent}
          />
        </>
      )}
    </Stack>
  );
}

interface ProviderFormProps {
  ticketId: string;
  eventName: string;
  reservation: Reservation;
  billing: { name: string; email: string };
  onExpired(): void;
  onSubmitting(sending: boolean): void;
  onPaid(intentStatus: string, cardError?: string): void;
}

/** The form of the provider the server runs: the reservation says which. */
function ProviderForm({
  ticketId,
  eventName,
  reservation,
  billing,
  onExpired,
  onSubmitting,
  onPaid,
}: ProviderFormProps) {
  if (reservation.provider === 'local')
    return (
      <TestCardForm
        ticketId={ticketId}
        reservation={reservation}
        billing={billing}
        onExpired={onExpired}
        onSubmitting={onSubmitting}
        onPaid={onPaid}
      />
    );
  if (!reservation.publishableKey) return <Alert severity="error">{t.formLoadFailed}</Alert>;
  return (
    <StripePayment
      clientSecret={reservation.clientSecret}
      publishableKey={reservation.publishableKey}
      returnUrl={paymentReturnUrl(window.location.origin, {
        ticketId,
        eventName,
        priceCents: reservation.amountCents,
      })}
      billing={billing}
      payLabel={t.pay(reservation.amountCents)}
      onSubmit={() => onSubmitting(true)}
      onPaid={onPaid}
    />
  );
}

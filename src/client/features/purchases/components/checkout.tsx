import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { purchasesText } from '#client/i18n/fi/purchases.ts';
import { summarizePrices } from '#shared/pricing.ts';
import type { PaymentWaitState } from '../payment-result.ts';
import { type CheckoutTicket, OrderSummary } from './order-summary.tsx';
import { PaymentStep } from './payment-step.tsx';

const t = purchasesText.checkout;

interface Props {
  ticket: CheckoutTicket;
  /** The event's day as the ticket page writes it. */
  eventDateText: string;
  billing: { name: string; email: string };
  /** 'Takaisin' on the first step: back to where the buyer came from. */
  onLeave(): void;
  /** The payment went to the provider: on to the waiting page. */
  onSent(state: PaymentWaitState): void;
}

/** The purchase's two steps (spec 01 §2 "Purchase"): 'Vahvista tiedot', then 'Maksu'. */
export function Checkout({ ticket, eventDateText, billing, onLeave, onSent }: Props) {
  const [step, setStep] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const opened = useRef(false);

  // A new step starts at the top, as a new page would (the stepper in view), and its heading takes
  // the focus, so a keyboard or screen reader starts there too.
  useEffect(() => {
    if (opened.current) {
      window.scrollTo({ top: 0, behavior: 'instant' });
      heading.current?.focus({ preventScroll: true });
    }
    opened.current = true;
  }, [step]);

  return (
    <Stack sx={{ gap: { xs: 2, md: 3 } }}>
      <Stepper activeStep={step}>
        {t.steps.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="checkout-step-title"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography
          id="checkout-step-title"
          ref={heading}
          tabIndex={-1}
          component="h2"
          variant="h5"
          sx={{ fontWeight: 700, mb: 0.5, outline: 'none' }}
        >
          {t.steps[step]}
        </Typography>
        {step === 0 ? (
          <>
            <Typography sx={{ color: 'text.secondary', mb: 2.5 }}>{t.summaryLead}</Typography>
            <OrderSummary ticket={ticket} eventDateText={eventDateText} />
          </>
        ) : (
          <Stack sx={{ mt: 2 }}>
            <PaymentStep
              ticketId={ticket.id}
              eventName={ticket.eventName}
              priceCents={summarizePrices(ticket).buyerTotalCents}
              billing={billing}
              onSent={onSent}
            />
          </Stack>
        )}
      </Paper>
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
        <Button
          variant="outlined"
          color="secondary"
          startIcon={<ArrowBackIcon />}
          onClick={step === 0 ? onLeave : () => setStep(0)}
        >
          {t.back}
        </Button>
        {step === 0 && (
          <Button variant="contained" size="large" onClick={() => setStep(1)}>
            {t.next}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

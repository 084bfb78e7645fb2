import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeElementsOptions, StripeError } from '@stripe/stripe-js';
// The pure entry adds Stripe.js's script tag only when loadStripe is called, not on import. The
// package has no "exports" map, so TypeScript's nodenext resolution needs the file named in full.
import { loadStripe } from '@stripe/stripe-js/pure/index.js';
import { type FormEvent, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { SubmitButton } from '#client/components/form/submit-button.tsx';
import { purchasesText } from '#client/i18n/fi/purchases.ts';

const t = purchasesText.stripeForm;

/** Spec 01 §9: card, MobilePay, then wallets. Stripe shows only those the intent and the device allow. */
const paymentMethodOrder = ['card', 'mobilepay', 'apple_pay', 'google_pay'];

export interface StripePaymentFormProps {
  /** The payment intent's client secret from the reservation. */
  clientSecret: string;
  publishableKey: string;
  /** Where Stripe sends the buyer back after a payment method that leaves the page (MobilePay, 3-D Secure in some banks). */
  returnUrl: string;
  /** Filled into the form and sent with the payment method, so the buyer does not type them again. */
  billing: { email: string; name: string };
  payLabel: string;
  /** Pay was pressed: Stripe confirms now, and may leave the page for the bank's check (the page must not release the hold then). */
  onSubmit(): void;
  /** Confirmed without leaving the page; the intent's status (succeeded, processing, …) says what next. */
  onPaid(intentStatus: string): void;
  /** Stripe.js or the Payment Element could not be loaded; the page decides whether to try again. */
  onLoadFailed(): void;
}

interface ShownError {
  title?: string;
  text: string;
}

/**
 * What the buyer reads. Stripe writes card and validation errors for people, in the Elements locale;
 * its other errors are for developers and in English, so those get our words (spec 01 §8 Purchase).
 */
function shownError(error: StripeError): ShownError {
  const message = error.message?.trim();
  if (error.type === 'card_error' && message)
    return { text: message.startsWith(t.cardDeclined) ? message : `${t.cardDeclined} ${message}` };
  if (error.type === 'card_error') return { text: t.cardDeclined };
  if (error.type === 'validation_error' && message) return { text: message };
  return { title: t.failedTitle, text: t.unexpected };
}

/**
 * The card step with Stripe's Payment Element: cards, and the wallets and MobilePay the Stripe
 * account offers. Stripe.js is fetched when this mounts, so the page lazy-imports it for the payment
 * step of a Stripe site only.
 */
export default function StripePaymentForm({
  clientSecret,
  publishableKey,
  onLoadFailed,
  ...form
}: StripePaymentFormProps) {
  const theme = useTheme();
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const loadFailed = useEffectEvent(onLoadFailed);

  useEffect(() => {
    let mounted = true;
    loadStripe(publishableKey).then(
      (loaded) => {
        if (!mounted) return;
        if (loaded) setStripe(loaded);
        else loadFailed();
      },
      () => {
        if (mounted) loadFailed();
      },
    );
    return () => {
      mounted = false;
    };
  }, [publishableKey]);

  const options = useMemo<StripeElementsOptions>(
    () => ({
      clientSecret,
      locale: 'fi',
      appearance: { variables: { colorPrimary: theme.palette.primary.main } },
    }),
    [clientSecret, theme.palette.primary.main],
  );

  if (!stripe)
    return (
      <Stack sx={{ alignItems: 'center', py: 4 }}>
        <CircularProgress aria-label={t.loading} />
      </Stack>
    );

  // Elements takes its client secret once: a new payment intent is a new form.
  return (
    <Elements key={clientSecret} stripe={stripe} options={options}>
      <PaymentForm {...form} onLoadFailed={onLoadFailed} />
    </Elements>
  );
}

function PaymentForm({
  returnUrl,
  billing,
  payLabel,
  onSubmit,
  onPaid,
  onLoadFailed,
}: Omit<StripePaymentFormProps, 'clientSecret' | 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!stripe || !elements || paying) return;
    setPaying(true);
    setError(null);
    onSubmit();
    try {
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: {
          return_url: returnUrl,
          payment_method_data: { billing_details: { email: billing.email, name: billing.name } },
        },
        redirect: 'if_required',
      });
      if (result.error) {
        setError(shownError(result.error));
        setPaying(false);
      } else {
        // The button stays busy: the page moves on from here.
        onPaid(result.paymentIntent.status);
      }
    } catch {
      setError({ title: t.failedTitle, text: t.unexpected });
      setPaying(false);
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} aria-label={t.formLabel} sx={{ gap: 2 }}>
      <PaymentElement
        options={{
          layout: 'tabs',
          paymentMethodOrder,
          defaultValues: { billingDetails: { email: billing.email, name: billing.name } },
        }}
        onReady={() => setReady(true)}
        onLoadError={onLoadFailed}
      />
      {error && (
        <Alert severity="error">
          {error.title && <AlertTitle>{error.title}</AlertTitle>}
          {error.text}
        </Alert>
      )}
      <SubmitButton size="large" pending={paying} pendingLabel={t.paying} disabled={!ready}>
        {payLabel}
      </SubmitButton>
    </Stack>
  );
}

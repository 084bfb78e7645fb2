import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { Component, lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import { purchasesText } from '#client/i18n/fi/purchases.ts';
import { AlertWithAction } from './alert-with-action.tsx';
import type { StripePaymentFormProps } from './stripe-payment-form.tsx';

const t = purchasesText.checkout;

/** Spec 01 §9: the payment form's load is tried again at most 3 times. */
const maxLoadRetries = 3;

// Stripe.js comes with this chunk only: the payment step with the Stripe provider is the one place
// that needs it. React.lazy keeps a failed import's error, so each try is a lazy component of its own.
const lazyStripeForm = () => lazy(() => import('./stripe-payment-form.tsx'));

/** Turns a failed load of the form's code into a retry instead of the route's error page. */
class LoadFailure extends Component<{ onFailed(): void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch() {
    this.props.onFailed();
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** The Stripe Payment Element, loaded on demand; a form that does not load is tried again, then the buyer is told to refresh. */
export function StripePayment(props: Omit<StripePaymentFormProps, 'onLoadFailed'>) {
  // Kept here, above the Suspense boundary: a component that suspends on its first render loses its state.
  const [load, setLoad] = useState(() => ({ attempt: 0, Form: lazyStripeForm() }));
  const { attempt, Form } = load;
  // One failure per try, however many times the form reports it.
  const failed = useCallback(
    () =>
      setLoad((current) =>
        current.attempt === attempt ? { attempt: attempt + 1, Form: lazyStripeForm() } : current,
      ),
    [attempt],
  );

  if (attempt > maxLoadRetries)
    return (
      <AlertWithAction
        action={
          <Button variant="outlined" color="inherit" onClick={() => window.location.reload()}>
            {t.refresh}
          </Button>
        }
      >
        {t.formLoadFailed}
      </AlertWithAction>
    );
  return (
    <LoadFailure key={attempt} onFailed={failed}>
      <Suspense
        fallback={
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label={t.formLoading} />
          </Box>
        }
      >
        <Form {...props} onLoadFailed={failed} />
      </Suspense>
    </LoadFailure>
  );
}

import { useEffect } from 'react';

// PLACEHOLDER, replaced at merge by the Stripe Payment Element form written beside this branch:
// the same path, export and props. Until then it reports that it could not load, so the payment
// step's retries and its refresh message are what a buyer would see.

export interface StripePaymentFormProps {
  clientSecret: string;
  publishableKey: string;
  /** Where Stripe sends the buyer back after a payment that leaves the page. */
  returnUrl: string;
  billing: { email: string; name: string };
  payLabel: string;
  /** Pay was pressed: Stripe confirms, and may leave the page for the bank's check. */
  onSubmit(): void;
  /** Stripe answered without leaving the page: the intent's status. */
  onPaid(intentStatus: string): void;
  /** Stripe.js or the Payment Element did not load. */
  onLoadFailed(): void;
}

export function StripePaymentForm({ onLoadFailed }: StripePaymentFormProps) {
  useEffect(() => {
    onLoadFailed();
  }, [onLoadFailed]);
  return null;
}

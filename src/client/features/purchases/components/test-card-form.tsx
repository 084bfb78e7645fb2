import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyApiError } from '#client/components/form/apply-api-error.ts';
import { FormError, FormTextField } from '#client/components/form/form-fields.tsx';
import { lazyZodResolver } from '#client/components/form/lazy-zod-resolver.ts';
import { SubmitButton } from '#client/components/form/submit-button.tsx';
import { purchasesText } from '#client/i18n/fi/purchases.ts';
import { ApiError } from '#client/lib/api-client.ts';
import type { LocalConfirm, localConfirmSchema, Reservation } from '#shared/purchases/purchase.schema.ts';
import { testCards } from '#shared/purchases/test-cards.ts';
import { confirmLocalPayment } from '../api/confirm-local-payment.ts';
import { validateReservation } from '../api/validate-reservation.ts';
import { cardNumberInput, expiryInput, futureExpiry } from '../checkout-rules.ts';

const t = purchasesText.testCardForm;
const fields = ['cardNumber', 'expiry', 'cvc', 'name', 'email'] as const;

interface Props {
  ticketId: string;
  reservation: Reservation;
  billing: { name: string; email: string };
  /** The hold ran out before the payment was sent. */
  onExpired(): void;
  /** The payment is being sent (true), or was refused before it was taken (false). */
  onSubmitting(sending: boolean): void;
  /** The provider answered: the intent's status, and the card's own words for a decline. */
  onPaid(intentStatus: string, cardError?: string): void;
}

/**
 * The local provider's test-mode card form (PAYMENT_PROVIDER=local): Stripe's test card numbers
 * decide the outcome, and nothing is charged. Each test card can be put in with one press, so a
 * person can try every outcome.
 */
export function TestCardForm({ ticketId, reservation, billing, onExpired, onSubmitting, onPaid }: Props) {
  const form = useForm<LocalConfirm, unknown, z.output<typeof localConfirmSchema>>({
    resolver: lazyZodResolver(() =>
      import('#shared/purchases/purchase.schema.ts').then((m) => m.localConfirmSchema),
    ),
    defaultValues: {
      clientSecret: reservation.clientSecret,
      cardNumber: '',
      expiry: '',
      cvc: '',
      name: billing.name,
      email: billing.email,
    },
  });

  const refused = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'reservation_expired') onExpired();
    else applyApiError(form, error, { fields, fallback: t.failed });
  };

  const onSubmit = form.handleSubmit(async (payment) => {
    try {
      await validateReservation(ticketId, reservation.paymentIntentId);
    } catch (error) {
      refused(error);
      return;
    }
    onSubmitting(true);
    try {
      const result = await confirmLocalPayment(payment);
      onPaid(result.intentStatus, result.error?.message);
    } catch (error) {
      // Refused with an answer: nothing was paid. Without one (the network), it may have been.
      if (error instanceof ApiError && error.status > 0) onSubmitting(false);
      refused(error);
    }
  });

  const fillTestCard = (number: string) => {
    form.setValue('cardNumber', cardNumberInput(number));
    if (!form.getValues('expiry')) form.setValue('expiry', futureExpiry());
    if (!form.getValues('cvc')) form.setValue('cvc', '123');
    form.clearErrors();
  };

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} aria-label={t.formLabel} sx={{ gap: 2 }}>
      <Alert severity="warning" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
        <AlertTitle sx={{ fontWeight: 700 }}>{t.testMode}</AlertTitle>
        <Typography variant="body2">{t.testModeLead}</Typography>
        <Box
          component="ul"
          aria-label={t.cardsLabel}
          sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5, display: 'grid', gap: 0.75 }}
        >
          {(Object.keys(testCards) as (keyof typeof testCards)[]).map((card) => (
            <Box
              component="li"
              key={card}
              sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography
                  variant="body2"
                  sx={{ fontFamily: 'monospace', fontWeight: 700, whiteSpace: 'nowrap' }}
                >
                  {cardNumberInput(testCards[card])}
                </Typography>
                <Typography variant="body2">{t.cards[card]}</Typography>
              </Box>
              <Button
                size="small"
                variant="outlined"
                color="inherit"
                aria-label={t.useCardLabel(t.cards[card])}
                onClick={() => fillTestCard(testCards[card])}
                sx={{ flexShrink: 0 }}
              >
                {t.useCard}
              </Button>
            </Box>
          ))}
        </Box>
      </Alert>
      <FormTextField
        form={form}
        name="cardNumber"
        label={t.cardNumber}
        parse={cardNumberInput}
        autoComplete="cc-number"
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        required
      />
      {/* Side by side only where both labels fit. */}
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
        <FormTextField
          form={form}
          name="expiry"
          label={t.expiry}
          placeholder={t.expiryPlaceholder}
          parse={expiryInput}
          autoComplete="cc-exp"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          required
        />
        <FormTextField
          form={form}
          name="cvc"
          label={t.cvc}
          parse={(typed) => typed.replace(/\D/g, '').slice(0, 4)}
          autoComplete="cc-csc"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          required
        />
      </Stack>
      <FormTextField form={form} name="name" label={t.name} autoComplete="cc-name" required />
      <FormTextField form={form} name="email" label={t.email} type="email" autoComplete="email" required />
      <FormError form={form} />
      <SubmitButton
        size="large"
        pending={form.formState.isSubmitting}
        pendingLabel={purchasesText.checkout.paying}
        sx={{ alignSelf: { sm: 'flex-start' } }}
      >
        {purchasesText.checkout.pay(reservation.amountCents)}
      </SubmitButton>
    </Stack>
  );
}

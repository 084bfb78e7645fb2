import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyApiError } from '#client/components/form/apply-api-error.ts';
import { FormError, FormTextField } from '#client/components/form/form-fields.tsx';
import { SubmitButton } from '#client/components/form/submit-button.tsx';
import { accountsText } from '#client/i18n/fi/accounts.ts';
import { ibanUpdateSchema, messages } from '#shared/accounts/accounts.schema.ts';
import { formatIban, ibanInputMaxLength } from '#shared/accounts/iban.ts';
import { useUpdateIban } from '../api/update-iban.ts';

const t = accountsText.details;

type IbanInput = z.input<typeof ibanUpdateSchema>;
type IbanOutput = z.output<typeof ibanUpdateSchema>;

const toUpperCase = (typed: string) => typed.toUpperCase();

/** The payout account (spec 01 §5): upper-cased as typed, grouped by four once the field is left. */
export function IbanForm({ current }: { current: string | null }) {
  const updateIban = useUpdateIban();
  const form = useForm<IbanInput, unknown, IbanOutput>({
    resolver: zodResolver(ibanUpdateSchema),
    defaultValues: { iban: current ? formatIban(current) : '' },
    reValidateMode: 'onSubmit',
  });

  const onSubmit = form.handleSubmit((values) => {
    updateIban.mutate(values, {
      onSuccess: ({ iban }) => form.reset({ iban: formatIban(iban) }),
      onError: (error) =>
        applyApiError(form, error, {
          fields: ['iban'],
          fallback: messages.ibanUpdateFailed,
          showServerMessage: () => false,
        }),
    });
  });

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label={t.ibanTitle}
      sx={{ gap: 2, alignItems: { sm: 'flex-start' } }}
    >
      <FormTextField
        form={form}
        name="iban"
        label={t.ibanLabel}
        parse={toUpperCase}
        format={formatIban}
        onEdit={updateIban.reset}
        autoComplete="off"
        spellCheck={false}
        required
        fullWidth={false}
        slotProps={{ htmlInput: { maxLength: ibanInputMaxLength, inputMode: 'text' } }}
        sx={{ width: { xs: '100%', sm: 340 } }}
      />
      {updateIban.isSuccess && (
        <Alert severity="success" role="status" sx={{ width: '100%' }}>
          {t.ibanSaved}
        </Alert>
      )}
      <FormError form={form} sx={{ width: '100%' }} />
      <SubmitButton pending={updateIban.isPending} pendingLabel={t.ibanSaving}>
        {t.ibanSave}
      </SubmitButton>
    </Stack>
  );
}

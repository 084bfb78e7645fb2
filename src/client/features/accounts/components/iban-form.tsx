import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { accountsText } from '#client/i18n/fi/accounts.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { ibanUpdateSchema, messages } from '#shared/accounts/accounts.schema.ts';
import { formatIban, ibanInputMaxLength } from '#shared/accounts/iban.ts';
import { useUpdateIban } from '../api/update-iban.ts';

const t = accountsText.details;

type IbanInput = z.input<typeof ibanUpdateSchema>;
type IbanOutput = z.output<typeof ibanUpdateSchema>;

/** The payout account (spec 01 §5): upper-cased as typed, grouped by four once the field is left. */
export function IbanForm({ current }: { current: string | null }) {
  const updateIban = useUpdateIban();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<IbanInput, unknown, IbanOutput>({
    resolver: zodResolver(ibanUpdateSchema),
    defaultValues: { iban: current ? formatIban(current) : '' },
    reValidateMode: 'onSubmit',
  });

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    updateIban.mutate(values, {
      onSuccess: ({ iban }) => form.reset({ iban: formatIban(iban) }),
      onError: (error) => {
        const issue = error instanceof ApiError ? error.issues.find((i) => i.path === 'iban') : undefined;
        if (issue) form.setError('iban', { message: issue.message }, { shouldFocus: true });
        else setFormError(messages.ibanUpdateFailed);
      },
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
      <Controller
        control={form.control}
        name="iban"
        render={({ field, fieldState }) => (
          <TextField
            label={t.ibanLabel}
            name={field.name}
            value={field.value}
            inputRef={field.ref}
            onChange={(event) => {
              field.onChange(event.target.value.toUpperCase());
              form.clearErrors('iban');
              updateIban.reset();
            }}
            onBlur={() => {
              field.onChange(formatIban(field.value));
              field.onBlur();
            }}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message}
            autoComplete="off"
            spellCheck={false}
            required
            slotProps={{ htmlInput: { maxLength: ibanInputMaxLength, inputMode: 'text' } }}
            sx={{ width: { xs: '100%', sm: 340 } }}
          />
        )}
      />
      {updateIban.isSuccess && (
        <Alert severity="success" role="status" sx={{ width: '100%' }}>
          {t.ibanSaved}
        </Alert>
      )}
      {formError && (
        <Alert severity="error" sx={{ width: '100%' }}>
          {formError}
        </Alert>
      )}
      <Button
        type="submit"
        variant="contained"
        disabled={updateIban.isPending}
        startIcon={updateIban.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
      >
        {updateIban.isPending ? t.ibanSaving : t.ibanSave}
      </Button>
    </Stack>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { accountsText } from '#client/i18n/fi/accounts.ts';
import { ApiError } from '#client/lib/api-client.ts';
import {
  messages,
  type PasswordResetConfirmInput,
  passwordResetConfirmSchema,
} from '#shared/accounts/accounts.schema.ts';
import { useConfirmPasswordReset } from '../api/confirm-password-reset.ts';
import { applyServerIssues } from './apply-server-issues.ts';
import { textFieldProps } from './form-fields.tsx';
import { PasswordField } from './password-field.tsx';

const t = accountsText.passwordReset;
const fields = ['password', 'password2'] as const;

interface Props {
  oobCode: string;
  onDone(): void;
}

/** Sets a new password with the code from the e-mailed link (spec 01 §2, §5, §8). */
export function PasswordResetForm({ oobCode, onDone }: Props) {
  const confirm = useConfirmPasswordReset();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<PasswordResetConfirmInput>({
    resolver: zodResolver(passwordResetConfirmSchema),
    defaultValues: { oobCode, password: '', password2: '' },
    reValidateMode: 'onSubmit',
  });

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    confirm.mutate(values, {
      onSuccess: onDone,
      onError: (error) => {
        if (applyServerIssues(error, fields, form.setError)) return;
        // invalid-action-code and expired-action-code come with their own message.
        setFormError(error instanceof ApiError ? error.message : messages.resetFailed);
      },
    });
  });

  if (confirm.isSuccess)
    return (
      <Alert severity="success" role="status">
        {messages.resetDone}
      </Alert>
    );

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} sx={{ gap: 2 }} aria-label={t.title}>
      <PasswordField
        label={accountsText.fields.newPassword}
        autoComplete="new-password"
        required
        {...textFieldProps(form, 'password', accountsText.passwordHint)}
      />
      <PasswordField
        label={accountsText.fields.newPassword2}
        autoComplete="new-password"
        required
        {...textFieldProps(form, 'password2')}
      />
      {formError && <Alert severity="error">{formError}</Alert>}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={confirm.isPending}
        startIcon={confirm.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
      >
        {confirm.isPending ? t.submitting : t.submit}
      </Button>
    </Stack>
  );
}

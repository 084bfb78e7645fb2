import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { applyApiError } from '#client/components/form/apply-api-error.ts';
import { FormError, FormPasswordField } from '#client/components/form/form-fields.tsx';
import { lazyZodResolver } from '#client/components/form/lazy-zod-resolver.ts';
import { SubmitButton } from '#client/components/form/submit-button.tsx';
import { accountsText } from '#client/i18n/fi/accounts.ts';
import { messages } from '#shared/accounts/account-messages.ts';
import type { PasswordResetConfirmInput } from '#shared/accounts/accounts.schema.ts';
import { useConfirmPasswordReset } from '../api/confirm-password-reset.ts';

const t = accountsText.passwordReset;
const fields = ['password', 'password2'] as const;

interface Props {
  oobCode: string;
  onDone(): void;
}

/** Sets a new password with the code from the e-mailed link (spec 01 §2, §5, §8). */
export function PasswordResetForm({ oobCode, onDone }: Props) {
  const confirm = useConfirmPasswordReset();
  const form = useForm<PasswordResetConfirmInput>({
    resolver: lazyZodResolver(() =>
      import('#shared/accounts/accounts.schema.ts').then((m) => m.passwordResetConfirmSchema),
    ),
    defaultValues: { oobCode, password: '', password2: '' },
    reValidateMode: 'onSubmit',
  });

  const onSubmit = form.handleSubmit((values) => {
    confirm.mutate(values, {
      onSuccess: onDone,
      // invalid-action-code and expired-action-code come with their own message.
      onError: (error) => applyApiError(form, error, { fields, fallback: messages.resetFailed }),
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
      <FormPasswordField
        form={form}
        name="password"
        label={accountsText.fields.newPassword}
        autoComplete="new-password"
        required
        hint={accountsText.passwordHint}
      />
      <FormPasswordField
        form={form}
        name="password2"
        label={accountsText.fields.newPassword2}
        autoComplete="new-password"
        required
      />
      <FormError form={form} />
      <SubmitButton size="large" pending={confirm.isPending} pendingLabel={t.submitting}>
        {t.submit}
      </SubmitButton>
    </Stack>
  );
}

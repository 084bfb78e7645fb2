import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { applyApiError } from '#client/components/form/apply-api-error.ts';
import { FormError, FormPasswordField, FormTextField } from '#client/components/form/form-fields.tsx';
import { lazyZodResolver } from '#client/components/form/lazy-zod-resolver.ts';
import { SubmitButton } from '#client/components/form/submit-button.tsx';
import { accountsText } from '#client/i18n/fi/accounts.ts';
import { messages } from '#shared/accounts/account-messages.ts';
import type { LoginInput } from '#shared/accounts/accounts.schema.ts';
import { useLogin } from '../api/log-in.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';

const t = accountsText.login;
const emptyLogin: LoginInput = { email: '', password: '' };
const fields = ['email', 'password'] as const;

/** E-mail login (spec 01 §2) with 'Salasana unohtunut?'; the page moves on once signed in. */
export function LoginForm() {
  const login = useLogin();
  const resetRequest = useRequestPasswordReset();
  const form = useForm<LoginInput>({
    resolver: lazyZodResolver(() => import('#shared/accounts/accounts.schema.ts').then((m) => m.loginSchema)),
    defaultValues: emptyLogin,
    reValidateMode: 'onSubmit',
  });

  const onSubmit = form.handleSubmit((values) => {
    resetRequest.reset();
    login.mutate(values, {
      onError: (error) => applyApiError(form, error, { fields, fallback: messages.loginFailed }),
    });
  });

  const requestReset = async () => {
    login.reset();
    form.clearErrors('root');
    const { passwordResetRequestSchema } = await import('#shared/accounts/accounts.schema.ts');
    const parsed = passwordResetRequestSchema.safeParse({ email: form.getValues('email') });
    if (!parsed.success) {
      form.setError('email', { message: parsed.error.issues[0]?.message ?? messages.resetEmailFirst });
      form.setFocus('email');
      return;
    }
    form.clearErrors('email');
    resetRequest.mutate(parsed.data, {
      // Only the rate limit's own message says more than 'could not send'.
      onError: (error) =>
        applyApiError(form, error, {
          fields: ['email'],
          fallback: messages.resetSendFailed,
          showServerMessage: (answer) => answer.status === 429,
        }),
    });
  };

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} sx={{ gap: 2 }} aria-label={t.title}>
      <FormTextField
        form={form}
        name="email"
        label={accountsText.fields.email}
        type="email"
        autoComplete="email"
        required
      />
      <FormPasswordField
        form={form}
        name="password"
        label={accountsText.fields.password}
        autoComplete="current-password"
        required
      />
      <Box sx={{ mt: -1 }}>
        <Button
          variant="text"
          size="small"
          onClick={requestReset}
          disabled={resetRequest.isPending}
          sx={{ px: 0.5 }}
        >
          {t.forgotPassword}
        </Button>
      </Box>
      {resetRequest.isSuccess && (
        <Alert severity="info" role="status">
          {t.resetSent}
        </Alert>
      )}
      <FormError form={form} />
      <SubmitButton size="large" pending={login.isPending} pendingLabel={t.submitting}>
        {t.submit}
      </SubmitButton>
    </Stack>
  );
}

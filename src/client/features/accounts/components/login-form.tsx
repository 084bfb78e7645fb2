import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { accountsText } from '#client/i18n/fi/accounts.ts';
import { ApiError } from '#client/lib/api-client.ts';
import {
  type LoginInput,
  loginSchema,
  messages,
  passwordResetRequestSchema,
} from '#shared/accounts/accounts.schema.ts';
import { useLogin } from '../api/log-in.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { textFieldProps } from './form-fields.tsx';
import { PasswordField } from './password-field.tsx';

const t = accountsText.login;
const emptyLogin: LoginInput = { email: '', password: '' };

/** E-mail login (spec 01 §2) with 'Salasana unohtunut?'; the page moves on once signed in. */
export function LoginForm() {
  const login = useLogin();
  const resetRequest = useRequestPasswordReset();
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: emptyLogin,
    reValidateMode: 'onSubmit',
  });

  const onSubmit = form.handleSubmit((values) => {
    resetRequest.reset();
    login.mutate(values);
  });

  const requestReset = () => {
    login.reset();
    const parsed = passwordResetRequestSchema.safeParse({ email: form.getValues('email') });
    if (!parsed.success) {
      form.setError('email', { message: parsed.error.issues[0]?.message ?? messages.resetEmailFirst });
      form.setFocus('email');
      return;
    }
    form.clearErrors('email');
    resetRequest.mutate(parsed.data);
  };

  const resetError =
    resetRequest.error instanceof ApiError && resetRequest.error.status === 429
      ? resetRequest.error.message
      : messages.resetSendFailed;

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} sx={{ gap: 2 }} aria-label={t.title}>
      <TextField
        label={accountsText.fields.email}
        type="email"
        autoComplete="email"
        required
        {...textFieldProps(form, 'email')}
      />
      <PasswordField
        label={accountsText.fields.password}
        autoComplete="current-password"
        required
        {...textFieldProps(form, 'password')}
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
      {resetRequest.isError && <Alert severity="error">{resetError}</Alert>}
      {login.isError && (
        <Alert severity="error">
          {login.error instanceof ApiError ? login.error.message : messages.loginFailed}
        </Alert>
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={login.isPending}
        startIcon={login.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
      >
        {login.isPending ? t.submitting : t.submit}
      </Button>
    </Stack>
  );
}

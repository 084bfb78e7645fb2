import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { accountsText } from '#client/i18n/fi/accounts.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { messages, type RegisterInput, registerSchema } from '#shared/accounts/accounts.schema.ts';
import { useRegisterAccount } from '../api/register-account.ts';
import { applyServerIssues } from './apply-server-issues.ts';
import { CheckboxField, textFieldProps } from './form-fields.tsx';
import { PasswordField } from './password-field.tsx';

const t = accountsText.register;
const f = accountsText.fields;

const emptyForm: RegisterInput = {
  firstName: '',
  lastName: '',
  email: '',
  username: '',
  password: '',
  password2: '',
  isAdult: false,
};
const fields = ['firstName', 'lastName', 'email', 'username', 'password', 'password2', 'isAdult'] as const;

/**
 * Registration (spec 01 §2, §5): checks run in the schema's order on submit, each error clears
 * when its field is edited, and the server's "taken" answers land under their fields.
 */
export function RegisterForm() {
  const registerAccount = useRegisterAccount();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: emptyForm,
    reValidateMode: 'onSubmit',
  });

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    registerAccount.mutate(values, {
      onError: (error) => {
        if (applyServerIssues(error, fields, form.setError)) return;
        setFormError(error instanceof ApiError ? error.message : messages.registerFailed);
      },
    });
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} sx={{ gap: 2 }} aria-label={t.title}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label={f.firstName}
            autoComplete="given-name"
            required
            {...textFieldProps(form, 'firstName')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label={f.lastName}
            autoComplete="family-name"
            required
            {...textFieldProps(form, 'lastName')}
          />
        </Grid>
      </Grid>
      <TextField
        label={f.email}
        type="email"
        autoComplete="email"
        required
        {...textFieldProps(form, 'email')}
      />
      <TextField
        label={f.username}
        autoComplete="username"
        required
        {...textFieldProps(form, 'username', f.usernameHint)}
      />
      <PasswordField
        label={f.password}
        autoComplete="new-password"
        required
        {...textFieldProps(form, 'password', accountsText.registerPasswordHint)}
      />
      <PasswordField
        label={f.password2}
        autoComplete="new-password"
        required
        {...textFieldProps(form, 'password2')}
      />
      <CheckboxField
        control={form.control}
        name="isAdult"
        label={f.isAdult}
        onEdit={() => form.clearErrors('isAdult')}
      />
      {formError && <Alert severity="error">{formError}</Alert>}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={registerAccount.isPending}
        startIcon={registerAccount.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
      >
        {registerAccount.isPending ? t.submitting : t.submit}
      </Button>
    </Stack>
  );
}

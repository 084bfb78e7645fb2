import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { applyApiError } from '#client/components/form/apply-api-error.ts';
import { FormError, FormPasswordField, FormTextField } from '#client/components/form/form-fields.tsx';
import { lazyZodResolver } from '#client/components/form/lazy-zod-resolver.ts';
import { SubmitButton } from '#client/components/form/submit-button.tsx';
import { accountsText } from '#client/i18n/fi/accounts.ts';
import { messages } from '#shared/accounts/account-messages.ts';
import type { RegisterInput } from '#shared/accounts/accounts.schema.ts';
import { useRegisterAccount } from '../api/register-account.ts';
import { AdultCheckbox, NameFields, UsernameField } from './profile-fields.tsx';

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
  const form = useForm<RegisterInput>({
    resolver: lazyZodResolver(() =>
      import('#shared/accounts/accounts.schema.ts').then((m) => m.registerSchema),
    ),
    defaultValues: emptyForm,
    reValidateMode: 'onSubmit',
  });

  const onSubmit = form.handleSubmit((values) => {
    registerAccount.mutate(values, {
      onError: (error) => applyApiError(form, error, { fields, fallback: messages.registerFailed }),
    });
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} sx={{ gap: 2 }} aria-label={t.title}>
      <NameFields form={form} inRow />
      <FormTextField form={form} name="email" label={f.email} type="email" autoComplete="email" required />
      <UsernameField form={form} />
      <FormPasswordField
        form={form}
        name="password"
        label={f.password}
        autoComplete="new-password"
        required
        hint={accountsText.registerPasswordHint}
      />
      <FormPasswordField
        form={form}
        name="password2"
        label={f.password2}
        autoComplete="new-password"
        required
      />
      <AdultCheckbox form={form} />
      <FormError form={form} />
      <SubmitButton size="large" pending={registerAccount.isPending} pendingLabel={t.submitting}>
        {t.submit}
      </SubmitButton>
    </Stack>
  );
}

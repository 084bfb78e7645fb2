import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { applyApiError } from '#client/components/form/apply-api-error.ts';
import { FormError } from '#client/components/form/form-fields.tsx';
import { lazyZodResolver } from '#client/components/form/lazy-zod-resolver.ts';
import { SubmitButton } from '#client/components/form/submit-button.tsx';
import { accountsText } from '#client/i18n/fi/accounts.ts';
import { messages } from '#shared/accounts/account-messages.ts';
import type { AuthUser, CompleteProfileInput } from '#shared/accounts/accounts.schema.ts';
import { useCompleteProfile } from '../api/complete-profile.ts';
import { AdultCheckbox, NameFields, UsernameField } from './profile-fields.tsx';

const t = accountsText.completeProfile;
const fields = ['username', 'firstName', 'lastName', 'isAdult'] as const;

interface Props {
  user: AuthUser;
  onSaved(user: AuthUser): void;
}

/** Finishing the profile (spec 01 §2, §5); a social sign-in's names are filled in already. */
export function CompleteProfileForm({ user, onSaved }: Props) {
  const completeProfile = useCompleteProfile();
  const form = useForm<CompleteProfileInput>({
    resolver: lazyZodResolver(() =>
      import('#shared/accounts/accounts.schema.ts').then((m) => m.completeProfileSchema),
    ),
    defaultValues: {
      username: user.username ?? '',
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      isAdult: false,
    },
    reValidateMode: 'onSubmit',
  });

  const onSubmit = form.handleSubmit((values) => {
    completeProfile.mutate(values, {
      onSuccess: onSaved,
      onError: (error) => applyApiError(form, error, { fields, fallback: messages.profileFailed }),
    });
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} sx={{ gap: 2 }} aria-label={t.title}>
      <UsernameField form={form} />
      <NameFields form={form} />
      <AdultCheckbox form={form} />
      <FormError form={form} />
      <SubmitButton size="large" pending={completeProfile.isPending} pendingLabel={t.submitting}>
        {t.submit}
      </SubmitButton>
    </Stack>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { accountsText } from '#client/i18n/fi/accounts.ts';
import { ApiError } from '#client/lib/api-client.ts';
import {
  type AuthUser,
  type CompleteProfileInput,
  completeProfileSchema,
  messages,
} from '#shared/accounts/accounts.schema.ts';
import { useCompleteProfile } from '../api/complete-profile.ts';
import { applyServerIssues } from './apply-server-issues.ts';
import { CheckboxField, textFieldProps } from './form-fields.tsx';

const t = accountsText.completeProfile;
const f = accountsText.fields;
const fields = ['username', 'firstName', 'lastName', 'isAdult'] as const;

interface Props {
  user: AuthUser;
  onSaved(user: AuthUser): void;
}

/** Finishing the profile (spec 01 §2, §5); a social sign-in's names are filled in already. */
export function CompleteProfileForm({ user, onSaved }: Props) {
  const completeProfile = useCompleteProfile();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CompleteProfileInput>({
    resolver: zodResolver(completeProfileSchema),
    defaultValues: {
      username: user.username ?? '',
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      isAdult: false,
    },
    reValidateMode: 'onSubmit',
  });

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    completeProfile.mutate(values, {
      onSuccess: onSaved,
      onError: (error) => {
        if (applyServerIssues(error, fields, form.setError)) return;
        setFormError(error instanceof ApiError ? error.message : messages.profileFailed);
      },
    });
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} sx={{ gap: 2 }} aria-label={t.title}>
      <TextField
        label={f.username}
        autoComplete="username"
        required
        {...textFieldProps(form, 'username', f.usernameHint)}
      />
      <TextField
        label={f.firstName}
        autoComplete="given-name"
        required
        {...textFieldProps(form, 'firstName')}
      />
      <TextField
        label={f.lastName}
        autoComplete="family-name"
        required
        {...textFieldProps(form, 'lastName')}
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
        disabled={completeProfile.isPending}
        startIcon={completeProfile.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
      >
        {completeProfile.isPending ? t.submitting : t.submit}
      </Button>
    </Stack>
  );
}

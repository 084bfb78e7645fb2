import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyApiError, setFormMessage } from '#client/components/form/apply-api-error.ts';
import { FormError, FormPasswordField } from '#client/components/form/form-fields.tsx';
import { SubmitButton } from '#client/components/form/submit-button.tsx';
import { accountsText } from '#client/i18n/fi/accounts.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { type AccountDetails, messages, reauthenticateSchema } from '#shared/accounts/accounts.schema.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { useReauthenticate } from '../api/reauthenticate.ts';
import { socialStartUrl } from '../social-start-url.ts';

const t = accountsText.deleteDialog;

/** Where a provider re-authentication comes back to: this tab, with `reauth=ok` or `socialError`. */
const reauthReturnTo = '/profiili?tab=2';

interface Props {
  open: boolean;
  details: AccountDetails;
  /** A provider re-authentication has just succeeded (back with reauth=ok). */
  reauthenticated: boolean;
  /** A provider re-authentication came back with this error. */
  reauthError: string | null;
  onClose(): void;
  onDeleted(): void;
}

/**
 * Account deletion (spec 01 §4): says what happens, re-authenticates (password, or a provider
 * round trip for social-only accounts), then deletes.
 */
export function DeleteAccountDialog({
  open,
  details,
  reauthenticated,
  reauthError,
  onClose,
  onDeleted,
}: Props) {
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const reauth = useReauthenticate();
  const deleteAccount = useDeleteAccount();
  const [socialConfirmed, setSocialConfirmed] = useState(reauthenticated);
  const busy = reauth.isPending || deleteAccount.isPending;
  const usesPassword = details.hasPassword;
  const form = useForm<{ password: string }>({
    resolver: usesPassword ? zodResolver(reauthenticateSchema) : undefined,
    defaultValues: { password: '' },
    reValidateMode: 'onSubmit',
  });

  useEffect(() => {
    if (reauthError) setFormMessage(form, reauthError);
  }, [form, reauthError]);

  const submit = form.handleSubmit(async (values) => {
    try {
      if (usesPassword) await reauth.mutateAsync(values);
      await deleteAccount.mutateAsync();
      onDeleted();
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'requires-recent-login') setSocialConfirmed(false);
      // A wrong password lands under the field; anything else above the buttons.
      applyApiError(form, failure, {
        fields: usesPassword ? ['password'] : [],
        fallback: messages.deleteFailed,
        showServerMessage: (error) => error.code !== 'internal',
      });
    }
  });

  const canConfirm = usesPassword || socialConfirmed;

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullScreen={fullScreen}
      aria-labelledby="delete-account-title"
      maxWidth="sm"
      fullWidth
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="delete-account-title">{t.title}</DialogTitle>
        <DialogContent>
          <Typography>{t.intro}</Typography>
          <Box component="ul" sx={{ pl: 3, my: 1 }}>
            {t.consequences.map((line) => (
              <Typography component="li" key={line} sx={{ mb: 0.5 }}>
                {line}
              </Typography>
            ))}
          </Box>
          {usesPassword ? (
            <Stack sx={{ gap: 1.5, mt: 2 }}>
              <Typography>{t.passwordPrompt}</Typography>
              <FormPasswordField
                form={form}
                name="password"
                label={accountsText.fields.password}
                autoComplete="current-password"
                required
                disabled={busy}
              />
            </Stack>
          ) : socialConfirmed ? (
            <Alert severity="success" sx={{ mt: 2 }}>
              {t.reauthDone}
            </Alert>
          ) : (
            <Stack sx={{ gap: 1.5, mt: 2 }}>
              <Typography>{t.socialPrompt}</Typography>
              {details.providers.map((provider) => (
                <Button
                  key={provider}
                  variant="outlined"
                  color="secondary"
                  onClick={() => {
                    window.location.href = socialStartUrl(provider, reauthReturnTo, 'reauth');
                  }}
                >
                  {t.reauthWith[provider]}
                </Button>
              ))}
            </Stack>
          )}
          <FormError form={form} sx={{ mt: 2 }} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button color="secondary" onClick={onClose} disabled={busy}>
            {t.cancel}
          </Button>
          <SubmitButton color="error" disabled={!canConfirm} pending={busy} pendingLabel={t.deleting}>
            {t.confirm}
          </SubmitButton>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type FormEvent, useState } from 'react';
import { accountsText } from '#client/i18n/fi/accounts.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { type AccountDetails, messages, reauthenticateSchema } from '#shared/accounts/accounts.schema.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { useReauthenticate } from '../api/reauthenticate.ts';
import { socialStartUrl } from '../social-start-url.ts';
import { PasswordField } from './password-field.tsx';

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
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(reauthError);
  const [socialConfirmed, setSocialConfirmed] = useState(reauthenticated);
  const busy = reauth.isPending || deleteAccount.isPending;
  const usesPassword = details.hasPassword;

  const fail = (failure: unknown) => {
    if (failure instanceof ApiError && failure.code === 'requires-recent-login') setSocialConfirmed(false);
    setError(
      failure instanceof ApiError && failure.code !== 'internal' ? failure.message : messages.deleteFailed,
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      if (usesPassword) {
        const parsed = reauthenticateSchema.safeParse({ password });
        if (!parsed.success) {
          setPasswordError(parsed.error.issues[0]?.message);
          return;
        }
        try {
          await reauth.mutateAsync(parsed.data);
        } catch (failure) {
          if (failure instanceof ApiError && failure.code === 'wrong-password') {
            setPasswordError(failure.message);
            return;
          }
          throw failure;
        }
      }
      await deleteAccount.mutateAsync();
      onDeleted();
    } catch (failure) {
      fail(failure);
    }
  };

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
              <PasswordField
                label={accountsText.fields.password}
                autoComplete="current-password"
                required
                fullWidth
                value={password}
                onChange={(event) => {
                  setPassword(event.target.value);
                  setPasswordError(undefined);
                }}
                error={Boolean(passwordError)}
                helperText={passwordError}
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
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button color="secondary" onClick={onClose} disabled={busy}>
            {t.cancel}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color="error"
            disabled={!canConfirm || busy}
            startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {busy ? t.deleting : t.confirm}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

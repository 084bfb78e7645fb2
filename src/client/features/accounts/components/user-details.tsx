import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { SubmitButton } from '#client/components/form/submit-button.tsx';
import { accountsText } from '#client/i18n/fi/accounts.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { messages } from '#shared/accounts/account-messages.ts';
import { personName } from '#shared/person-name.ts';
import { useDownloadPersonalData } from '../api/download-personal-data.ts';
import { useRequestVerificationMail } from '../api/email-verification.ts';
import { useAccountDetails } from '../api/get-account-details.ts';
import { useSendPasswordResetLink } from '../api/send-password-reset-link.ts';
import { signOutAndLeave, useAuth } from '../auth-store.ts';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';
import { IbanForm } from './iban-form.tsx';

const t = accountsText.details;
const v = accountsText.verification;

/** What a provider re-authentication for deletion came back with (`reauth=ok` / `socialError`). */
export type ReauthReturn = { ok: true } | { ok: false; message: string } | null;

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h3" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: { sm: 2 }, py: 0.75 }}>
      <Typography component="dt" sx={{ fontWeight: 650, minWidth: 180 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** The profile's user-details tab: account facts, payout IBAN, password link, deletion. */
export function UserDetails({ reauthReturn }: { reauthReturn: ReauthReturn }) {
  const { user } = useAuth();
  const details = useAccountDetails();
  const sendLink = useSendPasswordResetLink();
  const sendVerification = useRequestVerificationMail();
  const download = useDownloadPersonalData();
  const navigate = useNavigate();
  const [deleteOpen, setDeleteOpen] = useState(reauthReturn !== null);

  if (details.isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={accountsText.profile.title} />
      </Box>
    );
  if (details.isError) return <Alert severity="error">{t.loadFailed}</Alert>;

  const account = details.data;
  const methods = [
    ...(account.hasPassword ? [t.methodPassword] : []),
    ...account.providers.map((provider) => (provider === 'google' ? t.methodGoogle : t.methodFacebook)),
  ];
  const username = user?.displayName ?? user?.username;
  const fullName = personName(user ?? {});

  // The server has ended the session: sign out here too and go to the front page with a notice.
  const deleted = () =>
    signOutAndLeave(() =>
      navigate('/', { replace: true, state: { message: accountsText.deleteDialog.deleted } }),
    );

  return (
    <Stack sx={{ gap: 3 }}>
      <Typography variant="h2" sx={{ fontSize: { xs: '1.5rem', md: '1.7rem' } }}>
        {t.title}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box component="dl" sx={{ m: 0 }}>
          <Detail
            label={t.email}
            value={`${account.email} (${account.emailVerified ? v.verified : v.notVerified})`}
          />
          {username && <Detail label={t.username} value={username} />}
          {fullName && <Detail label={t.name} value={fullName} />}
          <Detail label={t.signInMethods} value={methods.join(', ')} />
        </Box>
      </Paper>

      {!account.emailVerified && (
        <Section title={v.title}>
          <Typography sx={{ color: 'text.secondary', mb: 2 }}>{v.lead}</Typography>
          {sendVerification.isSuccess && (
            <Alert severity="success" role="status" sx={{ mb: 2 }}>
              {v.sent(account.email)}
            </Alert>
          )}
          {sendVerification.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {sendVerification.error instanceof ApiError && sendVerification.error.status < 500
                ? sendVerification.error.message
                : v.sendFailed}
            </Alert>
          )}
          <SubmitButton
            type="button"
            variant="outlined"
            onClick={() => sendVerification.mutate()}
            pending={sendVerification.isPending}
          >
            {v.send}
          </SubmitButton>
        </Section>
      )}

      <Section title={t.ibanTitle}>
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t.ibanLead}</Typography>
        <IbanForm current={account.iban} />
      </Section>

      {account.hasPassword && (
        <Section title={t.passwordTitle}>
          <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t.passwordLead}</Typography>
          {sendLink.isSuccess && (
            <Alert severity="success" role="status" sx={{ mb: 2 }}>
              {t.resetLinkSent(account.email)}
            </Alert>
          )}
          {sendLink.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {sendLink.error instanceof ApiError && sendLink.error.status === 429
                ? sendLink.error.message
                : messages.resetSendFailed}
            </Alert>
          )}
          <SubmitButton
            type="button"
            variant="outlined"
            onClick={() => sendLink.mutate()}
            pending={sendLink.isPending}
          >
            {t.sendResetLink}
          </SubmitButton>
        </Section>
      )}

      <Section title={t.dataTitle}>
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t.dataLead}</Typography>
        {!account.emailVerified && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t.dataUnverified}
          </Alert>
        )}
        {download.isSuccess && (
          <Alert severity="success" role="status" sx={{ mb: 2 }}>
            {t.dataReady}
          </Alert>
        )}
        {download.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {download.error instanceof ApiError && download.error.status === 429
              ? download.error.message
              : t.dataFailed}
          </Alert>
        )}
        <SubmitButton
          type="button"
          variant="outlined"
          onClick={() => download.mutate()}
          pending={download.isPending}
        >
          {t.dataDownload}
        </SubmitButton>
      </Section>

      <Section title={t.deleteTitle}>
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t.deleteLead}</Typography>
        <Button variant="outlined" color="error" onClick={() => setDeleteOpen(true)}>
          {t.deleteButton}
        </Button>
      </Section>

      {/* Mounted per opening, so a typed password or an earlier error is not shown again. */}
      {deleteOpen && (
        <DeleteAccountDialog
          open
          details={account}
          reauthenticated={reauthReturn?.ok === true}
          reauthError={reauthReturn?.ok === false ? reauthReturn.message : null}
          onClose={() => setDeleteOpen(false)}
          onDeleted={() => void deleted()}
        />
      )}
    </Stack>
  );
}

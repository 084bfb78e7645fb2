import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '#client/features/accounts/components/auth-card.tsx';
import { PasswordResetForm } from '#client/features/accounts/components/password-reset-form.tsx';
import { accountsText } from '#client/i18n/fi/accounts.ts';
import { messages } from '#shared/accounts/account-messages.ts';

const t = accountsText.passwordReset;
// Spec 01 §9: after a successful change the login page opens in 3 s.
const redirectMs = 3000;

/** /salasanan-vaihto?oobCode=… from the e-mailed link. */
export function PasswordResetPage() {
  const [searchParams] = useSearchParams();
  const oobCode = searchParams.get('oobCode')?.trim() ?? '';
  const navigate = useNavigate();
  const [done, setDone] = useState(false);

  useEffect(() => {
    document.title = t.documentTitle;
  }, []);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate('/kirjaudu', { replace: true }), redirectMs);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  return (
    <AuthCard title={t.title} lead={oobCode ? t.lead : undefined}>
      {oobCode ? (
        <PasswordResetForm oobCode={oobCode} onDone={() => setDone(true)} />
      ) : (
        <Stack sx={{ gap: 2 }}>
          <Alert severity="error">{messages.resetLinkInvalid}</Alert>
          <Button component={RouterLink} to="/kirjaudu" variant="outlined" sx={{ alignSelf: 'flex-start' }}>
            {t.backToLogin}
          </Button>
        </Stack>
      )}
    </AuthCard>
  );
}

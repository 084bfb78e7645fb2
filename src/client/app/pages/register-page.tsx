import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { AuthCard } from '#client/features/accounts/components/auth-card.tsx';
import { RegisterForm } from '#client/features/accounts/components/register-form.tsx';
import {
  useFromPath,
  useRedirectWhenSignedIn,
} from '#client/features/accounts/use-redirect-when-signed-in.ts';
import { accountsText } from '#client/i18n/fi/accounts.ts';
import type { AuthUser } from '#shared/accounts/accounts.schema.ts';

const t = accountsText.register;

// The new account's address is not yet confirmed: say where the link went.
const verificationNotice = (user: AuthUser) =>
  user.emailVerified ? undefined : accountsText.verification.linkSentAfterRegistration(user.email);

export function RegisterPage() {
  const from = useFromPath();
  // The new account is signed in at once: go on where the visitor was heading.
  useRedirectWhenSignedIn(verificationNotice);

  useEffect(() => {
    document.title = t.documentTitle;
  }, []);

  return (
    <AuthCard title={t.title} lead={t.lead}>
      <RegisterForm />
      <Typography sx={{ textAlign: 'center', mt: 3 }}>
        {t.hasAccount}{' '}
        <Link component={RouterLink} to="/kirjaudu" state={from ? { from } : undefined}>
          {t.login}
        </Link>
      </Typography>
    </AuthCard>
  );
}

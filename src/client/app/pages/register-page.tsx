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

const t = accountsText.register;

export function RegisterPage() {
  const from = useFromPath();
  // The new account is signed in at once: go on where the visitor was heading.
  useRedirectWhenSignedIn();

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

import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { AuthCard } from '#client/features/accounts/components/auth-card.tsx';
import { LoginForm } from '#client/features/accounts/components/login-form.tsx';
import { SocialSignInButtons } from '#client/features/accounts/components/social-sign-in-buttons.tsx';
import { socialReturnTo } from '#client/features/accounts/return-to.ts';
import {
  useFromPath,
  useRedirectWhenSignedIn,
} from '#client/features/accounts/use-redirect-when-signed-in.ts';
import { accountsText } from '#client/i18n/fi/accounts.ts';
import { trackEvent } from '#client/lib/analytics.ts';
import { type SocialErrorCode, socialErrorMessages } from '#shared/accounts/social-errors.ts';

const t = accountsText.login;

function socialErrorMessage(code: string): string {
  return code in socialErrorMessages
    ? socialErrorMessages[code as SocialErrorCode]
    : socialErrorMessages.failed;
}

export function LoginPage() {
  const from = useFromPath();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [socialError, setSocialError] = useState<string | null>(null);
  useRedirectWhenSignedIn();

  useEffect(() => {
    document.title = t.documentTitle;
  }, []);

  // A failed social sign-in comes back as ?socialError=<code>: show it once, then tidy the address.
  const socialErrorCode = searchParams.get('socialError');
  useEffect(() => {
    if (!socialErrorCode) return;
    setSocialError(socialErrorMessage(socialErrorCode));
    trackEvent({ category: 'error', action: 'login', label: socialErrorCode });
    const params = new URLSearchParams(searchParams);
    params.delete('socialError');
    setSearchParams(params, { replace: true, state: location.state });
  }, [socialErrorCode, searchParams, setSearchParams, location.state]);

  return (
    <AuthCard title={t.title} lead={t.lead}>
      <Stack sx={{ gap: 2 }}>
        {socialError && <Alert severity="error">{socialError}</Alert>}
        <LoginForm />
        <SocialSignInButtons returnTo={() => socialReturnTo(from)} />
        <Typography sx={{ textAlign: 'center', mt: 1 }}>
          {t.noAccount}{' '}
          <Link component={RouterLink} to="/rekisteroidy" state={from ? { from } : undefined}>
            {t.register}
          </Link>
        </Typography>
      </Stack>
    </AuthCard>
  );
}

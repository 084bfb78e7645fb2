import FacebookIcon from '@mui/icons-material/Facebook';
import GoogleIcon from '@mui/icons-material/Google';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { accountsText } from '#client/i18n/fi/accounts.ts';
import type { SocialProvider } from '#shared/accounts/accounts.schema.ts';
import { useAuthProviders } from '../api/get-auth-providers.ts';
import { socialStartUrl } from '../social-start-url.ts';

const t = accountsText.login;

interface Props {
  /** Decides (and remembers) where the sign-in should come back to. */
  returnTo(): string;
}

/** Google and Facebook sign-in, each shown only when the server has it configured. */
export function SocialSignInButtons({ returnTo }: Props) {
  const providers = useAuthProviders();
  if (!providers.data?.google && !providers.data?.facebook) return null;

  const start = (provider: SocialProvider) => {
    window.location.href = socialStartUrl(provider, returnTo());
  };

  return (
    <Stack sx={{ gap: 1.5 }}>
      <Divider sx={{ my: 1, color: 'text.secondary' }}>{t.or}</Divider>
      {providers.data.google && (
        <Button
          variant="outlined"
          color="secondary"
          size="large"
          startIcon={<GoogleIcon />}
          onClick={() => start('google')}
          fullWidth
        >
          {t.google}
        </Button>
      )}
      {providers.data.facebook && (
        <Button
          variant="outlined"
          color="secondary"
          size="large"
          startIcon={<FacebookIcon />}
          onClick={() => start('facebook')}
          fullWidth
        >
          {t.facebook}
        </Button>
      )}
    </Stack>
  );
}

import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { consentText as t } from '#client/i18n/fi/consent.ts';
import { saveConsent, useCookieConsent } from '../consent-store.ts';

const CookieSettings = lazy(() => import('./cookie-settings.tsx'));

const cookieBannerId = 'cookie-banner';

/**
 * The cookie banner of spec 01 §2: shown at the bottom until a choice is stored. Its choices are
 * in the first paint; tapped before the app is live they close it at once (`data-closes`) and are
 * saved when the app starts (scripts/boot-after-paint-plugin.ts).
 */
export default function CookieBanner() {
  const { consent, bannerOpen } = useCookieConsent();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [analytics, setAnalytics] = useState(consent?.analytics ?? false);
  const [functional, setFunctional] = useState(consent?.functional ?? false);

  useEffect(() => {
    if (bannerOpen) {
      setAnalytics(consent?.analytics ?? false);
      setFunctional(consent?.functional ?? false);
    }
  }, [bannerOpen, consent]);

  return (
    <Paper
      id={cookieBannerId}
      role="region"
      aria-label={t.title}
      elevation={8}
      sx={{
        position: 'fixed',
        // Above the page, below the drawer and every dialog: a dialog is never drawn under it.
        zIndex: (theme) => theme.zIndex.appBar + 1,
        bottom: { xs: 0, sm: 16 },
        left: { xs: 0, sm: '50%' },
        transform: { sm: 'translateX(-50%)' },
        width: { xs: '100%', sm: 'calc(100% - 32px)' },
        maxWidth: { sm: 600 },
        p: 2.5,
        borderRadius: { xs: '12px 12px 0 0', sm: 3 },
      }}
    >
      <Typography variant="h4" component="h2" gutterBottom>
        {t.title}
      </Typography>
      <Typography variant="body2">
        {t.intro}{' '}
        <Link component={RouterLink} to="/tietosuojaseloste">
          {t.privacyLink}
        </Link>
      </Typography>
      <Button
        size="small"
        onClick={() => setSettingsOpen((open) => !open)}
        aria-expanded={settingsOpen}
        sx={{ mt: 1, px: 0 }}
      >
        {settingsOpen ? t.hideSettings : t.showSettings}
      </Button>
      {settingsOpen && (
        <Suspense fallback={null}>
          <CookieSettings
            analytics={analytics}
            functional={functional}
            onAnalyticsChange={setAnalytics}
            onFunctionalChange={setFunctional}
          />
        </Suspense>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, mt: 1.5, justifyContent: 'flex-end' }}>
        <Button
          variant="outlined"
          color="secondary"
          data-closes={cookieBannerId}
          onClick={() => saveConsent({ analytics: false, functional: false })}
        >
          {t.necessaryOnly}
        </Button>
        {settingsOpen && (
          <Button variant="outlined" color="secondary" onClick={() => saveConsent({ analytics, functional })}>
            {t.saveChoices}
          </Button>
        )}
        <Button
          variant="contained"
          data-closes={cookieBannerId}
          onClick={() => saveConsent({ analytics: true, functional: true })}
        >
          {t.acceptAll}
        </Button>
      </Stack>
    </Paper>
  );
}

import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { AuthSession } from '#client/features/accounts/components/auth-session.tsx';
import { useCookieConsent } from '#client/features/consent/consent-store.ts';
import { NewsletterProvider } from '#client/features/newsletter/newsletter-provider.tsx';
import {
  NavigationSnackbar,
  PageViewTracker,
  ScrollToTopOnPathChange,
  TranslationWarning,
} from './global-behaviour.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

// Most visits have made their cookie choice already: load the banner only when it is shown.
const CookieBanner = lazy(() => import('#client/features/consent/components/cookie-banner.tsx'));

export function PageLoading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 10 }}>
      <CircularProgress aria-label="Ladataan" />
    </Box>
  );
}

/** The frame of every page: header, page, footer and the app-wide helpers. */
export function AppLayout() {
  const navigation = useNavigation();
  const { bannerOpen } = useCookieConsent();
  return (
    <NewsletterProvider>
      <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
        <AuthSession />
        <ScrollToTopOnPathChange />
        <PageViewTracker />
        <SiteHeader />
        <TranslationWarning />
        <Box component="main" sx={{ flexGrow: 1, opacity: navigation.state === 'loading' ? 0.7 : 1 }}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Box>
        <SiteFooter />
        <NavigationSnackbar />
        {bannerOpen && (
          <Suspense fallback={null}>
            <CookieBanner />
          </Suspense>
        )}
      </Box>
    </NewsletterProvider>
  );
}

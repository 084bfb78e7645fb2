import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { Suspense } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { AuthSession } from '#client/features/accounts/components/auth-session.tsx';
import CookieBanner from '#client/features/consent/components/cookie-banner.tsx';
import { useCookieConsent } from '#client/features/consent/consent-store.ts';
import { NewsletterProvider } from '#client/features/contact/newsletter-provider.tsx';
import { isBrowsingPage } from '#client/features/contact/newsletter-timing.ts';
import {
  NavigationSnackbar,
  PageViewTracker,
  ScrollToTopOnPathChange,
  TranslationWarning,
} from './global-behaviour.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/**
 * A page whose code or data is on its way. It fills the screen so the footer stays below the fold
 * and the arriving page does not shift it.
 */
export function PageLoading({ label = 'Ladataan' }: { label?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 10, minHeight: '100vh' }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

/**
 * The first paint of a page whose code is still on its way (the router's HydrateFallback, and the
 * HTML the server sends for every page but the home page): the header over a loading page, and
 * the cookie banner until the visitor has chosen.
 */
export function AppShellLoading() {
  const { bannerOpen } = useCookieConsent();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SiteHeader />
      <Box component="main" sx={{ flexGrow: 1 }}>
        <PageLoading />
      </Box>
      {bannerOpen && <CookieBanner />}
    </Box>
  );
}

/** The frame of every page: header, page, footer and the app-wide helpers. */
export function AppLayout() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const { bannerOpen } = useCookieConsent();
  return (
    <NewsletterProvider holdAutoOpen={bannerOpen || !isBrowsingPage(pathname)}>
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
        {bannerOpen && <CookieBanner />}
      </Box>
    </NewsletterProvider>
  );
}

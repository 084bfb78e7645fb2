import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { Suspense } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { AuthSession } from '#client/features/accounts/components/auth-session.tsx';
import CookieBanner from '#client/features/consent/components/cookie-banner.tsx';
import { useCookieBannerOpen } from '#client/features/consent/consent-store.ts';
import { NewsletterProvider } from '#client/features/contact/newsletter-provider.tsx';
import { isBrowsingPage } from '#client/features/contact/newsletter-timing.ts';
import { headerHeight } from '../theme.ts';
import {
  NavigationSnackbar,
  PageViewTracker,
  ScrollToTopOnPathChange,
  TranslationWarning,
} from './global-behaviour.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { mainContentFocus, mainContentProps, SkipLink } from './skip-link.tsx';

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
 *
 * Both frames start with the skip link and then the cookie banner: the banner is drawn at the
 * bottom of the screen but comes first in the Tab order, so a keyboard user meets the choice before
 * the header's links.
 */
export function AppShellLoading() {
  const bannerOpen = useCookieBannerOpen();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SkipLink />
      {bannerOpen && <CookieBanner />}
      <SiteHeader />
      <Box component="main" {...mainContentProps} sx={{ ...pageArea, ...mainContentFocus }}>
        <PageLoading />
      </Box>
    </Box>
  );
}

/**
 * The page's area is at least the screen less the header, so the footer starts below the fold
 * whatever the page shows: its loading state, a short answer, or the whole page. A page that
 * grows when its data arrives then moves nothing the visitor can see (layout shift, decision 029).
 */
const pageArea = { flexGrow: 1, minHeight: `calc(100vh - ${headerHeight}px)` } as const;

/** The frame of every page: header, page, footer and the app-wide helpers. */
export function AppLayout() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const bannerOpen = useCookieBannerOpen();
  return (
    <NewsletterProvider holdAutoOpen={bannerOpen || !isBrowsingPage(pathname)}>
      <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
        <AuthSession />
        <ScrollToTopOnPathChange />
        <PageViewTracker />
        <SkipLink />
        {bannerOpen && <CookieBanner />}
        <SiteHeader />
        <TranslationWarning />
        <Box
          component="main"
          {...mainContentProps}
          sx={{ ...pageArea, opacity: navigation.state === 'loading' ? 0.7 : 1, ...mainContentFocus }}
        >
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Box>
        <SiteFooter />
        <NavigationSnackbar />
      </Box>
    </NewsletterProvider>
  );
}

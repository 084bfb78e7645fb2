import type { RouteObject } from 'react-router';
import { RequireAuth } from '#client/features/accounts/components/require-auth.tsx';
import { AppLayout, AppShellLoading } from './layout/app-layout.tsx';
import { HomePage } from './pages/home-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { RouteErrorPage } from './pages/route-error-page.tsx';

// Routes of spec 01 §2. The home page is in the first bundle; every other page loads on demand.
// Pages that need a signed-in user sit under RequireAuth; a visitor at the sell page goes to the
// sell gate /myy-lippu-info instead of the login (spec 01 §2). /admin guards itself: anyone but
// an admin sees the 404 page there, as at an unknown address.
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppLayout,
    // Shown on the very first load only if main.tsx could not load the opening page's code first.
    HydrateFallback: AppShellLoading,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, Component: HomePage },
          {
            path: 'miten-se-toimii',
            lazy: async () => ({ Component: (await import('./pages/how-it-works-page.tsx')).HowItWorksPage }),
          },
          { path: 'ukk', lazy: async () => ({ Component: (await import('./pages/faq-page.tsx')).FaqPage }) },
          {
            path: 'tietoa-meista',
            lazy: async () => ({ Component: (await import('./pages/about-page.tsx')).AboutPage }),
          },
          {
            path: 'ota-yhteytta',
            lazy: async () => ({ Component: (await import('./pages/contact-page.tsx')).ContactPage }),
          },
          {
            path: 'kayttoehdot',
            lazy: async () => ({ Component: (await import('./pages/terms-page.tsx')).TermsPage }),
          },
          {
            path: 'tietosuojaseloste',
            lazy: async () => ({ Component: (await import('./pages/privacy-page.tsx')).PrivacyPage }),
          },
          {
            path: 'saavutettavuus',
            lazy: async () => ({
              Component: (await import('./pages/accessibility-page.tsx')).AccessibilityPage,
            }),
          },
          {
            path: 'myy-lippu-info',
            lazy: async () => ({ Component: (await import('./pages/sell-info-page.tsx')).SellInfoPage }),
          },
          {
            path: 'uutiskirje/vahvista',
            lazy: async () => ({
              Component: (await import('./pages/newsletter-confirm-page.tsx')).NewsletterConfirmPage,
            }),
          },
          {
            path: 'vahvista-sahkoposti',
            lazy: async () => ({
              Component: (await import('./pages/email-verification-page.tsx')).EmailVerificationPage,
            }),
          },
          {
            path: 'uutiskirje/peru',
            lazy: async () => ({
              Component: (await import('./pages/newsletter-unsubscribe-page.tsx')).NewsletterUnsubscribePage,
            }),
          },
          {
            path: 'liput/:ticketId',
            lazy: async () => ({ Component: (await import('./pages/ticket-page.tsx')).TicketPage }),
          },
          {
            path: 'liput/jaa/:ticketId',
            lazy: async () => ({ Component: (await import('./pages/ticket-page.tsx')).TicketPage }),
          },
          {
            path: 'kirjaudu',
            lazy: async () => ({ Component: (await import('./pages/login-page.tsx')).LoginPage }),
          },
          {
            path: 'rekisteroidy',
            lazy: async () => ({ Component: (await import('./pages/register-page.tsx')).RegisterPage }),
          },
          {
            path: 'salasanan-vaihto',
            lazy: async () => ({
              Component: (await import('./pages/password-reset-page.tsx')).PasswordResetPage,
            }),
          },
          {
            element: <RequireAuth visitorRedirect="/myy-lippu-info" />,
            children: [
              {
                path: 'myy-lippu',
                lazy: async () => ({ Component: (await import('./pages/sell-page.tsx')).SellPage }),
              },
            ],
          },
          {
            element: <RequireAuth />,
            children: [
              {
                path: 'lippu-asetettu-myyntiin',
                lazy: async () => ({
                  Component: (await import('./pages/listing-created-page.tsx')).ListingCreatedPage,
                }),
              },
              {
                path: 'profiili',
                lazy: async () => {
                  const page = await import('./pages/profile-page.tsx');
                  await page.loadDrawnTicketTab();
                  return { Component: page.ProfilePage };
                },
              },
              {
                path: 'muokkaa/:ticketId',
                lazy: async () => ({
                  Component: (await import('./pages/edit-listing-page.tsx')).EditListingPage,
                }),
              },
              {
                path: 'liput/:ticketId/reklamaatio',
                lazy: async () => ({ Component: (await import('./pages/complaint-page.tsx')).ComplaintPage }),
              },
              {
                path: 'osta/:ticketId',
                lazy: async () => ({ Component: (await import('./pages/purchase-page.tsx')).PurchasePage }),
              },
              {
                path: 'ostopyynto-vastaanotettu',
                lazy: async () => ({
                  Component: (await import('./pages/payment-wait-page.tsx')).PaymentWaitPage,
                }),
              },
              {
                path: 'osto-onnistui',
                lazy: async () => ({
                  Component: (await import('./pages/purchase-success-page.tsx')).PurchaseSuccessPage,
                }),
              },
              {
                path: 'viimeistele-profiili',
                lazy: async () => ({
                  Component: (await import('./pages/complete-profile-page.tsx')).CompleteProfilePage,
                }),
              },
            ],
          },
          {
            path: 'admin',
            lazy: async () => {
              const page = await import('./pages/admin-page.tsx');
              await page.loadDrawnArea();
              return { Component: page.AdminPage };
            },
          },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];

import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SiteConfig } from '#shared/site-config.ts';
import { AppProviders } from './app/app-providers.tsx';
import { AppShellLoading } from './app/layout/app-layout.tsx';
import { routes } from './app/routes.tsx';
import { prerenderWithConsentSaved } from './features/consent/consent-store.ts';
import { queryClient } from './lib/query-client.ts';
import { provideSiteConfig } from './lib/site-config.ts';

export interface PrerenderedPage {
  /** The markup for #root. */
  html: string;
  /** The <style> tags of the styles that markup uses. */
  styleTags: string;
}

/**
 * The first paint of the pages, rendered before any data arrives; the server does it once at
 * start (src/server/modules/site) and sends it in place of the empty #root. `home` is the home
 * page; `shell` (header over a loading page) stands for every other page until its code arrives.
 * Visitors who have not made their cookie choice get the pages with the cookie banner.
 */
export function prerenderPages(
  site: SiteConfig,
  { consentSaved }: { consentSaved: boolean },
): { home: PrerenderedPage; shell: PrerenderedPage } {
  provideSiteConfig(site);
  prerenderWithConsentSaved(consentSaved);
  const home = render(createMemoryRouter(routes, { initialEntries: ['/'] }));
  // A path no nav entry matches, so no entry is drawn as the current one.
  const shell = render(
    createMemoryRouter([{ path: '*', Component: AppShellLoading }], { initialEntries: ['/lataa'] }),
  );
  // The home render created pending queries; their garbage-collection timers would keep Node busy.
  queryClient.clear();
  return { home, shell };
}

function render(router: ReturnType<typeof createMemoryRouter>): PrerenderedPage {
  // The key 'css' is the browser's default, so the browser's emotion takes these styles over
  // instead of adding copies.
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const html = renderToString(
    <CacheProvider value={cache}>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </CacheProvider>,
  );
  return { html, styleTags: emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html)) };
}

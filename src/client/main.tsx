import { type ReactNode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/app-providers.tsx';
import { routes } from './app/routes.tsx';
import { adoptServerQueries } from './lib/query-client.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

/** Marks the page live once the app has taken over the server's first paint (the journeys wait for it). */
function MarkLive({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.live = 'true';
  }, []);
  return children;
}

/**
 * Loads the code of the page being opened before the app renders, so the app's first render is
 * that page: it replaces the server's HTML without passing through a loading screen. (The server
 * preloads that code, so this is rarely a wait.) Code that fails to load is left to the router,
 * which tries again behind its loading screen and shows the error page if that fails too.
 */
async function loadOpeningPage(): Promise<void> {
  const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy) ?? [];
  await Promise.allSettled(
    lazyMatches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/**
 * Takes the server's page over. (Not top-level await: with it in the entry the bundler splits the
 * first load into twice as many chunks, ~10 KB more gzip.)
 */
async function start(root: HTMLElement): Promise<void> {
  adoptServerQueries();
  await loadOpeningPage();
  const router = createBrowserRouter(routes);
  const app = (
    <AppProviders>
      <MarkLive>
        <RouterProvider router={router} />
      </MarkLive>
    </AppProviders>
  );
  // The page's first paint is the server's HTML (src/client/prerender.tsx). A page the server drew
  // as the app draws it is hydrated: taken over as it is, which spares rebuilding and laying out
  // the whole page. Over the stand-in shell the app draws its page. Either runs as a transition,
  // which lets React yield to the browser every few milliseconds instead of blocking it.
  startTransition(() => {
    if (root.hasAttribute('data-hydrate')) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}

void start(root);

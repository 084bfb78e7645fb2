import { type ReactNode, startTransition, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/app-providers.tsx';
import { routes } from './app/routes.tsx';
import { appTheme } from './app/theme.ts';
import { sessionEndedOnServer } from './features/accounts/auth-store.ts';
import { adoptServerQueries, onSessionEnded } from './lib/query-client.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

/**
 * Marks the page live once the app has taken over the server's first paint (the journeys wait for
 * it), before the browser paints: the boot script then hands a tap made before over to the app.
 */
function MarkLive({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
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
 * Resolves in a task of its own (a message to ourselves: unlike a timer, not slowed down in a
 * background tab), so the browser can paint and answer a tap in between.
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/**
 * Takes the server's page over. The start runs in a few tasks instead of one long one: running
 * the app's modules, building the theme, setting up the router, then the hydration, which React
 * slices itself. (Not top-level await: with it in the entry the bundler splits the first load into
 * more chunks.)
 */
async function start(root: HTMLElement): Promise<void> {
  await nextTask();
  appTheme();
  await nextTask();
  onSessionEnded(sessionEndedOnServer);
  adoptServerQueries();
  await loadOpeningPage();
  const router = createBrowserRouter(routes);
  await nextTask();
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

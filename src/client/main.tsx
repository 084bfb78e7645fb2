import { type ReactNode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/app-providers.tsx';
import { routes } from './app/routes.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

const router = createBrowserRouter(routes);

/** Marks the page live once the app has replaced the prerendered first paint (the journeys wait for it). */
function MarkLive({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.live = 'true';
  }, []);
  return children;
}

// The page's first paint is prerendered HTML (scripts/prerender.ts); rendering the app over it as a
// transition lets React yield to the browser every few milliseconds instead of blocking it.
startTransition(() => {
  createRoot(root).render(
    <AppProviders>
      <MarkLive>
        <RouterProvider router={router} />
      </MarkLive>
    </AppProviders>,
  );
});

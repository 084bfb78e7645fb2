import { lazy, Suspense, useState } from 'react';
import { pageDrawnForServerUser, useAuthValue } from '#client/features/accounts/auth-store.ts';
import { usePublicTicketRefresh } from '../use-public-ticket-refresh.ts';
import { NotFoundPage } from './not-found-page.tsx';

type AreaModule = typeof import('#client/features/admin/components/admin-area.tsx');
let loadedArea: AreaModule | undefined;
const loadArea = async () => {
  loadedArea = await import('#client/features/admin/components/admin-area.tsx');
  return loadedArea;
};

// Only an admin loads the area's code; anyone else gets the 404 page alone (decision 029).
const LazyAdminArea = lazy(async () => ({ default: (await loadArea()).AdminArea }));

/**
 * Run before the app takes the page over: when the server drew the area (for an admin whose access
 * it checked, decision 029), loads its code and its review tab's, so the whole page is taken over
 * in one pass, live at once, instead of part by part as the code comes. Nothing for anyone else.
 */
export async function loadDrawnArea(): Promise<void> {
  if (!pageDrawnForServerUser()) return;
  await (await loadArea()).loadReviewTab();
}

/**
 * /admin (spec 01 §2 "Admin entry guard"): the 404 page while the sign-in is being checked and for
 * anyone but a signed-in admin; the area itself asks the server for the rest. Search engines are
 * told to keep out of it, whatever it shows.
 */
export function AdminPage() {
  // Only this answer re-renders the page: a render while the server-drawn area is still being
  // taken over (its code coming) would make React draw the 404 page in its place (decision 029).
  const admin = useAuthValue((auth) => auth.isInitialized && auth.user?.isAdmin === true);
  const refreshPublicTicket = usePublicTicketRefresh();
  // The loaded code when it is there (a drawn area), chosen once: changing it would remount the area.
  const [AdminArea] = useState(() => loadedArea?.AdminArea ?? LazyAdminArea);
  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      {admin ? (
        <Suspense fallback={<NotFoundPage />}>
          <AdminArea notFound={<NotFoundPage />} onListingApproved={refreshPublicTicket} />
        </Suspense>
      ) : (
        <NotFoundPage />
      )}
    </>
  );
}

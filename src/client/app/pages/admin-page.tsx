import { lazy, Suspense } from 'react';
import { useAuthValue } from '#client/features/accounts/auth-store.ts';
import { usePublicTicketRefresh } from '../use-public-ticket-refresh.ts';
import { NotFoundPage } from './not-found-page.tsx';

// Only an admin loads the area's code; anyone else gets the 404 page alone (decision 029).
const AdminArea = lazy(async () => ({
  default: (await import('#client/features/admin/components/admin-area.tsx')).AdminArea,
}));

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

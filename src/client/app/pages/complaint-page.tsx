import { useParams } from 'react-router';
import { useAuth } from '#client/features/accounts/auth-store.ts';
import { ComplaintPageContent } from '#client/features/complaints/components/complaint-page-content.tsx';
import { NotFoundPage } from './not-found-page.tsx';

/**
 * /liput/:ticketId/reklamaatio, behind the sign-in guard (docs/decisions/036): the buyer's
 * complaint and the seller's answer. Private to the two of them, so search engines keep out.
 */
export function ComplaintPage() {
  const { ticketId = '' } = useParams();
  const { user } = useAuth();
  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      {user && (
        <ComplaintPageContent
          key={ticketId}
          userId={user.uid}
          ticketId={ticketId}
          notFound={<NotFoundPage />}
        />
      )}
    </>
  );
}

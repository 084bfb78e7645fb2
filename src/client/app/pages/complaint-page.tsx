import { useParams } from 'react-router';
import { ComplaintPageContent } from '#client/features/complaints/components/complaint-page-content.tsx';
import { NotFoundPage } from './not-found-page.tsx';

/**
 * /liput/:ticketId/reklamaatio, behind the sign-in guard (docs/decisions/036): the buyer's
 * complaint and the seller's answer. Private to the two of them, so search engines keep out.
 */
export function ComplaintPage() {
  const { ticketId = '' } = useParams();
  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      <ComplaintPageContent key={ticketId} ticketId={ticketId} notFound={<NotFoundPage />} />
    </>
  );
}

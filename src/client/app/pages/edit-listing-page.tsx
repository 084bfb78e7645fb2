import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useAuth } from '#client/features/accounts/auth-store.ts';
import { EditListing } from '#client/features/listings/components/edit-listing.tsx';
import { myListingsText } from '#client/i18n/fi/my-listings.ts';
import { usePublicTicketRefresh } from '../use-public-ticket-refresh.ts';

const t = myListingsText.edit;

/** /muokkaa/:ticketId, behind the sign-in guard (spec 02 §2 "Edit screen"). */
export function EditListingPage() {
  const { ticketId = '' } = useParams();
  const { user } = useAuth();
  const navigate = useNavigate();
  const refreshPublicTicket = usePublicTicketRefresh();

  useEffect(() => {
    document.title = t.documentTitle;
  }, []);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '2rem', md: '2.4rem' }, mb: { xs: 2.5, md: 3.5 } }}>
        {t.title}
      </Typography>
      {user && (
        <EditListing
          userId={user.uid}
          listingId={ticketId}
          onListingChanged={refreshPublicTicket}
          onRemoved={() => navigate('/profiili?tab=1')}
        />
      )}
    </Container>
  );
}

import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useAuthValue } from '#client/features/accounts/auth-store.ts';
import { ticketDetailsQuery } from '#client/features/browsing/api/get-ticket-details.ts';
import { checkBuyAvailability } from '#client/features/browsing/buy-availability.ts';
import { TicketPageError } from '#client/features/browsing/components/ticket-page-error.tsx';
import { formatEventDate } from '#client/features/browsing/event-time.ts';
import { ticketLoadError } from '#client/features/browsing/ticket-page-rules.ts';
import { Checkout } from '#client/features/purchases/components/checkout.tsx';
import { browsingText } from '#client/i18n/fi/browsing.ts';
import { purchasesText } from '#client/i18n/fi/purchases.ts';
import { personName } from '#shared/person-name.ts';
import { PageLoading } from '../layout/app-layout.tsx';

const t = purchasesText.checkout;

/**
 * /osta/:ticketId, behind the sign-in guard (spec 01 §2 "Purchase"): the ticket as browsing loads
 * it, checked for whether it can be bought, then the purchase's two steps.
 */
export function PurchasePage() {
  const { ticketId = '' } = useParams();
  const navigate = useNavigate();
  const user = useAuthValue((auth) => auth.user);
  // Asked afresh even when the ticket page has it cached: the price must be the one on sale now.
  const {
    data: ticket,
    error,
    isPending,
    refetch,
  } = useQuery({
    ...ticketDetailsQuery(ticketId, user?.uid ?? null),
    staleTime: 0,
  });

  useEffect(() => {
    document.title = t.documentTitle;
  }, []);

  if (isPending || !user) return <PageLoading label={browsingText.ticketLoading} />;
  if (!ticket) {
    const { message, retryable } = ticketLoadError(error);
    return <TicketPageError message={message} backTo="/" onRetry={retryable ? () => refetch() : undefined} />;
  }
  const availability = checkBuyAvailability(ticket, true);
  // Another buyer's hold is no dead end here: the payment step says until when and offers a retry.
  if (!availability.canBuy && availability.reason !== 'reserved')
    return <TicketPageError message={availability.message} backTo={`/liput/${ticket.id}`} />;

  // The first step's 'Takaisin' is the browser's back (spec 01 §2); opened directly, the ticket.
  const leave = () => {
    if (((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0) navigate(-1);
    else navigate(`/liput/${ticket.id}`);
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '2rem', md: '2.4rem' }, mb: { xs: 2, md: 3 } }}>
        {t.title}
      </Typography>
      <Checkout
        ticket={ticket}
        eventDateText={formatEventDate(ticket.eventDate, ticket.eventEndDate, ticket.hasMultipleDays)}
        billing={{ name: personName(user), email: user.email }}
        onLeave={leave}
        // Replacing the payment step: 'back' from the result does not open a paid checkout again.
        onSent={(state) => navigate('/ostopyynto-vastaanotettu', { replace: true, state })}
      />
    </Container>
  );
}

import { type MouseEvent, useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useAuthValue } from '#client/features/accounts/auth-store.ts';
import { loginReturnPath, rememberReturnTo } from '#client/features/accounts/return-to.ts';
import {
  useRecordTicketView,
  useRefetchWhenHoldEnds,
  useTicketDetails,
} from '#client/features/browsing/api/get-ticket-details.ts';
import { checkBuyAvailability } from '#client/features/browsing/buy-availability.ts';
import { TicketDetailsView } from '#client/features/browsing/components/ticket-details-view.tsx';
import { TicketPageError } from '#client/features/browsing/components/ticket-page-error.tsx';
import { pageErrorFor, sellerNotice, ticketLoadError } from '#client/features/browsing/ticket-page-rules.ts';
import { browsingText as t } from '#client/i18n/fi/browsing.ts';
import { PageLoading } from '../layout/app-layout.tsx';

interface TicketLocationState {
  returnUrl?: string;
}

/** /liput/{id} and the share link /liput/jaa/{id}: the same page. */
export function TicketPage() {
  const { ticketId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const isAuthenticated = useAuthValue((auth) => auth.isAuthenticated);
  const userId = useAuthValue((auth) => auth.user?.uid ?? null);
  const backTo = loginReturnPath((location.state as TicketLocationState | null)?.returnUrl) ?? '/';
  const { data: ticket, dataUpdatedAt, error, isPending, refetch } = useTicketDetails(ticketId, userId);

  useRecordTicketView(ticketId, ticket?.status === 'listed' && ticket.viewer !== 'seller');
  useRefetchWhenHoldEnds(ticket?.heldUntil, refetch);

  useEffect(() => {
    if (ticket?.eventName) document.title = t.documentTitle(ticket.eventName);
  }, [ticket?.eventName]);

  if (isPending) {
    return <PageLoading label={t.ticketLoading} />;
  }
  if (!ticket) {
    const { message, retryable } = ticketLoadError(error);
    return (
      <TicketPageError message={message} backTo={backTo} onRetry={retryable ? () => refetch() : undefined} />
    );
  }
  const pageError = pageErrorFor(ticket);
  if (pageError) return <TicketPageError message={pageError} backTo={backTo} sameEvent={ticket.sameEvent} />;

  // 'Takaisin' to the list this ticket was opened from is the browser's back: the list then
  // comes back as it was left, scrolled to the card (a new visit to it would start at the top).
  const openedFromPreviousPage =
    (location.state as TicketLocationState | null)?.returnUrl !== undefined &&
    ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  const goBack = (event: MouseEvent) => {
    if (!openedFromPreviousPage) return;
    event.preventDefault();
    navigate(-1);
  };

  const logIn = () => {
    rememberReturnTo(`${location.pathname}${location.search}`);
    navigate('/kirjaudu', { state: { from: `${location.pathname}${location.search}` } });
  };

  return (
    <TicketDetailsView
      ticket={ticket}
      fetchedAt={dataUpdatedAt}
      availability={checkBuyAvailability(ticket, isAuthenticated)}
      backTo={backTo}
      onBack={goBack}
      notice={sellerNotice(ticket)}
      onLogin={logIn}
    />
  );
}

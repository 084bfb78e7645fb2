import { browsingText as t } from '#client/i18n/fi/browsing.ts';
import { ApiError } from '#client/lib/api-client.ts';
import type { TicketDetails } from '#shared/browsing/ticket-details.schema.ts';
import { ticketPageMessages } from '#shared/browsing/ticket-messages.ts';
import { isPastEvent } from './event-time.ts';

type TicketState = Pick<TicketDetails, 'eventName' | 'eventDate' | 'viewer' | 'status'>;

/** Why a viewer other than the seller or the buyer cannot see the page (spec 01 §4, §8). */
export function pageErrorFor(ticket: TicketState): string | undefined {
  if (!ticket.eventName || !ticket.eventDate) return ticketPageMessages.incomplete;
  if (ticket.viewer === 'buyer' || ticket.viewer === 'seller') return undefined;
  if (ticket.status === 'sold') return ticketPageMessages.sold;
  if (ticket.status === 'expired') return ticketPageMessages.expired;
  if (isPastEvent(ticket.eventDate)) return ticketPageMessages.past;
  if (ticket.status !== 'listed' && ticket.status !== 'reserved') return ticketPageMessages.notListed;
  return undefined;
}

/** What the seller is told about a listing that is not on sale. */
export function sellerNotice(ticket: TicketState): string | undefined {
  if (ticket.viewer !== 'seller') return undefined;
  if (ticket.status === 'sold') return ticketPageMessages.sold;
  if (ticket.status === 'pending') return t.pendingNotice;
  if (ticket.status === 'expired') return ticketPageMessages.expired;
  if (isPastEvent(ticket.eventDate)) return ticketPageMessages.past;
  return undefined;
}

/**
 * Why a ticket did not load (the ticket and purchase pages): missing, not on sale, or a failed load,
 * which alone is worth trying again.
 */
export function ticketLoadError(error: unknown): { message: string; retryable: boolean } {
  if (!(error instanceof ApiError && error.status === 404))
    return { message: ticketPageMessages.loadError, retryable: true };
  return {
    message: error.code === 'ticket-not-listed' ? ticketPageMessages.notListed : ticketPageMessages.notFound,
    retryable: false,
  };
}

import { buyBlockMessages, ticketReservedMessage } from '#shared/browsing/ticket-messages.ts';
import { isPastEvent } from './event-time.ts';

export type BuyAvailability =
  | { canBuy: true }
  | { canBuy: false; reason: keyof typeof buyBlockMessages | 'reserved'; message: string };

interface Ticket {
  status: string;
  eventDate: string;
  viewer: 'seller' | 'buyer' | 'user' | 'visitor';
  /** Until when another buyer's payment holds it at the latest; the server sends only a live hold. */
  heldUntil: string | null;
}

function blocked(reason: keyof typeof buyBlockMessages): BuyAvailability {
  return { canBuy: false, reason, message: buyBlockMessages[reason] };
}

/**
 * The buy-availability checks of spec 01 §4, in the spec's order; before signing in is asked, a
 * ticket another buyer is paying for says when it frees up at the latest.
 */
export function checkBuyAvailability(ticket: Ticket, signedIn: boolean, now = new Date()): BuyAvailability {
  if (ticket.viewer === 'seller') return blocked('ownTicket');
  // An event in the past is treated as expired.
  const status = isPastEvent(ticket.eventDate, now) && ticket.status !== 'sold' ? 'expired' : ticket.status;
  if (status === 'sold' || ticket.viewer === 'buyer') return blocked('sold');
  if (status === 'expired') return blocked('expired');
  if (status === 'pending') return blocked('pending');
  if (ticket.heldUntil)
    return { canBuy: false, reason: 'reserved', message: ticketReservedMessage(new Date(ticket.heldUntil)) };
  if (!signedIn || ticket.viewer === 'visitor') return blocked('loginRequired');
  return { canBuy: true };
}

import { buyBlockMessages } from '#shared/browsing/ticket-messages.ts';
import { isPastEvent } from './event-time.ts';

export type BuyAvailability =
  | { canBuy: true }
  | { canBuy: false; reason: keyof typeof buyBlockMessages; message: string };

interface Ticket {
  status: string;
  eventDate: string;
  viewer: 'seller' | 'buyer' | 'user' | 'visitor';
}

function blocked(reason: keyof typeof buyBlockMessages): BuyAvailability {
  return { canBuy: false, reason, message: buyBlockMessages[reason] };
}

/** The buy-availability checks of spec 01 §4, in the spec's order. */
export function checkBuyAvailability(ticket: Ticket, signedIn: boolean, now = new Date()): BuyAvailability {
  if (ticket.viewer === 'seller') return blocked('ownTicket');
  // An event in the past is treated as expired.
  const status = isPastEvent(ticket.eventDate, now) && ticket.status !== 'sold' ? 'expired' : ticket.status;
  if (status === 'sold' || ticket.viewer === 'buyer') return blocked('sold');
  if (status === 'expired') return blocked('expired');
  if (status === 'pending') return blocked('pending');
  if (!signedIn || ticket.viewer === 'visitor') return blocked('loginRequired');
  return { canBuy: true };
}

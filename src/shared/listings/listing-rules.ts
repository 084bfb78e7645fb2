import { helsinkiDate } from '../dates.ts';
import type { ListingStatusCode } from './seller-listing.schema.ts';

// What a listing's status and event day allow, one rule each for the server and the client (the
// server's queries say the same in SQL: listing-lifecycle.ts `onSale`).

/** The event's day is over in Helsinki: the ticket is no longer for sale. */
export function isPastEventDay(eventDate: Date, now = new Date()): boolean {
  return helsinkiDate(eventDate) < helsinkiDate(now);
}

/** A buyer may start paying for it: on sale, its event day not over (holds aside). */
export function isPurchasable(listing: { status: string; eventDate: Date }, now = new Date()): boolean {
  return listing.status === 'listed' && !isPastEventDay(listing.eventDate, now);
}

/** Statuses in which the seller may still change the price and info, or remove the listing. */
export const editableStatuses = ['pending', 'listed'] as const satisfies readonly ListingStatusCode[];

/** Only a listing on sale or under review may still change (spec 02 §4 "Edit", "Removal"). */
export function isEditable(status: ListingStatusCode): status is (typeof editableStatuses)[number] {
  return (editableStatuses as readonly string[]).includes(status);
}

// Dates of the ticket page in the product's time zone (Europe/Helsinki).

import { finnishDate, finnishDateRange, helsinkiDate, helsinkiDateTime } from '#shared/dates.ts';
import { isPastEventDay } from '#shared/listings/listing-rules.ts';

/** The event day is before today in Helsinki. */
export function isPastEvent(eventDate: string, now = new Date()): boolean {
  return isPastEventDay(new Date(eventDate), now);
}

/** The event's day with its weekday; a multi-day event its first and last day. */
export function formatEventDate(eventDate: string, endDate: string | null, multiDay: boolean): string {
  if (multiDay && endDate) return finnishDateRange(new Date(eventDate), new Date(endDate));
  return finnishDate(new Date(eventDate), { weekday: true });
}

export function formatPurchaseDate(date: string): string {
  return finnishDate(new Date(date));
}

/** The event's start as an instant: its Helsinki day at eventTime ('HH:MM'; midnight if missing). */
export function eventStart(eventDate: string, eventTime: string): number {
  const match = /^(\d{1,2})[:.](\d{2})/.exec(eventTime);
  const time = match ? `${match[1]?.padStart(2, '0')}:${match[2]}` : '00:00';
  return helsinkiDateTime(helsinkiDate(new Date(eventDate)), time).getTime();
}

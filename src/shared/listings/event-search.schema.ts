import { z } from 'zod';
import { eventTypeCodes } from '../categories.ts';
import { eventSearchMaxLength } from './event-search-limits.ts';

// The sell wizard's event search (spec 02 §2 "Event search box", §3 "Event search result", §7
// searchEvents): GET /api/events/search?q=… answers events in the spec's result shape, whichever
// catalogue (our own table or Ticketmaster) found them.

/** The most results one search answers. */
export const eventSearchMaxResults = 10;
export { eventSearchMaxLength };

export const eventSearchMessages = {
  required: 'Kirjoita hakusana',
  notText: 'Hakusanan tulee olla tekstiä',
  tooLong: `Hakusana voi olla enintään ${eventSearchMaxLength} merkkiä`,
  invalidCharacters: 'Hakusanassa on merkkejä, joita ei voi käyttää',
} as const;

/** Control characters (NUL, tabs, escapes, C1) and lone surrogates: nobody types them into a search. */
function isPlainText(text: string): boolean {
  return !/\p{Cc}/u.test(text) && text.isWellFormed();
}

export const eventSearchQuerySchema = z.object({
  q: z
    .string({
      error: (issue) =>
        issue.input === undefined ? eventSearchMessages.required : eventSearchMessages.notText,
    })
    .refine(isPlainText, { message: eventSearchMessages.invalidCharacters, abort: true })
    .trim()
    .min(1, { message: eventSearchMessages.required, abort: true })
    .max(eventSearchMaxLength, eventSearchMessages.tooLong),
});

export type EventSearchQuery = z.infer<typeof eventSearchQuerySchema>;

/**
 * An image of a result: https (Ticketmaster's CDN) or a path on this site (the default images),
 * never another scheme, since the URL may end up as a listing's picture.
 */
const imageUrlSchema = z
  .string()
  .max(2000)
  .regex(/^(https:\/\/|\/(?!\/))/);

export const eventSearchResultSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  dates: z.object({
    start: z.object({
      /** 'YYYY-MM-DD', the event's local (Helsinki) date. */
      localDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      /** 'HH:MM:SS' (Ticketmaster) or 'HH:MM' (our catalogue); absent when not known. */
      localTime: z
        .string()
        .regex(/^\d{2}:\d{2}(:\d{2})?$/)
        .optional(),
    }),
  }),
  venue: z.object({ name: z.string() }).optional(),
  city: z.object({ name: z.string() }).optional(),
  images: z.array(
    z.object({
      url: imageUrlSchema,
      /** Ticketmaster's ratio names: '16_9', '3_2', '4_3'. */
      ratio: z.string().optional(),
      width: z.number().int().nonnegative().optional(),
    }),
  ),
  /** The event type code (src/shared/categories.ts), when the catalogue knows it. */
  eventType: z.enum(eventTypeCodes).optional(),
});

export type EventSearchResult = z.infer<typeof eventSearchResultSchema>;

export const eventSearchResponseSchema = z.object({
  events: z.array(eventSearchResultSchema).max(eventSearchMaxResults),
});

export type EventSearchResponse = z.infer<typeof eventSearchResponseSchema>;

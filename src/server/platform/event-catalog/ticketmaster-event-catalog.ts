import { z } from 'zod';
import type { EventTypeCode } from '#shared/categories.ts';
import type { EventSearchResult } from '#shared/listings/event-search.schema.ts';
import {
  type EventCatalog,
  EventCatalogError,
  type EventCatalogFailure,
  validResults,
} from './event-catalog.ts';

// Ticketmaster's Discovery API v2 event search:
//   GET {baseUrl}/discovery/v2/events.json?apikey=…&keyword=…&countryCode=FI&size=…&sort=date,asc&locale=*
// answers `{ _embedded?: { events: Event[] }, _links, page }`; `_embedded` is absent when nothing
// matched. Of an event we read id, name, dates.start.localDate/localTime ('19:00:00'),
// images[] {url, ratio '16_9' | '3_2' | '4_3', width, height}, _embedded.venues[0].name and
// .city.name, and classifications[] {primary, segment.name}.

const catalogue = 'ticketmaster';
const defaultTimeoutMs = 3000;
/** Far above a page of ten events (~30 KB); a bigger answer is not the search we asked for. */
const maxBodyLength = 2 * 1024 * 1024;
const localTimePattern = /^\d{2}:\d{2}(:\d{2})?$/;

/** Ticketmaster's segment → our event type; other segments (Miscellaneous, …) stay unknown. */
const typeBySegment: Record<string, EventTypeCode> = {
  Music: 'konsertti',
  Sports: 'urheilu',
  'Arts & Theatre': 'teatteri',
  Film: 'elokuva',
};

// Read leniently: a part we cannot use is dropped (`catch`), not the whole event.
const tmImage = z.object({
  url: z.string(),
  ratio: z.string().optional().catch(undefined),
  width: z.number().int().nonnegative().optional().catch(undefined),
});

const tmEvent = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  dates: z.object({
    start: z.object({
      localDate: z.string(),
      localTime: z.string().optional().catch(undefined),
    }),
  }),
  images: z.array(z.unknown()).catch([]).default([]),
  classifications: z
    .array(
      z.object({
        primary: z.boolean().optional().catch(undefined),
        segment: z.object({ name: z.string() }).optional().catch(undefined),
      }),
    )
    .catch([])
    .default([]),
  _embedded: z
    .object({
      venues: z
        .array(
          z.object({
            name: z.string().optional().catch(undefined),
            city: z.object({ name: z.string() }).optional().catch(undefined),
          }),
        )
        .catch([])
        .default([]),
    })
    .optional()
    .catch(undefined),
});

const tmSearchAnswer = z.object({
  _embedded: z.object({ events: z.array(z.unknown()) }).optional(),
});

type TmEvent = z.infer<typeof tmEvent>;

function toResult(event: TmEvent): EventSearchResult {
  const venue = event._embedded?.venues[0];
  const classification = event.classifications.find((c) => c.primary) ?? event.classifications[0];
  const eventType = classification?.segment ? typeBySegment[classification.segment.name] : undefined;
  const images = event.images.flatMap((image) => {
    const parsed = tmImage.safeParse(image);
    if (!parsed.success || !parsed.data.url.startsWith('https://')) return [];
    const { url, ratio, width } = parsed.data;
    return [{ url, ...(ratio === undefined ? {} : { ratio }), ...(width === undefined ? {} : { width }) }];
  });
  const { localDate, localTime } = event.dates.start;
  return {
    id: event.id,
    name: event.name.trim(),
    // A time we cannot read is left out rather than the event.
    dates: { start: { localDate, ...(localTime && localTimePattern.test(localTime) ? { localTime } : {}) } },
    ...(venue?.name ? { venue: { name: venue.name } } : {}),
    ...(venue?.city ? { city: { name: venue.city.name } } : {}),
    images,
    ...(eventType ? { eventType } : {}),
  };
}

export interface TicketmasterOptions {
  apiKey: string;
  /** https://app.ticketmaster.com, or a stand-in (tests). */
  baseUrl: string;
  /** The fetch to use; the global one by default. */
  fetch?: typeof globalThis.fetch;
  /** How long to wait for the whole answer; 3 s by default (the user is typing). */
  timeoutMs?: number;
}

/**
 * Ticketmaster's Discovery API as the event catalogue (EVENT_CATALOG=ticketmaster): events in
 * Finland, soonest first. Anything but a usable answer in time (a timeout, a refused connection, a
 * non-2xx status, a body that is not the API's JSON) throws `EventCatalogError`, whose message says
 * why without the URL or the key.
 */
export function createTicketmasterEventCatalog(options: TicketmasterOptions): EventCatalog {
  const fetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/discovery/v2/events.json`;
  // Whatever a failure's message quotes (a URL in a library's error), the key never reaches the log.
  const redact = (text: string) => text.replaceAll(options.apiKey, '[redacted]');
  const fail = (reason: EventCatalogFailure, message: string, status?: number) =>
    new EventCatalogError(catalogue, reason, redact(message), status);

  const request = async (query: string, limit: number): Promise<unknown> => {
    const url = `${endpoint}?${new URLSearchParams({
      apikey: options.apiKey,
      keyword: query,
      countryCode: 'FI',
      size: String(limit),
      sort: 'date,asc',
      locale: '*',
    })}`;
    let body: string;
    try {
      const response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) {
        await response.body?.cancel().catch(() => {});
        throw fail('http-status', `Ticketmaster answered HTTP ${response.status}`, response.status);
      }
      if (Number(response.headers.get('content-length')) > maxBodyLength) {
        await response.body?.cancel().catch(() => {});
        throw fail('malformed', 'Ticketmaster answered a body too large for an event search');
      }
      body = await response.text();
    } catch (error) {
      if (error instanceof EventCatalogError) throw error;
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
        throw fail('timeout', `Ticketmaster did not answer within ${timeoutMs} ms`);
      const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
      const detail =
        typeof cause?.code === 'string' ? cause.code : error instanceof Error ? error.message : '';
      throw fail('network', `Ticketmaster could not be reached: ${detail}`);
    }
    if (body.length > maxBodyLength)
      throw fail('malformed', 'Ticketmaster answered a body too large for an event search');
    try {
      return JSON.parse(body) as unknown;
    } catch {
      throw fail('malformed', 'Ticketmaster answered with a body that is not JSON');
    }
  };

  return {
    async search(query, limit) {
      if (limit < 1 || query.trim() === '') return [];
      const answer = tmSearchAnswer.safeParse(await request(query.trim(), limit));
      if (!answer.success)
        throw fail('malformed', 'Ticketmaster answered JSON that is not a Discovery API event search');
      const events = (answer.data._embedded?.events ?? []).flatMap((event) => {
        const parsed = tmEvent.safeParse(event);
        return parsed.success ? [toResult(parsed.data)] : [];
      });
      return validResults(events).slice(0, limit);
    },
  };
}

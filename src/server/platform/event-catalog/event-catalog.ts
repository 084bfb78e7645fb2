import type { EventSearchResult } from '#shared/listings/event-search.schema.ts';
import { eventSearchResultSchema } from '#shared/listings/event-search.schema.ts';

/**
 * Where the sell wizard's event search looks (spec 02 §7 searchEvents): our own catalogue table
 * (local-event-catalog.ts, the default) or Ticketmaster's Discovery API
 * (ticketmaster-event-catalog.ts, with EVENT_CATALOG=ticketmaster). `app.eventCatalog` is the one
 * in use; the route at GET /api/events/search asks it.
 */
export interface EventCatalog {
  /**
   * At most `limit` events matching `query`, soonest first, in the spec's result shape. Throws
   * `EventCatalogError` when an outside catalogue could not answer; the caller decides what the
   * user sees (the route: an empty list) and logs why.
   */
  search(query: string, limit: number): Promise<EventSearchResult[]>;
}

/** Why an outside catalogue gave no answer. */
export type EventCatalogFailure = 'timeout' | 'network' | 'http-status' | 'malformed';

/**
 * An outside catalogue failed. The message is English, for the log, and never carries the request
 * URL or the API key.
 */
export class EventCatalogError extends Error {
  readonly catalogue: string;
  readonly reason: EventCatalogFailure;
  /** The HTTP status, for 'http-status'. */
  readonly status: number | undefined;

  constructor(catalogue: string, reason: EventCatalogFailure, message: string, status?: number) {
    super(message);
    this.name = 'EventCatalogError';
    this.catalogue = catalogue;
    this.reason = reason;
    this.status = status;
  }
}

/**
 * The results that fit the shared response schema: the route's serializer checks the answer
 * against it, and one odd event from a catalogue must not turn the whole search into a 500.
 */
export function validResults(results: readonly EventSearchResult[]): EventSearchResult[] {
  return results.flatMap((result) => {
    const parsed = eventSearchResultSchema.safeParse(result);
    return parsed.success ? [parsed.data] : [];
  });
}

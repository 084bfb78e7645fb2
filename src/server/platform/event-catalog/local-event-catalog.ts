import { and, asc, gte, like, or, sql } from 'drizzle-orm';
import { type EventTypeCode, eventTypeCodes } from '#shared/categories.ts';
import { helsinkiDate } from '#shared/dates.ts';
import type { EventSearchResult } from '#shared/listings/event-search.schema.ts';
import { foldForSearch } from '#shared/search-text.ts';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema/index.ts';
import { type EventCatalog, validResults } from './event-catalog.ts';

/** The default pictures (public/defaults/events/…) are all 1200 × 675: 16:9. */
const defaultImagePrefix = '/defaults/events/';
const defaultImage = { ratio: '16_9', width: 1200 } as const;

/** A search with more words than this is cut: a person types a few words, a script a hundred. */
const maxWords = 10;

/**
 * Finnish inflects the end of a word (jääkiekko → jääkiekon, konsertti → konsertin, Helsinki →
 * Helsingissä): a word of six letters or more matches by all but its last two.
 */
function stem(word: string): string {
  const letters = [...word];
  return letters.length >= 6 ? letters.slice(0, -2).join('') : word;
}

/** `%`, `_` and the escape character itself match literally (PostgreSQL's LIKE escapes with `\`). */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

const isEventTypeCode = (code: string): code is EventTypeCode =>
  (eventTypeCodes as readonly string[]).includes(code);

type EventRow = typeof events.$inferSelect;

function toResult(row: EventRow): EventSearchResult {
  return {
    id: row.id,
    name: row.name,
    dates: { start: { localDate: row.startDate, ...(row.startTime ? { localTime: row.startTime } : {}) } },
    ...(row.venue ? { venue: { name: row.venue } } : {}),
    ...(row.city ? { city: { name: row.city } } : {}),
    images: row.imageUrl
      ? [{ url: row.imageUrl, ...(row.imageUrl.startsWith(defaultImagePrefix) ? defaultImage : {}) }]
      : [],
    ...(isEventTypeCode(row.eventType) ? { eventType: row.eventType } : {}),
  };
}

export interface LocalEventCatalogOptions {
  /** The clock that decides which events are still to come (tests set it). */
  now?: () => Date;
}

/**
 * Our own catalogue table (`events`, seeded with the demo events): every word of the query (its stem,
 * see `stem`) must be in the event's name, venue or city, case and accents aside ("jaakiekko tampere" finds
 * "Jääkiekon paikallisderby" at Nokia Arena, Tampere). Only events that start, or for a multi-day
 * event end, today or later in Helsinki; soonest first.
 */
export function createLocalEventCatalog(db: Db, options: LocalEventCatalogOptions = {}): EventCatalog {
  const now = options.now ?? (() => new Date());
  return {
    async search(query, limit) {
      const words = [...new Set(foldForSearch(query).split(/\s+/).filter(Boolean))].slice(0, maxWords);
      if (words.length === 0 || limit < 1) return [];
      const today = helsinkiDate(now());
      const rows = await db
        .select()
        .from(events)
        .where(
          and(
            or(gte(events.startDate, today), gte(events.endDate, today)),
            ...words.map((word) => like(events.searchText, `%${escapeLike(stem(word))}%`)),
          ),
        )
        .orderBy(asc(events.startDate), sql`${events.startTime} asc nulls last`, asc(events.name))
        .limit(limit);
      return validResults(rows.map(toResult));
    },
  };
}

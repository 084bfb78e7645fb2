import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { and, asc, count, desc, eq, gte, inArray, like, type SQL } from 'drizzle-orm';
import type { PublicList, PublicListQuery, TicketCard } from '#shared/browsing/public-list.schema.ts';
import { eventTypeCodesForFilter } from '#shared/categories.ts';
import { helsinkiDate } from '#shared/dates.ts';
import { foldForSearch } from '#shared/search-text.ts';
import type { Db } from '../../db/client.ts';
import { listings } from '../../db/schema/index.ts';
import { startOfTodayHelsinki } from '../../db/time.ts';

const orderBy: Record<PublicListQuery['sortBy'], SQL[]> = {
  newest: [desc(listings.createdAt), asc(listings.id)],
  dateAsc: [asc(listings.eventDate), asc(listings.id)],
  dateDesc: [desc(listings.eventDate), asc(listings.id)],
  priceAsc: [asc(listings.listingPriceCents), asc(listings.id)],
  priceDesc: [desc(listings.listingPriceCents), asc(listings.id)],
};

/** The columns of a ticket card, shared by the list and the similar tickets of a ticket page. */
export const ticketCardColumns = {
  id: listings.id,
  eventName: listings.eventName,
  eventImage: listings.eventImage,
  eventType: listings.eventType,
  eventDate: listings.eventDate,
  eventVenue: listings.eventVenue,
  location: listings.location,
  ticketCount: listings.ticketCount,
  listingPriceCents: listings.listingPriceCents,
  originalPriceCents: listings.originalPriceCents,
  additionalFeesCents: listings.additionalFeesCents,
};

export function toTicketCard(row: { eventDate: Date } & Omit<TicketCard, 'eventDate'>): TicketCard {
  return { ...row, eventDate: row.eventDate.toISOString() };
}

/** The words of a search, folded like the stored search text; each must appear. */
export function searchWords(searchTerm: string): string[] {
  return foldForSearch(searchTerm).split(/\s+/).filter(Boolean).slice(0, 8);
}

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (char) => `\\${char}`);

/** One page of listed tickets of events today or later, filtered, sorted and counted in the database. */
export async function queryPublicList(db: Db, query: PublicListQuery): Promise<PublicList> {
  const conditions: SQL[] = [eq(listings.status, 'listed'), gte(listings.eventDate, startOfTodayHelsinki)];
  if (query.filterCategory !== 'all')
    conditions.push(inArray(listings.eventType, eventTypeCodesForFilter(query.filterCategory)));
  for (const word of searchWords(query.searchTerm))
    conditions.push(like(listings.searchText, `%${escapeLike(word)}%`));
  const where = and(...conditions);

  const [rows, [totalRow]] = await Promise.all([
    db
      .select(ticketCardColumns)
      .from(listings)
      .where(where)
      .orderBy(...orderBy[query.sortBy])
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(listings).where(where),
  ]);
  return {
    items: rows.map(toTicketCard),
    total: totalRow?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export interface CachedPage {
  json: string;
  gzip: Buffer;
  etag: string;
}

interface Entry {
  page: CachedPage;
  storedAt: number;
  day: string;
}

/** The Helsinki date, recomputed at most once a minute (formatting dates is slow on a hot path). */
let dayCache = { day: '', until: 0 };
function currentDay(now: number): string {
  if (now >= dayCache.until) dayCache = { day: helsinkiDate(new Date(now)), until: now + 60_000 };
  return dayCache.day;
}

/**
 * Ready-to-send pages of the public list. PGlite answers one query at a time, so the list is
 * served from here; every write to listings clears it (`listingsChanged`), and entries also age
 * out after a minute so other app processes' writes show up without coordination. Entries are
 * found by the normalised query and, for the hot path, by the raw request URL.
 */
export class PublicListCache {
  private readonly byQuery = new Map<string, Entry>();
  private readonly byUrl = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<CachedPage>>();
  private generation = 0;
  private readonly maxEntries = 1000;
  private readonly ttlMs = 60_000;

  private fresh(entry: Entry | undefined, now: number): CachedPage | undefined {
    // The day is checked too: at midnight yesterday's events drop out without any write.
    return entry && now - entry.storedAt < this.ttlMs && entry.day === currentDay(now)
      ? entry.page
      : undefined;
  }

  /** The page for an exact request URL seen before, without parsing anything. */
  peek(url: string): CachedPage | undefined {
    return this.fresh(this.byUrl.get(url), Date.now());
  }

  async get(db: Db, query: PublicListQuery, url: string): Promise<CachedPage> {
    const now = Date.now();
    const key = JSON.stringify([
      searchWords(query.searchTerm),
      query.sortBy,
      query.filterCategory,
      query.page,
      query.pageSize,
    ]);
    const hit = this.fresh(this.byQuery.get(key), now);
    if (hit) {
      this.remember(this.byUrl, url, hit, now);
      return hit;
    }
    // Many requests for the same missing page share one database query.
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const loading = queryPublicList(db, query)
      .then((list) => {
        const json = JSON.stringify(list);
        const page = {
          json,
          gzip: gzipSync(json),
          etag: `"${createHash('sha1').update(json).digest('base64url')}"`,
        };
        if (generation === this.generation) {
          this.remember(this.byQuery, key, page, now);
          this.remember(this.byUrl, url, page, now);
        }
        return page;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, loading);
    return loading;
  }

  private remember(map: Map<string, Entry>, key: string, page: CachedPage, now: number): void {
    if (map.size >= this.maxEntries) map.clear();
    map.set(key, { page, storedAt: now, day: currentDay(now) });
  }

  clear(): void {
    this.generation++;
    this.byQuery.clear();
    this.byUrl.clear();
    this.inFlight.clear();
  }
}

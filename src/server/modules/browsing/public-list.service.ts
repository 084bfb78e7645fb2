import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { PublicListQuery } from '#shared/browsing/public-list.schema.ts';
import { helsinkiDate, helsinkiDateTime } from '#shared/dates.ts';
import { foldForSearch } from '#shared/search-text.ts';
import type { Db } from '../../db/client.ts';
import { type ListedListing, loadListedListings } from '../listings/listings.service.ts';
import { PublicListIndex } from './public-list-index.ts';

/** The words of a search, folded like the stored search text; each must appear. */
export function searchWords(searchTerm: string): string[] {
  return foldForSearch(searchTerm).split(/\s+/).filter(Boolean).slice(0, 8);
}

/** Compressing a smaller body costs more time than it saves on the wire. */
const gzipThresholdBytes = 1024;

/** A page ready to send: its JSON as UTF-8 bytes, an ETag, and its gzip made on first demand. */
export class PreparedPage {
  /** Bytes, not a string: encoding a string to UTF-8 on every send was a fifth of the list's time. */
  readonly body: Buffer;
  readonly etag: string;
  private gzipped: Buffer | undefined;

  constructor(json: string) {
    this.body = Buffer.from(json);
    this.etag = `"${createHash('sha1').update(this.body).digest('base64url')}"`;
  }

  /** The gzip of the JSON, or undefined when the page is too small for it to pay. */
  gzip(): Buffer | undefined {
    if (this.body.length < gzipThresholdBytes) return undefined;
    this.gzipped ??= gzipSync(this.body);
    return this.gzipped;
  }
}

/** Pages by request URL, at most `capacity`; the one used longest ago leaves first. */
class PageShelf {
  private readonly pages = new Map<string, PreparedPage>();
  private readonly capacity: number;

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  get(url: string): PreparedPage | undefined {
    const page = this.pages.get(url);
    if (page) {
      // Re-inserted, so the map's order is the order of last use.
      this.pages.delete(url);
      this.pages.set(url, page);
    }
    return page;
  }

  set(url: string, page: PreparedPage): void {
    this.pages.delete(url);
    if (this.pages.size >= this.capacity) {
      const oldest = this.pages.keys().next().value;
      if (oldest !== undefined) this.pages.delete(oldest);
    }
    this.pages.set(url, page);
  }

  clear(): void {
    this.pages.clear();
  }
}

interface Snapshot {
  index: PublicListIndex;
  /** When its load began: the data is at least this fresh. */
  loadedAt: number;
  /** The Helsinki day whose events and later ones it holds. */
  day: string;
}

export type ListingsLoader = (db: Db, startOfDay: Date) => Promise<ListedListing[]>;

/**
 * The public list, served from memory. PGlite answers one query at a time and a search term
 * nobody asked before must not cost a query, so the whole listed set is loaded into a
 * `PublicListIndex`, and pages are filtered, sorted and cut from it. Every write to listings
 * drops it (`clear()`: after this process's commit, or when the change feed brings another
 * process's), and the next request loads it again. It is also reloaded after a minute, should a
 * change ever go unheard (a connection that died without the feed noticing), and when the
 * Helsinki day changes, so yesterday's events leave without any write. Pages made from it are kept as
 * prepared bytes by request URL, so a URL asked before is answered without parsing anything.
 */
export class PublicListCache {
  private readonly loadListings: ListingsLoader;
  private snapshot: Snapshot | undefined;
  /** Bumped by every `clear()`: a load begun before it is stale when it ends. */
  private generation = 0;
  private loading: { generation: number; snapshot: Promise<Snapshot> } | undefined;
  // Pages without a search term (the default view and its sorts, categories and pages) have a
  // shelf of their own, so a flood of made-up searches cannot push the busiest pages out.
  private readonly browsePages = new PageShelf(1000);
  private readonly searchPages = new PageShelf(1000);
  private readonly ttlMs = 60_000;
  /** The Helsinki date, recomputed at most once a minute: formatting dates is slow on a hot path. */
  private dayCache = { day: '', until: 0 };

  constructor(loadListings: ListingsLoader = loadListedListings) {
    this.loadListings = loadListings;
  }

  private currentDay(now: number): string {
    if (now >= this.dayCache.until) this.dayCache = { day: helsinkiDate(new Date(now)), until: now + 60_000 };
    return this.dayCache.day;
  }

  private freshSnapshot(now: number): Snapshot | undefined {
    const snapshot = this.snapshot;
    return snapshot && now - snapshot.loadedAt < this.ttlMs && snapshot.day === this.currentDay(now)
      ? snapshot
      : undefined;
  }

  /** The page for an exact request URL answered before, without parsing anything. */
  peek(url: string): PreparedPage | undefined {
    if (!this.freshSnapshot(Date.now())) return undefined;
    return this.browsePages.get(url) ?? this.searchPages.get(url);
  }

  async get(db: Db, query: PublicListQuery, url: string): Promise<PreparedPage> {
    const snapshot = this.freshSnapshot(Date.now()) ?? (await this.reload(db));
    const words = searchWords(query.searchTerm);
    const page = new PreparedPage(snapshot.index.pageJson({ ...query, words }));
    if (snapshot === this.snapshot) (words.length > 0 ? this.searchPages : this.browsePages).set(url, page);
    return page;
  }

  /**
   * Loads the listed set; requests meanwhile share the load. A load begins only after the one
   * before it ended, so a burst of writes costs the database one load at a time, not one each.
   */
  private reload(db: Db): Promise<Snapshot> {
    if (this.loading?.generation === this.generation) return this.loading.snapshot;
    const generation = this.generation;
    const previous = this.loading?.snapshot.then(
      () => undefined,
      () => undefined,
    );
    const snapshot = (async () => {
      await previous;
      const loadedAt = Date.now();
      const day = this.currentDay(loadedAt);
      const index = new PublicListIndex(await this.loadListings(db, helsinkiDateTime(day, '00:00')));
      const loaded = { index, loadedAt, day };
      if (generation === this.generation) {
        this.snapshot = loaded;
        this.browsePages.clear();
        this.searchPages.clear();
      }
      return loaded;
    })();
    const loading = { generation, snapshot };
    this.loading = loading;
    const forget = () => {
      if (this.loading === loading) this.loading = undefined;
    };
    snapshot.then(forget, forget);
    return snapshot;
  }

  clear(): void {
    this.generation++;
    this.snapshot = undefined;
    this.browsePages.clear();
    this.searchPages.clear();
  }
}

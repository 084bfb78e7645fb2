import type { PublicListQuery, SortOption } from '#shared/browsing/public-list.schema.ts';
import { eventTypeCodes, eventTypeCodesForFilter } from '#shared/categories.ts';
import type { ListedListing } from '../listings/listings.service.ts';

export interface IndexQuery {
  /** Folded search words (`searchWords`); a listing must contain every one. */
  words: string[];
  filterCategory: PublicListQuery['filterCategory'];
  sortBy: SortOption;
  page: number;
  pageSize: number;
}

/** Each order's key, smaller first; equal keys fall back to the id, as in the SQL version. */
const sortKeys: Record<SortOption, (listing: ListedListing) => number> = {
  newest: (listing) => -listing.createdAtMicros,
  dateAsc: (listing) => listing.eventDateMicros,
  dateDesc: (listing) => -listing.eventDateMicros,
  priceAsc: (listing) => listing.card.listingPriceCents,
  priceDesc: (listing) => -listing.card.listingPriceCents,
};

/** Longest indexed substring: a search word this long or shorter is answered by its list alone. */
const maxGramLength = 3;

/** One bit per known event type; a filter is the union of its types' bits. */
function typeBit(code: string): number {
  const position = (eventTypeCodes as string[]).indexOf(code);
  return position < 0 ? 0 : 1 << position;
}

function categoryMask(filter: IndexQuery['filterCategory']): number | undefined {
  if (filter === 'all') return undefined;
  return eventTypeCodesForFilter(filter).reduce((mask, code) => mask | typeBit(code), 0);
}

/** The members of both ascending lists, ascending: each of the shorter is looked up in the longer. */
function intersect(a: readonly number[], b: readonly number[]): number[] {
  const [small, large] = a.length <= b.length ? [a, b] : [b, a];
  const both: number[] = [];
  let low = 0;
  for (let i = 0; i < small.length && low < large.length; i++) {
    const wanted = small[i] as number;
    let high = large.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((large[middle] as number) < wanted) low = middle + 1;
      else high = middle;
    }
    if (large[low] === wanted) both.push(wanted);
  }
  return both;
}

/**
 * Every substring of 1 to 3 characters of a set of texts → the texts containing it. A substring is
 * keyed by its characters as digits of a number (each distinct character gets a digit from 1 up),
 * which builds about twice as fast as keying by the substring itself.
 */
class GramIndex {
  private readonly digits = new Map<number, number>();
  private readonly base: number;
  private readonly lists = new Map<number, number[]>();

  constructor(texts: readonly string[]) {
    for (const text of texts)
      for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        if (!this.digits.has(code)) this.digits.set(code, this.digits.size + 1);
      }
    this.base = this.digits.size + 1;
    const base = this.base;
    texts.forEach((text, position) => {
      let previous = 0;
      let beforePrevious = 0;
      for (let i = 0; i < text.length; i++) {
        const digit = this.digits.get(text.charCodeAt(i)) as number;
        this.add(digit, position);
        if (i >= 1) this.add(previous * base + digit, position);
        if (i >= 2) this.add((beforePrevious * base + previous) * base + digit, position);
        beforePrevious = previous;
        previous = digit;
      }
    });
  }

  private add(key: number, position: number): void {
    let list = this.lists.get(key);
    if (!list) {
      list = [];
      this.lists.set(key, list);
    }
    // Positions arrive in ascending order, so a repeat within one text is always the last entry.
    if (list[list.length - 1] !== position) list.push(position);
  }

  /** The positions (ascending) of the texts containing `gram`, of 1 to 3 characters. */
  containing(gram: string): readonly number[] {
    let key = 0;
    for (let i = 0; i < gram.length; i++) {
      const digit = this.digits.get(gram.charCodeAt(i));
      if (digit === undefined) return [];
      key = key * this.base + digit;
    }
    return this.lists.get(key) ?? [];
  }
}

interface Ordering {
  /** Listing positions in this order. */
  order: Int32Array;
  /** Each listing's place in `order`. */
  rank: Int32Array;
}

/**
 * The public list held in memory: filtering, sorting and paging cost microseconds, also for a
 * search that matches nothing, so a flood of made-up search terms never reaches the database.
 * Built once per change of the listed set; the parts only some requests need (an order, the
 * substring index of search) are made on first use.
 */
export class PublicListIndex {
  private readonly listings: ListedListing[];
  private readonly typeBits: Int32Array;
  private readonly orderings = new Map<SortOption, Ordering>();
  private readonly cardJson: (string | undefined)[];
  private gramIndex: GramIndex | undefined;

  constructor(listings: readonly ListedListing[]) {
    // Ascending id, so that a tie in any order falls to the smaller position, as SQL breaks it by id.
    this.listings = [...listings].sort((a, b) =>
      a.card.id < b.card.id ? -1 : a.card.id > b.card.id ? 1 : 0,
    );
    this.typeBits = Int32Array.from(this.listings, (listing) => typeBit(listing.card.eventType));
    this.cardJson = new Array(this.listings.length);
  }

  get size(): number {
    return this.listings.length;
  }

  /** One page of the list as the JSON of a `PublicList`. */
  pageJson(query: IndexQuery): string {
    const { total, positions } = this.select(query);
    const items = positions.map((position) => this.card(position)).join(',');
    return `{"items":[${items}],"total":${total},"page":${query.page},"pageSize":${query.pageSize}}`;
  }

  private card(position: number): string {
    let json = this.cardJson[position];
    if (json === undefined) {
      json = JSON.stringify(this.listings[position]?.card);
      this.cardJson[position] = json;
    }
    return json;
  }

  private ordering(sortBy: SortOption): Ordering {
    let ordering = this.orderings.get(sortBy);
    if (!ordering) {
      const key = Float64Array.from(this.listings, sortKeys[sortBy]);
      const order = Int32Array.from(this.listings.keys()).sort(
        (a, b) => (key[a] as number) - (key[b] as number) || a - b,
      );
      const rank = new Int32Array(order.length);
      order.forEach((position, place) => {
        rank[position] = place;
      });
      ordering = { order, rank };
      this.orderings.set(sortBy, ordering);
    }
    return ordering;
  }

  private select(query: IndexQuery): { total: number; positions: number[] } {
    const start = (query.page - 1) * query.pageSize;
    const end = start + query.pageSize;
    const mask = categoryMask(query.filterCategory);
    const found = query.words.length > 0 ? this.containingAll(query.words) : undefined;
    const { order, rank } = this.ordering(query.sortBy);
    if (!found && mask === undefined)
      return { total: order.length, positions: Array.from(order.subarray(start, end)) };

    // A few matches are put in order by sorting their places in the order (a native numeric
    // sort); many are picked out by walking the order, one step per listing.
    if (found && found.length * 4 < this.listings.length) {
      const places: number[] = [];
      for (const position of found)
        if (mask === undefined || (this.typeBits[position] as number) & mask)
          places.push(rank[position] as number);
      const sorted = Int32Array.from(places).sort();
      return {
        total: sorted.length,
        positions: Array.from(sorted.subarray(start, end), (place) => order[place] as number),
      };
    }
    let member: Uint8Array | undefined;
    if (found) {
      member = new Uint8Array(this.listings.length);
      for (const position of found) member[position] = 1;
    }
    const positions: number[] = [];
    let total = 0;
    for (let place = 0; place < order.length; place++) {
      const position = order[place] as number;
      if (member && !member[position]) continue;
      if (mask !== undefined && !((this.typeBits[position] as number) & mask)) continue;
      if (total >= start && total < end) positions.push(position);
      total++;
    }
    return { total, positions };
  }

  /** Positions (ascending) of the listings whose search text contains every word. */
  private containingAll(words: readonly string[]): readonly number[] {
    let found: readonly number[] | undefined;
    for (const word of words) {
      const containing = this.containing(word);
      found = found === undefined ? containing : intersect(found, containing);
      if (found.length === 0) break;
    }
    return found ?? [];
  }

  private containing(word: string): readonly number[] {
    this.gramIndex ??= new GramIndex(this.listings.map((listing) => listing.searchText));
    if (word.length <= maxGramLength) return this.gramIndex.containing(word);
    const lists: (readonly number[])[] = [];
    for (let start = 0; start + maxGramLength <= word.length; start++) {
      const list = this.gramIndex.containing(word.slice(start, start + maxGramLength));
      // A piece of the word that no listing has: nothing can match, whatever the rest is.
      if (list.length === 0) return [];
      lists.push(list);
    }
    lists.sort((a, b) => a.length - b.length);
    // The two rarest pieces narrow the candidates enough; the check of the whole word is exact.
    const [rarest = [], second] = lists;
    const candidates = second ? intersect(rarest, second) : rarest;
    return candidates.filter((position) => this.listings[position]?.searchText.includes(word));
  }
}

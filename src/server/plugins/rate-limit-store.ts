import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { rateLimitHits } from '../db/schema/index.ts';

// @fastify/rate-limit's counts in PostgreSQL, so that a limit holds across every app process
// (docs/decisions/023). PGlite belongs to one process: there the plugin's own memory store does.

/** What @fastify/rate-limit wants of a hit: the count in the current window and the ms left of it. */
export interface RateLimitCount {
  current: number;
  ttl: number;
}

const windowOver = sql`${rateLimitHits.windowEndsAt} <= now()`;

/**
 * Counts one request under `key` in its fixed window of `windowMs`: one upsert, whose row lock
 * puts parallel requests from any process one after another, so exactly `max` of them see a
 * count within the limit. A window that has ended starts again at 1.
 */
export async function countHit(db: Db, key: string, windowMs: number): Promise<RateLimitCount> {
  const windowEnd = sql`now() + make_interval(secs => ${windowMs / 1000})`;
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, hits: 1, windowEndsAt: windowEnd })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        hits: sql`case when ${windowOver} then 1 else ${rateLimitHits.hits} + 1 end`,
        windowEndsAt: sql`case when ${windowOver} then excluded.window_ends_at else ${rateLimitHits.windowEndsAt} end`,
      },
    })
    .returning({
      current: rateLimitHits.hits,
      ttl: sql<number>`greatest(ceil(extract(epoch from ${rateLimitHits.windowEndsAt} - now()) * 1000), 0)::int`,
    });
  if (!row) throw new Error('rate limit upsert returned no row');
  return row;
}

/** Forgets the windows that have ended (a periodic job): they would start over at 1 anyway. */
export async function purgeEndedRateLimitWindows(db: Db): Promise<number> {
  const purged = await db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.windowEndsAt, sql`now()`))
    .returning({ key: rateLimitHits.key });
  return purged.length;
}

interface RouteInfo {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * The store class @fastify/rate-limit constructs: each route gets a child whose keys carry the
 * route, as each route has a limit of its own. A failed count is logged and passed on; the
 * plugin is registered with `skipOnError`, so a database hiccup does not refuse the request.
 */
export function postgresRateLimitStore(db: Db, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(_options: unknown, prefix = '') {
      this.prefix = prefix;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: RateLimitCount) => void,
      timeWindow: number,
    ): void {
      countHit(db, this.prefix + key, timeWindow).then(
        (count) => callback(null, count),
        (error: Error) => {
          log.error({ err: error }, 'rate limit count failed; request let through');
          callback(error);
        },
      );
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      const { method = '', url = '' } = (routeOptions as RouteInfo).routeInfo ?? {};
      return new PostgresRateLimitStore(undefined, `${[method].flat().join(',')} ${url} `);
    }
  }
  return PostgresRateLimitStore;
}

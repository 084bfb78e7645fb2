import { sql } from 'drizzle-orm';

/** Midnight today in Helsinki, as a timestamptz: events on or after it count as "today or later". */
export const startOfTodayHelsinki = sql`(date_trunc('day', now() at time zone 'Europe/Helsinki') at time zone 'Europe/Helsinki')`;

import { eventTypeName } from '#shared/categories.ts';
import { addDays, helsinkiDate, helsinkiDateTime } from '#shared/dates.ts';
import { calculatePrices } from '#shared/pricing.ts';
import { foldForSearch } from '#shared/search-text.ts';
import type { Db } from '../src/server/db/client.ts';
import { listings, users } from '../src/server/db/schema/index.ts';
import { catalogue } from '../src/server/seed/catalogue.ts';

/** Inserts `count` listed listings of upcoming events, spread over the catalogue and a year. */
export async function seedListedListings(db: Db, count: number): Promise<void> {
  const [seller] = await db
    .insert(users)
    .values({ email: `bench-${Date.now()}@example.fi`, username: `bench${Date.now()}`, displayName: 'Bench' })
    .returning();
  const today = helsinkiDate(new Date());
  const batch = 500;
  for (let start = 0; start < count; start += batch) {
    const rows = Array.from({ length: Math.min(batch, count - start) }, (_, offset) => {
      const i = start + offset;
      const event = catalogue[i % catalogue.length];
      if (!event || !seller) throw new Error('no catalogue');
      const selling = 1000 + ((i * 37) % 40_000);
      const prices = calculatePrices(selling, 0);
      return {
        sellerId: seller.id,
        status: 'listed' as const,
        eventName: `${event.name} ${1 + (i % 50)}`,
        eventImage: `/defaults/events/${event.type}/1.webp`,
        location: event.city,
        eventVenue: event.venue,
        eventDate: helsinkiDateTime(addDays(today, 1 + (i % 365)), event.time),
        eventTime: event.time,
        eventType: event.type,
        ticketType: 'Peruslippu',
        ticketCount: 1 + (i % 4),
        originalPriceCents: selling,
        sellingPriceCents: selling,
        serviceFeeCents: prices.serviceFeeCents,
        listingPriceCents: prices.listingPriceCents,
        sellerReceivableCents: prices.sellerReceivableCents,
        searchText: foldForSearch(`${event.name} ${1 + (i % 50)} ${event.city} ${eventTypeName(event.type)}`),
      };
    });
    await db.insert(listings).values(rows);
  }
}

import { z } from 'zod';
import { filterCategories } from '../categories.ts';
import { withoutUnstorableCharacters } from '../text.ts';

// The public list (spec 01 §2 Home, §9): search, sort, category filter and pages.
export const sortOptions = ['newest', 'dateAsc', 'dateDesc', 'priceAsc', 'priceDesc'] as const;
export type SortOption = (typeof sortOptions)[number];
const defaultSort: SortOption = 'dateAsc';
const maxPageSize = 48;

export const publicListQuerySchema = z.object({
  // Characters that are not storable text are dropped, not refused, so a mangled link still
  // opens the list.
  searchTerm: z.string().overwrite(withoutUnstorableCharacters).trim().max(100).catch(''),
  sortBy: z.enum(sortOptions).catch(defaultSort),
  filterCategory: z.enum(['all', ...filterCategories]).catch('all'),
  page: z.coerce.number().int().min(1, 'Sivunumeron tulee olla vähintään 1').max(10_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(maxPageSize, `Sivulla voi olla enintään ${maxPageSize} lippua`)
    .default(15),
});

export type PublicListQuery = z.infer<typeof publicListQuerySchema>;

export const ticketCardSchema = z.object({
  id: z.string(),
  eventName: z.string(),
  eventImage: z.string().nullable(),
  eventType: z.string(),
  eventDate: z.string(),
  /** 'HH:MM' in Helsinki; may be empty. */
  eventTime: z.string(),
  /** The last day ('YYYY-MM-DD') of a multi-day event; null for a single day. */
  eventEndDate: z.string().nullable(),
  eventVenue: z.string(),
  location: z.string(),
  ticketCount: z.number().int(),
  /** What the buyer pays in all (the seller's price + the buyer's 3 %). */
  listingPriceCents: z.number().int(),
  sellingPriceCents: z.number().int(),
  originalPriceCents: z.number().int(),
  additionalFeesCents: z.number().int(),
});

export const publicListSchema = z.object({
  items: z.array(ticketCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export type TicketCard = z.infer<typeof ticketCardSchema>;
export type PublicList = z.infer<typeof publicListSchema>;

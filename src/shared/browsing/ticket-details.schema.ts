import { z } from 'zod';
import { purchaseRefundSchema } from '../purchases/purchase.schema.ts';
import { ticketCardSchema } from './public-list.schema.ts';
import { ticketPageMessages } from './ticket-messages.ts';

// The public ticket page (spec 01 §2): what everyone sees, plus what only the seller or the buyer
// sees. Its messages are in ticket-messages.ts, apart from zod, which the page's code does without.

/** A listing or file id in a path: anything but a uuid names nothing, so it is "not found". */
export const listingIdSchema = z.uuid({ error: ticketPageMessages.notFound });

const seatSchema = z.object({ sector: z.string(), row: z.string(), seat: z.string() });

export const ticketDetailsSchema = z.object({
  id: z.string(),
  status: z.string(),
  eventName: z.string(),
  eventImage: z.string().nullable(),
  eventType: z.string(),
  eventDate: z.string(),
  eventTime: z.string(),
  hasMultipleDays: z.boolean(),
  eventEndDate: z.string().nullable(),
  eventVenue: z.string(),
  location: z.string(),
  ticketType: z.string(),
  ticketCount: z.number().int(),
  hasAssignedSeat: z.boolean(),
  seatInfo: z.array(seatSchema),
  additionalInfo: z.string(),
  listingPriceCents: z.number().int(),
  sellingPriceCents: z.number().int(),
  originalPriceCents: z.number().int(),
  additionalFeesCents: z.number().int(),
  /** The seller's public name; null once the seller has deleted the account. */
  sellerDisplayName: z.string().nullable(),
  /** When the seller joined (ISO); null once the seller has deleted the account. */
  sellerMemberSince: z.string().nullable(),
  /** The seller's sales completed without a complaint (decision 031); null as above. */
  sellerCompletedSales: z.number().int().nullable(),
  /** Only above 10 (spec 01 §2); null otherwise. */
  viewCount: z.number().int().nullable(),
  /**
   * Until when another buyer's payment holds the ticket at the latest (ISO); null when nobody but
   * the viewer holds it. Who holds it is never sent.
   */
  heldUntil: z.string().nullable(),
  /** Who is looking, which decides the buttons: the seller, the buyer, another user or a visitor. */
  viewer: z.enum(['seller', 'buyer', 'user', 'visitor']),
  /** Price paid and the files: only for the buyer. */
  buyerView: z
    .object({
      pricePaidCents: z.number().int(),
      purchaseDate: z.string().nullable(),
      /** None once the purchase is refunded: its files are no longer handed out. */
      files: z.array(z.object({ id: z.string(), fileName: z.string() })),
      refund: purchaseRefundSchema.nullable(),
    })
    .nullable(),
  similar: z.array(ticketCardSchema),
  /** Listed tickets of the same event (name and start): offered when this one is not on sale. */
  sameEvent: z.array(ticketCardSchema),
});

export type TicketDetails = z.infer<typeof ticketDetailsSchema>;

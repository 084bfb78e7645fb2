import { z } from 'zod';
import { sellerPayoutSchema } from '../payouts/seller-payout.schema.ts';
import { unstorableTextMessage } from '../text.ts';
import {
  additionalInfoMaxLength,
  editedSellingPriceIssue,
  listingMessages,
  type SellerRemovalReason,
  sellerRemovalReasons,
} from './listing-fields.ts';
import { parsePriceText, priceTextPattern } from './price-text.ts';
import { sellingMessages } from './selling-messages.ts';

// The seller's own listings (profile tab, edit page) and the requests that change them.

export { editedSellingPriceIssue, type SellerRemovalReason, sellerRemovalReasons };

/**
 * Every status a listing can have (the lifecycle is drawn in server/modules/listings/README.md).
 * 'reserved' is never stored: a listed listing that a buyer holds while paying is shown so.
 */
export const listingStatuses = [
  'pending',
  'listed',
  'rejected',
  'reserved',
  'sold',
  'expired',
  'removed',
] as const;
export const listingStatusSchema = z.enum(listingStatuses);
export type ListingStatusCode = z.infer<typeof listingStatusSchema>;

const seatSchema = z.object({ sector: z.string(), row: z.string(), seat: z.string() });

/** A listing as its seller sees it: every field, the stored prices and the uploaded files. */
export const sellerListingSchema = z.object({
  id: z.uuid(),
  status: listingStatusSchema,
  eventName: z.string(),
  eventImage: z.string().nullable(),
  location: z.string(),
  eventVenue: z.string(),
  /** ISO instant of the start (date and time in Helsinki). */
  eventDate: z.string(),
  eventTime: z.string(),
  /** 'YYYY-MM-DD' of a multi-day event's last day, else null. */
  eventEndDate: z.string().nullable(),
  eventType: z.string(),
  ticketType: z.string(),
  ticketCount: z.number().int(),
  hasAssignedSeat: z.boolean(),
  seatInfo: z.array(seatSchema),
  originalPriceCents: z.number().int(),
  sellingPriceCents: z.number().int(),
  additionalFeesCents: z.number().int(),
  serviceFeeCents: z.number().int(),
  listingPriceCents: z.number().int(),
  sellerReceivableCents: z.number().int(),
  additionalInfo: z.string(),
  viewCount: z.number().int(),
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
  soldAt: z.string().nullable(),
  files: z.array(z.object({ id: z.uuid(), fileName: z.string() })),
});

export type SellerListing = z.infer<typeof sellerListingSchema>;

export const sellerListingResponseSchema = z.object({ listing: sellerListingSchema });
/** A listing in the seller's profile tab: a sold one with its payout, the others with null. */
export const myListingSchema = sellerListingSchema.extend({ payout: sellerPayoutSchema.nullable() });
export type MyListing = z.infer<typeof myListingSchema>;

export const myListingsResponseSchema = z.object({ listings: z.array(myListingSchema) });

export const listingIdParamsSchema = z.object({ id: z.uuid(sellingMessages.notFound) });

/** A typed price for the price calls: the spec's parse rules, with the edit page's messages. */
const quotedPrice = z
  .string()
  .trim()
  .max(20, sellingMessages.priceFormat)
  .refine((value) => !value.startsWith('-'), sellingMessages.pricesNegative)
  .refine((value) => value.startsWith('-') || parsePriceText(value) !== null, sellingMessages.priceFormat);

/** POST /api/prices (spec 02 §7 calculateTicketPrices). */
export const priceQuoteRequestSchema = z
  .object({ sellingPrice: quotedPrice, additionalFees: quotedPrice.default('') })
  .refine(
    (value) => (parsePriceText(value.sellingPrice) ?? 0) + (parsePriceText(value.additionalFees) ?? 0) > 0,
    { message: sellingMessages.pricesZero, path: ['sellingPrice'] },
  );

export const priceQuoteResponseSchema = z.object({
  totalCents: z.number().int(),
  serviceFeeCents: z.number().int(),
  listingPriceCents: z.number().int(),
  sellerReceivableCents: z.number().int(),
});

export type PriceQuote = z.infer<typeof priceQuoteResponseSchema>;

/**
 * PATCH /api/listings/:id — the selling price and the additional info are all a seller may change.
 * The client sends the prices it showed; the server recomputes them and refuses when they differ.
 */
export const editListingSchema = z.object({
  sellingPrice: z
    .string({ error: sellingMessages.editPriceEmpty })
    .trim()
    .min(1, sellingMessages.editPriceEmpty)
    .refine((value) => !value.startsWith('-'), sellingMessages.pricesNegative)
    .refine((value) => value.startsWith('-') || priceTextPattern.test(value), sellingMessages.priceFormat)
    .refine(
      (value) => !priceTextPattern.test(value) || (parsePriceText(value) ?? 0) > 0,
      sellingMessages.pricesZero,
    ),
  additionalInfo: z
    .string()
    .trim()
    .max(additionalInfoMaxLength, listingMessages.additionalInfoLong)
    .refine((value) => !value.includes('\u0000'), unstorableTextMessage),
  listingPriceCents: z.number().int().nonnegative(),
  sellerReceivableCents: z.number().int().nonnegative(),
});

export type EditListingInput = z.input<typeof editListingSchema>;

export type EditListing = z.output<typeof editListingSchema>;

const reasonCodes = Object.keys(sellerRemovalReasons) as [SellerRemovalReason, ...SellerRemovalReason[]];

/** POST /api/listings/:id/removal */
export const removalRequestSchema = z
  .object({
    reason: z.enum(reasonCodes, { error: sellingMessages.removalReasonRequired }),
    customReason: z
      .string()
      .trim()
      .max(300, sellingMessages.customReasonLong)
      .refine((value) => !value.includes('\u0000'), unstorableTextMessage)
      .default(''),
  })
  .refine((value) => value.reason !== 'other' || value.customReason !== '', {
    message: sellingMessages.customReasonRequired,
    path: ['customReason'],
  });

export type RemovalRequest = z.input<typeof removalRequestSchema>;
export type RemovalRequestValues = z.output<typeof removalRequestSchema>;

import { z } from 'zod';
import { ibanInputMaxLength, isValidFinnishIban, normalizeIban } from '../accounts/iban.ts';
import { eventTypeCodes } from '../categories.ts';
import { addDays, helsinkiDate } from '../dates.ts';
import { isSingleLineText, singleLineTextMessage, unstorableTextMessage } from '../text.ts';
import {
  additionalInfoMaxLength,
  isValidIsoDate,
  listingMessages,
  listingPriceCents,
  listingSteps,
  maxAdditionalFeePercent,
  maxOriginalPriceCents,
  maxSellingPriceCents,
  maxTicketsPerListing,
  minSellingPriceCents,
  otherTicketType,
  standardTicketTypes,
} from './listing-fields.ts';
import { parsePriceText, priceTextPattern } from './price-text.ts';

// The listing rules of spec 02 §5 with their Finnish messages. The sell wizard validates with
// `listingFormSchema`, the server with `listingSubmissionSchema`: the same fields and rules, the
// server authoritative. The limits, messages and steps are in listing-fields.ts (no zod there,
// so the wizard's first paint does not load it).

export {
  additionalInfoMaxLength,
  isValidIsoDate,
  listingMessages,
  listingPriceCents,
  listingSteps,
  maxAdditionalFeePercent,
  maxOriginalPriceCents,
  maxSellingPriceCents,
  maxTicketsPerListing,
  minSellingPriceCents,
  otherTicketType,
  standardTicketTypes,
};

const m = listingMessages;

/** Trimmed one-line text of `min`–`max` characters with the field's own messages. */
function text(required: string, short: string, long: string, min = 3, max = 100) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .min(min, short)
    .max(max, long)
    .refine(isSingleLineText, singleLineTextMessage);
}

/** An event day: a valid date, today or later in Helsinki. */
const eventDay = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine(isValidIsoDate, m.dateInvalid)
    .refine((value) => !isValidIsoDate(value) || value >= helsinkiDate(new Date()), m.dateInPast);

const priceText = z
  .string({ error: m.priceRequired })
  .trim()
  .min(1, m.priceRequired)
  .refine((value) => !value.startsWith('-'), m.priceNegative)
  .refine((value) => value.startsWith('-') || priceTextPattern.test(value), m.priceFormat);

/** The cents of a price text that passed `priceText`; NaN for one that did not. */
const centsOf = (value: string | undefined) =>
  priceTextPattern.test(value?.trim() ?? '') ? (parsePriceText(value ?? '') ?? Number.NaN) : Number.NaN;

const seatPart = z
  .string()
  .trim()
  .max(30, m.seatFieldLong)
  .refine(isSingleLineText, singleLineTextMessage)
  .default('');
export const seatSchema = z.object({ sector: seatPart, row: seatPart, seat: seatPart });

/** Our own default pictures, or an https picture an event catalogue gave. */
const eventImage = z
  .string()
  .trim()
  .max(2000, m.imageInvalid)
  .refine(
    (value) =>
      value === '' ||
      /^\/defaults\/events\/([a-z]+\/\d+|default)\.webp$/.test(value) ||
      /^https:\/\/\S+$/.test(value),
    m.imageInvalid,
  );

const listingFields = {
  eventName: text(m.eventNameRequired, m.eventNameShort, m.eventNameLong),
  location: text(m.locationRequired, m.locationShort, m.locationLong),
  eventVenue: text(m.venueRequired, m.venueShort, m.venueLong),
  eventImage: eventImage.default(''),
  imageSource: z.enum(['api', 'default']).nullable().default(null),
  eventDate: eventDay(m.dateRequired),
  eventTime: z
    .string({ error: m.timeRequired })
    .trim()
    .min(1, m.timeRequired)
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, m.timeInvalid),
  hasMultipleDays: z.boolean({ error: m.yesOrNo }),
  eventEndDate: z.string().trim().default(''),
  eventType: z.enum(eventTypeCodes, { error: m.eventTypeRequired }),
  ticketType: z
    .string({ error: m.ticketTypeRequired })
    .trim()
    .min(1, m.ticketTypeRequired)
    .refine((value) => value !== otherTicketType, m.ticketTypeOther)
    .refine((value) => value.length >= 2, m.ticketTypeShort)
    .refine((value) => value.length <= 50, m.ticketTypeLong)
    .refine(isSingleLineText, singleLineTextMessage),
  ticketCount: z
    .number({ error: m.ticketCount })
    .int(m.ticketCount)
    .min(1, m.ticketCount)
    .max(maxTicketsPerListing, m.ticketCount),
  hasAssignedSeat: z.enum(['kylla', 'ei'], { error: m.seatYesOrNo }),
  seatInfo: z.array(seatSchema).max(maxTicketsPerListing, m.seatsCount).default([]),
  originalPrice: priceText,
  sellingPrice: priceText,
  hasAdditionalFee: z.enum(['kylla', 'ei'], { error: m.yesOrNo }),
  additionalFees: z.string().trim().default(''),
  deliveryMethod: z.literal('pdf', { error: m.deliveryMethod }),
  additionalInfo: z
    .string()
    .trim()
    .max(additionalInfoMaxLength, m.additionalInfoLong)
    .refine((value) => !value.includes('\u0000'), unstorableTextMessage)
    .default(''),
  termsAccepted: z.literal(true, { error: m.termsRequired }),
};

type ListingFieldValues = z.output<z.ZodObject<typeof listingFields>>;

/**
 * The rules between fields: end date, seats per ticket, and the price limits of spec 02 §9. They run
 * even when other fields are still wrong (the wizard checks one step at a time), so every value is
 * read as possibly missing or of the wrong type.
 */
function checkListingRules(value: Partial<ListingFieldValues>, ctx: z.RefinementCtx): void {
  const issue = (path: (string | number)[], message: string) =>
    ctx.addIssue({ code: 'custom', path, message });
  const textOf = (field: unknown) => (typeof field === 'string' ? field.trim() : '');
  // Not even an object (a body of `null`): the object's own issue says so.
  if (typeof value !== 'object' || value === null) return;

  if (value.hasMultipleDays === true) {
    const end = textOf(value.eventEndDate);
    const start = textOf(value.eventDate);
    if (end === '') issue(['eventEndDate'], m.endDateRequired);
    else if (!isValidIsoDate(end)) issue(['eventEndDate'], m.dateInvalid);
    else if (end < helsinkiDate(new Date())) issue(['eventEndDate'], m.dateInPast);
    else if (isValidIsoDate(start) && end < addDays(start, 1)) issue(['eventEndDate'], m.endDateAfterStart);
  }

  if (value.hasAssignedSeat === 'kylla') {
    const seats = Array.isArray(value.seatInfo) ? value.seatInfo : [];
    if (seats.length === 0) issue(['seatInfo'], m.seatsMissing);
    else if (seats.length !== value.ticketCount) issue(['seatInfo'], m.seatsCount);
    seats.forEach((seat, index) => {
      if (!textOf(seat?.sector) && !textOf(seat?.row) && !textOf(seat?.seat))
        issue(['seatInfo', index, 'sector'], m.seatRequired(index + 1));
    });
  }

  const original = centsOf(textOf(value.originalPrice));
  const selling = centsOf(textOf(value.sellingPrice));
  if (original > maxOriginalPriceCents) issue(['originalPrice'], m.originalPriceMax);
  if (selling < minSellingPriceCents) issue(['sellingPrice'], m.sellingPriceMin);
  else if (selling > maxSellingPriceCents) issue(['sellingPrice'], m.sellingPriceMax);
  else if (selling > original) issue(['sellingPrice'], m.sellingPriceAboveOriginal);

  if (value.hasAdditionalFee === 'kylla') {
    const fees = textOf(value.additionalFees);
    if (fees === '') issue(['additionalFees'], m.priceRequired);
    else if (fees.startsWith('-')) issue(['additionalFees'], m.priceNegative);
    else if (!priceTextPattern.test(fees)) issue(['additionalFees'], m.priceFormat);
    else if (!Number.isNaN(original) && centsOf(fees) * 100 > original * maxAdditionalFeePercent)
      issue(['additionalFees'], m.additionalFeesMax);
  }
}

/** Run the rules between fields whatever else is wrong, so each step shows its own errors. */
const always = { when: () => true };

const ibanField = z
  .string({ error: m.ibanRequired })
  .max(ibanInputMaxLength, m.ibanInvalid)
  .transform(normalizeIban)
  .pipe(z.string().min(1, m.ibanRequired).refine(isValidFinnishIban, m.ibanInvalid));

/** The sell wizard's form: every field of spec 02 §2, the IBAN on the last step. */
export const listingFormSchema = z
  .object({ ...listingFields, iban: ibanField })
  .superRefine(checkListingRules, always);

export type ListingFormInput = z.input<typeof listingFormSchema>;
export type ListingFormValues = z.output<typeof listingFormSchema>;

/**
 * What the wizard sends (the `listing` part of POST /api/listings): the form plus the submission's
 * own id, which makes a repeated submission create nothing. The IBAN may be left out when the
 * seller has one stored.
 */
export const listingSubmissionSchema = z
  .object({ ...listingFields, iban: ibanField.optional(), submissionId: z.uuid() })
  .superRefine(checkListingRules, always);

export type ListingSubmission = z.output<typeof listingSubmissionSchema>;

/**
 * POST /api/listings/:id/resubmission: a rejected listing's fields, corrected, back to review. The
 * files stay the listing's own (so the ticket count stays theirs), and so do the accepted terms and
 * the stored IBAN.
 */
const { termsAccepted: _terms, ...resubmittedFields } = listingFields;
export const listingResubmissionSchema = z.object(resubmittedFields).superRefine(checkListingRules, always);

export type ListingResubmission = z.output<typeof listingResubmissionSchema>;

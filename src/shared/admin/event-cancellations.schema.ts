import { z } from 'zod';
import { isSingleLineText, singleLineTextMessage } from '../text.ts';

// Cancelled events (issue 24): the admin chooses an event's listings and says why; a background job
// refunds every sale of them, withdraws the unsold ones and mails the people, with its progress shown.

export const maxCancellationReasonLength = 300;
/** More listings than any one event has here; bounds one request's work. */
export const maxListingsPerCancellation = 500;

export const cancellationMessages = {
  reasonRequired: 'Kerro peruutuksen syy',
  reasonTooLong: `Syy voi olla enintään ${maxCancellationReasonLength} merkkiä`,
  listingsRequired: 'Valitse vähintään yksi ilmoitus',
  tooManyListings: `Yhdellä kerralla voi valita enintään ${maxListingsPerCancellation} ilmoitusta`,
  alreadyCancelled:
    'Osa valituista ilmoituksista kuuluu jo aiempaan peruutukseen. Päivitä lista ja valitse uudelleen.',
  unknownListings: 'Osaa valituista ilmoituksista ei löytynyt. Päivitä lista ja valitse uudelleen.',
} as const;

export const eventSearchQuerySchema = z.object({ q: z.string().trim().max(100).default('') });

/** An event as its listings name it (listings carry the event, not a catalogue id): name, start and place. */
export const cancellableEventSchema = z.object({
  eventName: z.string(),
  eventDate: z.string(),
  location: z.string(),
  eventVenue: z.string(),
  listings: z.array(
    z.object({
      id: z.uuid(),
      status: z.enum(['pending', 'listed', 'sold']),
      ticketCount: z.number().int(),
      listingPriceCents: z.number().int(),
    }),
  ),
});
export type CancellableEvent = z.infer<typeof cancellableEventSchema>;
export const cancellableEventsResponseSchema = z.object({ events: z.array(cancellableEventSchema) });

export const createCancellationSchema = z.object({
  listingIds: z
    .array(z.uuid())
    .min(1, cancellationMessages.listingsRequired)
    .max(maxListingsPerCancellation, cancellationMessages.tooManyListings),
  reason: z
    .string()
    .trim()
    .min(1, cancellationMessages.reasonRequired)
    .max(maxCancellationReasonLength, cancellationMessages.reasonTooLong)
    .refine(isSingleLineText, singleLineTextMessage),
});
export type CreateCancellation = z.infer<typeof createCancellationSchema>;
export const cancellationCreatedSchema = z.object({ id: z.uuid() });

/** A cancellation and how far its job has come. */
export const eventCancellationSchema = z.object({
  id: z.uuid(),
  eventName: z.string(),
  eventDate: z.string(),
  reason: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  listings: z.number().int(),
  /** Sold listings whose sale is refunded (asked of the provider), and how many the provider took. */
  refunded: z.number().int(),
  refundsSent: z.number().int(),
  /** Refunds the provider confirmed (the money went back), and those given up (an admin must act). */
  refundsConfirmed: z.number().int(),
  refundsFailed: z.number().int(),
  /** Each refund given up, with the provider's last error. */
  failedRefunds: z.array(
    z.object({
      saleId: z.uuid(),
      listingId: z.uuid(),
      amountCents: z.number().int(),
      attempts: z.number().int(),
      error: z.string(),
    }),
  ),
  /** Unsold listings taken off sale. */
  withdrawn: z.number().int(),
  /** Listings a buyer is paying for right now: handled when the payment ends. */
  waiting: z.number().int(),
});
export type EventCancellation = z.infer<typeof eventCancellationSchema>;
export const eventCancellationsResponseSchema = z.object({ cancellations: z.array(eventCancellationSchema) });

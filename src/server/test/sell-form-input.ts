import { randomUUID } from 'node:crypto';
import { addDays, helsinkiDate } from '../../shared/dates.ts';
import type { ListingFormInput } from '../../shared/listings/listing.schema.ts';

// The sell wizard's form in one place, for the unit tests, the journeys and the bench. Relative
// imports of src/shared only, so that a journey can load it without the server.

/** The sell wizard's form as it submits, valid, for an event in a month; with its own submission id. */
export function sellFormInput(
  overrides: Partial<ListingFormInput> = {},
): ListingFormInput & { submissionId: string } {
  return {
    eventName: 'Testikonsertti Areenalla',
    location: 'Helsinki',
    eventVenue: 'Helsingin Areena',
    eventImage: '/defaults/events/konsertti/1.webp',
    imageSource: 'default',
    eventDate: addDays(helsinkiDate(new Date()), 30),
    eventTime: '19:00',
    hasMultipleDays: false,
    eventEndDate: '',
    eventType: 'konsertti',
    ticketType: 'Peruslippu',
    ticketCount: 1,
    hasAssignedSeat: 'ei',
    seatInfo: [],
    originalPrice: '50,00',
    sellingPrice: '45,00',
    hasAdditionalFee: 'ei',
    additionalFees: '',
    deliveryMethod: 'pdf',
    additionalInfo: '',
    iban: 'FI2112345600000785',
    termsAccepted: true,
    submissionId: randomUUID(),
    ...overrides,
  };
}

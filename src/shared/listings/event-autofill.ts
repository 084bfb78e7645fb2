import type { EventTypeCode } from '../categories.ts';
import type { EventSearchResult } from './event-search.schema.ts';

// What choosing an event search result writes into the sell wizard (spec 02 §4 "Event search
// autofill"). A field left out of the answer is one the result says nothing about: the wizard keeps
// what the field holds.

/** The wizard fields a chosen result fills. */
export interface EventAutofill {
  eventName: string;
  /** 'YYYY-MM-DD'. */
  eventDate: string;
  /** 'HH:MM', or '' when the event has no start time. */
  eventTime: string;
  /** Left out when the catalogue does not know the venue (Ticketmaster's 'Unknown'). */
  eventVenue?: string;
  /** The city; left out when the result has none. */
  location?: string;
  /** Left out, with imageSource, when the result has no image. */
  eventImage?: string;
  imageSource?: 'api';
  eventType?: EventTypeCode;
}

type ResultImage = EventSearchResult['images'][number];

/** The width the wizard's picture is shown at: the smallest 16:9 image at least this wide fits best. */
const preferredWidth = 500;

/**
 * The image to use: of the 16:9 images at least 500 px wide, the one whose width is closest to 500
 * (the first of equals); without such an image, the first image; undefined when there is none.
 */
export function chooseEventImage(images: readonly ResultImage[]): ResultImage | undefined {
  let best: ResultImage | undefined;
  for (const image of images) {
    if (image.ratio !== '16_9' || image.width === undefined || image.width < preferredWidth) continue;
    if (!best || Math.abs(image.width - preferredWidth) < Math.abs((best.width ?? 0) - preferredWidth))
      best = image;
  }
  return best ?? images[0];
}

/** Ticketmaster writes 'Unknown' where it has no venue; a blank name says the same. */
function isKnownVenue(name: string | undefined): name is string {
  return name !== undefined && name.trim() !== '' && name.trim().toLowerCase() !== 'unknown';
}

/** The wizard fields of a chosen search result (spec 02 §4). */
export function autofillFromEvent(result: EventSearchResult): EventAutofill {
  const fields: EventAutofill = {
    eventName: result.name,
    eventDate: result.dates.start.localDate,
    eventTime: result.dates.start.localTime?.slice(0, 5) ?? '',
  };
  const venue = result.venue?.name;
  if (isKnownVenue(venue)) fields.eventVenue = venue;
  const city = result.city?.name;
  if (city !== undefined && city.trim() !== '') fields.location = city;
  const image = chooseEventImage(result.images);
  if (image) {
    fields.eventImage = image.url;
    fields.imageSource = 'api';
  }
  if (result.eventType) fields.eventType = result.eventType;
  return fields;
}

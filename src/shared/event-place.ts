// Where an event is, as one line: the venue and the city, the venue left out where the catalogue
// does not know it (Ticketmaster writes 'Unknown', spec 02 §9 "The venue 'Unknown' is hidden").

export function eventPlace(event: { eventVenue: string; location: string }): string {
  const venue = event.eventVenue.trim();
  return venue && venue.toLowerCase() !== 'unknown' ? `${venue}, ${event.location}` : event.location;
}

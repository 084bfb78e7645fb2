import { finnishClockTime } from '../dates.ts';
import { errorMessages } from '../errors.ts';

// The ticket page's messages (spec 01 §2, §4, §8).

export const ticketPageMessages = {
  notFound: 'Lippua ei löytynyt',
  notListed: errorMessages['ticket-not-listed'],
  incomplete: 'Lipun tiedot ovat puutteelliset',
  past: 'Tämä tapahtuma on jo mennyt',
  expired: 'Tämä lippu ei ole enää myynnissä',
  sold: 'Tämä lippu on jo myyty',
  loadError: 'Virhe lipun lataamisessa...',
  downloadFailed: 'Lipun lataaminen epäonnistui. Yritä uudelleen.',
  fileForbidden: 'Sinulla ei ole oikeutta tähän lippuun',
  /** The buyer's purchase was refunded (or its refund is under way): the ticket is no longer theirs to use. */
  fileRefunded: 'Tämän oston maksu palautetaan sinulle, joten lippua ei voi enää ladata.',
} as const;

/** Buy-availability checks of spec 01 §4, in order, with their messages. */
export const buyBlockMessages = {
  ownTicket: 'Et voi ostaa omaa lippuasi',
  sold: 'Lippu on jo myyty',
  expired: 'Tämä lippu ei ole enää saatavilla',
  pending: 'Tämä lippu ei ole vielä myynnissä',
  loginRequired: 'Sinun pitää kirjautua sisään, jotta voit ostaa lipun',
} as const;

/**
 * Spec 01 §8's ticket_reserved with when another buyer's hold ends at the latest (Helsinki time):
 * the ticket page and the refused reservation say it alike. Who holds it is never said.
 */
export function ticketReservedMessage(heldUntil: Date): string {
  return `${errorMessages.ticket_reserved} Jos osto ei toteudu, lippu vapautuu viimeistään ${finnishClockTime(heldUntil)}.`;
}

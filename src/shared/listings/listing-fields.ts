import type { ListingFormInput } from './listing.schema.ts';
import { parsePriceText } from './price-text.ts';
import { sellingMessages } from './selling-messages.ts';

// The listing's limits, messages and wizard steps (spec 02 §2, §5), an edited price's bounds and the
// seller's removal reasons: apart from the zod schemas that check them (listing.schema.ts,
// seller-listing.schema.ts, which re-export them), so the sell wizard and the edit page draw
// without zod.

export const maxTicketsPerListing = 6;
export const maxOriginalPriceCents = 100_000;
export const maxSellingPriceCents = 100_000;
export const minSellingPriceCents = 500;
/** Fees already paid for a ticket may be at most this share of its original price. */
export const maxAdditionalFeePercent = 15;
export const additionalInfoMaxLength = 300;

export const standardTicketTypes = ['Peruslippu', 'VIP', 'Opiskelija', 'Eläkeläinen'] as const;
/** The choice that opens the free-text ticket type; never a ticket type itself. */
export const otherTicketType = 'Muu, mikä?';

export const listingMessages = {
  eventNameRequired: 'Tapahtuman nimi on pakollinen',
  eventNameShort: 'Tapahtuman nimen tulee olla vähintään 3 merkkiä',
  eventNameLong: 'Tapahtuman nimen tulee olla enintään 100 merkkiä',
  locationRequired: 'Kaupunki on pakollinen',
  locationShort: 'Kaupungin nimen tulee olla vähintään 3 merkkiä',
  locationLong: 'Kaupungin nimen tulee olla enintään 100 merkkiä',
  venueRequired: 'Tapahtumapaikka on pakollinen',
  venueShort: 'Tapahtumapaikan nimen tulee olla vähintään 3 merkkiä',
  venueLong: 'Tapahtumapaikan nimen tulee olla enintään 100 merkkiä',
  dateRequired: 'Tapahtuman ajankohta on pakollinen',
  dateInvalid: 'Syötä kelvollinen päivämäärä muodossa pp.kk.vvvv',
  dateInPast: 'Tapahtuman täytyy olla tulevaisuudessa',
  timeRequired: 'Kellonaika on pakollinen',
  timeInvalid: 'Syötä kelvollinen kellonaika muodossa HH:MM',
  yesOrNo: 'Valitse kyllä tai ei',
  endDateRequired: 'Päättymispäivä on pakollinen',
  endDateAfterStart: 'Päättymispäivän tulee olla vähintään päivä alkamispäivän jälkeen',
  eventTypeRequired: 'Tapahtumatyyppi on pakollinen',
  ticketTypeRequired: 'Lipputyyppi on pakollinen',
  ticketTypeOther: 'Kirjoita lippusi tyyppi',
  ticketTypeShort: 'Lipputyypin tulee olla vähintään 2 merkkiä',
  ticketTypeLong: 'Lipputyyppi voi olla enintään 50 merkkiä',
  ticketCount: 'Voit myydä enintään 6 lippua kerralla',
  seatYesOrNo: "Valitse 'Kyllä' tai 'Ei'.",
  seatsMissing: 'Istumapaikkatiedot puuttuvat',
  seatsCount: 'Anna paikkatiedot jokaiselle lipulle',
  seatFieldLong: 'Paikkatieto voi olla enintään 30 merkkiä',
  seatRequired: (n: number) =>
    `Lipun ${n} paikkatiedoista vähintään yksi kenttä (Sektori, Rivi tai Paikka) tulee täyttää`,
  priceRequired: 'Hinta on pakollinen',
  priceFormat: 'Syötä hinta muodossa 00 tai 00,00 tai 00.0',
  priceNegative: 'Hinnan tulee olla positiivinen',
  originalPriceMax: 'Alkuperäinen hinta ei voi olla korkeampi kuin 1000 €',
  sellingPriceMin: 'Hinnan tulee olla vähintään 5 €',
  sellingPriceAboveOriginal: 'Myyntihinta ei voi olla korkeampi kuin alkuperäinen hinta',
  sellingPriceMax: 'Palvelussa ei voi asettaa myyntihinnaksi yli 1000 €',
  additionalFeesMax: 'Voit lisätä palvelumaksuja maksimissaan 15% alkuperäisestä hinnasta',
  deliveryMethod: 'Toimitustapa on pakollinen',
  additionalInfoLong: 'Lisätiedot voi olla enintään 300 merkkiä pitkä',
  ibanRequired: 'IBAN on pakollinen, jotta voit vastaanottaa maksuja',
  ibanInvalid: 'Syötä voimassa oleva suomalainen IBAN-numero (FI + 16 numeroa)',
  termsRequired: 'Käyttöehdot tulee hyväksyä',
  imageInvalid: 'Tapahtuman kuva ei kelpaa',
} as const;

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date 1900–2099 as 'YYYY-MM-DD'. */
export function isValidIsoDate(value: string): boolean {
  const match = isoDate.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    year <= 2099 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** Every field the wizard asks for, by step (spec 02 §2 "Wizard steps"). */
export const listingSteps = [
  { title: 'Tapahtumatiedot', fields: ['eventName', 'location', 'eventVenue'] },
  { title: 'Aikatiedot', fields: ['eventDate', 'eventTime', 'hasMultipleDays', 'eventEndDate'] },
  { title: 'Lipputyyppi', fields: ['eventType', 'ticketType', 'ticketCount'] },
  { title: 'Paikkatiedot', fields: ['hasAssignedSeat', 'seatInfo'] },
  { title: 'Hintatiedot', fields: ['originalPrice', 'sellingPrice', 'hasAdditionalFee', 'additionalFees'] },
  { title: 'Lipputiedot', fields: ['deliveryMethod', 'additionalInfo'] },
  { title: 'Vahvistus', fields: ['iban', 'termsAccepted'] },
] as const satisfies readonly { title: string; fields: readonly (keyof ListingFormInput)[] }[];

/** The cents of a listing's three prices, from text that passed the schema. */
export function listingPriceCents(values: {
  originalPrice: string;
  sellingPrice: string;
  hasAdditionalFee: 'kylla' | 'ei';
  additionalFees: string;
}): { originalPriceCents: number; sellingPriceCents: number; additionalFeesCents: number } {
  return {
    originalPriceCents: parsePriceText(values.originalPrice) ?? 0,
    sellingPriceCents: parsePriceText(values.sellingPrice) ?? 0,
    additionalFeesCents:
      values.hasAdditionalFee === 'kylla' ? (parsePriceText(values.additionalFees) ?? 0) : 0,
  };
}

/** The bounds of an edited selling price (spec 02 §8 "Edit page"), in the order the seller is told. */
export function editedSellingPriceIssue(cents: number, originalPriceCents: number): string | undefined {
  if (cents > maxSellingPriceCents) return sellingMessages.editPriceMax;
  if (cents < minSellingPriceCents) return listingMessages.sellingPriceMin;
  if (cents > originalPriceCents) return listingMessages.sellingPriceAboveOriginal;
  return undefined;
}

/** The reasons a seller may give for taking a listing off sale (spec 02 §3), with their labels. */
export const sellerRemovalReasons = {
  wont_sell: 'Pelkään, ettei lippu mene kaupaksi',
  not_approved_in_time: 'Lippua ei hyväksytty tarpeeksi nopeasti',
  selling_elsewhere: 'Haluan myydä lipun muualla',
  buyer_found_elsewhere: 'Löysin ostajan muualta',
  using_myself: 'Käytän lipun itse',
  wrong_details: 'Lipun tiedoissa on virhe',
  other: 'Muu',
} as const;

export type SellerRemovalReason = keyof typeof sellerRemovalReasons;

// Messages of the selling flow that belong to no single field (spec 02 §8), said by the server and
// the wizard alike. Rule messages live beside their rules in listing.schema.ts.

/**
 * Pages a ticket file may have: six tickets with a page of terms each (decision 018). The server's
 * PDF check refuses more before drawing any.
 */
export const maxPagesPerTicketFile = 12;

/** Where a listing that already holds an uploaded ticket stands (only these statuses hold one). */
export type HoldingStatus = 'pending' | 'listed' | 'sold';

export interface DuplicateTicketFinding {
  /** The uploaded file, by the name the seller gave it. */
  fileName: string;
  /** Found by the ticket's barcode or QR code, or by the file itself (the same bytes). */
  matchedBy: 'barcode' | 'file';
  status: HoldingStatus;
  /** The seller's own listing: they may see it; another seller's is never named. */
  own: boolean;
  supportEmail: string;
}

const duplicateWhere: Record<HoldingStatus, string> = {
  pending: 'joka odottaa tarkistusta',
  listed: 'joka on myynnissä',
  sold: 'jonka lippu on jo myyty',
};

/**
 * The refusal of a ticket another listing holds (decision 031): which file, what was found in
 * which kind of listing, and what to do next. Nothing of another seller's listing but its status.
 */
export function duplicateTicketMessage(finding: DuplicateTicketFinding): string {
  const found = finding.matchedBy === 'barcode' ? 'sen viivakoodi tai QR-koodi on jo' : 'sama tiedosto on jo';
  const listing = finding.own ? 'omassa ilmoituksessasi' : 'toisessa ilmoituksessa';
  const next =
    finding.own && finding.status !== 'sold'
      ? 'Löydät ilmoituksen profiilistasi kohdasta Myynnissä olevat.'
      : `Jos lippu on sinun, ota yhteyttä asiakaspalveluun: ${finding.supportEmail}.`;
  return `Tiedoston ${finding.fileName} lippua ei voi asettaa myyntiin: ${found} ${listing}, ${duplicateWhere[finding.status]}. ${next}`;
}

export const sellingMessages = {
  signInToSell: 'Sinun täytyy olla kirjautunut sisään myydäksesi lippuja!',
  quotaReached: 'Myyntirajasi on täyttynyt. Yritä myöhemmin uudelleen.',
  createFailed: 'Lipun luonti epäonnistui',
  submitFailed: 'Lipun asettaminen myyntiin epäonnistui. Yritä uudelleen.',
  noAccess: 'Ei käyttöoikeutta tähän lippuun',
  noEditRight: 'Ei oikeutta muokata lippua',
  notFound: 'Lippua ei löytynyt',
  // Written as the spec writes it (spec 02 §7 "Delete listing").
  deleteFailed: 'Lipun poistaminen epäonnnistui',
  deleteOnlyPending: 'Vain tarkastusta odottavan lipun voi poistaa',
  soldNotEditable: 'Myytyä lippua ei voi enää muokata',
  resubmitOnlyRejected: 'Vain hylätyn ilmoituksen voi lähettää uudelleen tarkastettavaksi',
  // An event an admin has cancelled (same name and day): its tickets are worth nothing (decision 035).
  eventCancelled: 'Tämä tapahtuma on peruttu, joten sille ei voi myydä lippuja.',
  resubmitTicketCount: (files: number) =>
    `Ilmoituksessa on ${files} lipputiedostoa, joten lippujen määrä on ${files}.`,
  buyerPaying:
    'Ostaja on juuri maksamassa lippua, joten hintaa ei voi nyt muuttaa. Yritä uudelleen muutaman minuutin kuluttua.',
  editPriceEmpty: 'Myyntihinta ei voi olla tyhjä',
  editPriceMax: 'Myyntihinta ei voi olla yli 1000€',
  pricesNegative: 'Hinnat eivät voi olla negatiivisia',
  pricesZero: 'Hinnat eivät voi olla nolla',
  priceFormat: 'Virheellinen hinnan muoto. Käytä muotoa 00,00',
  filesRequired: 'Vähintään yksi lipputiedosto vaaditaan',
  tooManyFiles: 'Enintään 6 lippua voidaan myydä yhtenä pakettina',
  filesLeft: (n: number) => `Voit lisätä enintään ${n} lippua lisää. Maksimimäärä on 6 lippua.`,
  onlyPdf: 'Vain PDF-tiedostot ovat sallittuja',
  pdfUnreadable: 'Tiedostoa ei voitu lukea PDF-tiedostona. Tarkista, että tiedosto on ehjä.',
  pdfPasswordProtected: 'Tiedosto on suojattu salasanalla. Lataa lippu ilman salasanaa.',
  pdfTooManyPages: `Tiedostossa on liikaa sivuja. Lipputiedostossa voi olla enintään ${maxPagesPerTicketFile} sivua.`,
  pdfTooHeavy:
    'Tiedosto on liian raskas tarkistettavaksi (esimerkiksi valtavan kokoisia kuvia). Lataa alkuperäinen lipputiedosto.',
  pdfActiveContent:
    'Tiedostossa on ohjelmakoodia (JavaScript), komento avata muita ohjelmia tai lomake, joka lähettää tietoja muualle. Lippu ei tarvitse niitä: lataa alkuperäinen lipputiedosto.',
  sameTicketTwice: 'Sama lippu on paketissa kahdesti',
  removalReasonRequired: 'Valitse syy',
  customReasonRequired: 'Kerro syy',
  customReasonLong: 'Syy voi olla enintään 300 merkkiä pitkä',
  tutorialSaveFailed: 'Ohjeen tallennus epäonnistui',
} as const;

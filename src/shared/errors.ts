// The one list of API error codes, each with its HTTP status and Finnish message (the spec's
// wording where it has one, spec 01 §8). Services throw `AppError(code)`, optionally with a more
// particular message that lives in `src/shared` beside its rule (e.g. 'not-found' on a ticket says
// 'Lippua ei löytynyt'); the error handler sends `{ error: { code, message, issues? } }`; the
// client shows the message it got, else the one for the code. The generic codes keep the spec's
// HTTP-status mapping (404 is 'not-found', 429 'resource-exhausted'); a domain adds its own codes
// here as it arrives (purchases: own_ticket, ticket_reserved, reservation_expired, invalid_price).
// Kept free of imports: the client's first load carries it.

const genericErrors = {
  'invalid-argument': { status: 400, message: 'Virheelliset tiedot lomakkeessa' },
  unauthenticated: { status: 401, message: 'Kirjaudu sisään jatkaaksesi' },
  'permission-denied': { status: 403, message: 'Sinulla ei ole oikeutta tähän toimintoon' },
  'not-found': { status: 404, message: 'Sivua tai tietoa ei löytynyt' },
  aborted: { status: 409, message: 'Toiminto keskeytyi, koska tiedot muuttuivat. Yritä uudelleen.' },
  'resource-exhausted': { status: 429, message: 'Liian monta pyyntöä. Yritä myöhemmin uudelleen.' },
  internal: { status: 500, message: 'Tapahtui virhe. Yritä myöhemmin uudelleen.' },
  unavailable: { status: 503, message: 'Palvelu ei ole juuri nyt käytettävissä. Yritä myöhemmin uudelleen.' },
} as const;

/** Messages the generic codes carry where a request itself is wrong, before any rule looks at it. */
export const requestProblemMessages = {
  malformedBody: 'Pyynnön sisältö puuttuu tai on väärän muotoinen',
  tooLarge: 'Lähetetty tieto on liian suuri',
  unsupportedMediaType: 'Tätä tiedostomuotoa ei tueta',
  crossSite: 'Pyyntö hylättiin, koska se tuli toiselta sivustolta.',
} as const;

const accountErrors = {
  'invalid-credential': { status: 401, message: 'Väärä sähköpostiosoite tai salasana' },
  'wrong-password': { status: 401, message: 'Väärä salasana. Yritä uudelleen.' },
  'user-disabled': { status: 403, message: 'Tili on poistettu käytöstä' },
  'email-in-use': { status: 409, message: 'Sähköposti on jo käytössä' },
  'username-taken': { status: 409, message: 'Käyttäjänimi on jo käytössä, kokeile toista' },
  'no-password': {
    status: 400,
    message: 'Tililläsi ei ole salasanaa. Tunnistaudu kirjautumispalvelun kautta.',
  },
  'requires-recent-login': {
    status: 401,
    message: 'Kirjaudu ulos ja takaisin sisään ja yritä sitten uudelleen.',
  },
  'invalid-action-code': {
    status: 400,
    message: 'Salasanan vaihtolinkki on virheellinen tai se on jo käytetty. Pyydä uusi linkki.',
  },
  'expired-action-code': {
    status: 400,
    message: 'Salasanan vaihtolinkki on vanhentunut. Pyydä uusi linkki.',
  },
  // The link that verifies an account's address (docs/decisions/037).
  'email-link-invalid': {
    status: 404,
    message:
      'Vahvistuslinkki on virheellinen tai jo käytetty. Tarkista, että avasit koko linkin, tai pyydä uusi linkki profiilisi käyttäjätiedoista.',
  },
  'email-link-expired': {
    status: 400,
    message: 'Vahvistuslinkki on vanhentunut. Pyydä uusi linkki profiilisi käyttäjätiedoista.',
  },
  'email-already-verified': { status: 409, message: 'Sähköpostiosoitteesi on jo vahvistettu.' },
} as const;

const ticketErrors = {
  'ticket-not-listed': { status: 404, message: 'Tämä lippu ei ole tällä hetkellä myynnissä' },
} as const;

const sellingErrors = {
  'already-submitted': { status: 409, message: 'Lippu on jo asetettu myyntiin' },
  // Said with the file, what was found and what next (duplicateTicketMessage); this is the fallback.
  'ticket-already-on-sale': { status: 409, message: 'Tämä lippu on jo toisessa ilmoituksessa' },
  'iban-required': { status: 400, message: 'IBAN-numero on pakollinen myyntiä varten' },
  'not-a-pdf': { status: 400, message: 'Vain PDF-tiedostot ovat sallittuja' },
  'file-too-large': { status: 413, message: 'Tiedosto on liian suuri. Suurin sallittu koko on 10 Mt.' },
  'upload-failed': { status: 503, message: 'Tiedostojen lataus epäonnistui' },
  'listing-not-on-sale': { status: 409, message: 'Lippu ei ole myynnissä' },
  'price-mismatch': { status: 409, message: 'Hintalaskelmissa havaittiin virhe. Yritä uudelleen.' },
  // Said with the whole reason (sellingMessages.eventCancelled); this is the fallback.
  'event-cancelled': { status: 409, message: 'Tapahtuma on peruttu' },
} as const;

// Spec 01 §8 "Purchase", in the order the reservation checks them; the rest are ours.
const purchaseErrors = {
  own_ticket: { status: 403, message: 'Et voi ostaa omaa lippuasi.' },
  ticket_unavailable: { status: 409, message: 'Tämä lippu ei ole enää saatavilla.' },
  ticket_reserved: {
    status: 409,
    message: 'Toinen käyttäjä on juuri ostamassa lippua, yritä myöhemmin uudelleen.',
  },
  invalid_price: {
    status: 409,
    message: 'Lipun hinta on virheellinen. Ole yhteydessä asiakaspalveluun.',
  },
  reservation_invalid: {
    status: 409,
    message: 'Varausta ei löytynyt. Päivitä sivu ja yritä uudelleen.',
  },
  reservation_expired: {
    status: 409,
    message: 'Varausaikasi päättyi. Päivitä sivu ja yritä uudelleen.',
  },
  payment_setup_failed: {
    status: 503,
    message: 'Maksun valmistelu epäonnistui. Yritä hetken kuluttua uudelleen.',
  },
  too_many_holds: {
    status: 429,
    message: 'Sinulla on jo kolme ostoa kesken. Maksa tai peru jokin niistä ennen kuin varaat uuden lipun.',
  },
  too_many_abandoned_holds: {
    status: 429,
    message:
      'Olet aloittanut ja keskeyttänyt useita ostoja lyhyessä ajassa. Voit varata lippuja taas viimeistään tunnin kuluttua.',
  },
} as const;

// The admin area (spec 02 §8 "Admin"); the key's message is the spec's English.
const adminErrors = {
  'invalid-access-key': { status: 403, message: 'Invalid access key' },
  'listing-already-moderated': {
    status: 409,
    message: 'Lippu ei enää odota tarkistusta: toinen ylläpitäjä ehti käsitellä sen tai myyjä poisti sen.',
  },
  'listing-not-pending': { status: 409, message: 'Kuvan voi vaihtaa vain tarkistusta odottavalle lipulle' },
  // Said with the status asked for and why (src/shared/admin/payout-transitions.ts); this is the fallback.
  'payout-change-refused': {
    status: 409,
    message: 'Tilitystä ei voi siirtää valittuun tilaan, koska se on pidossa tai peruttu.',
  },
  'invalid-image': { status: 400, message: 'Please select a valid image file' },
  'image-too-large': { status: 413, message: 'File size must be less than 10MB' },
} as const;

// Complaints about bought tickets (docs/decisions/036).
const complaintErrors = {
  'complaint-window-closed': { status: 409, message: 'Reklamaation aika on päättynyt.' },
  'complaint-exists': { status: 409, message: 'Tästä ostosta on jo tehty reklamaatio.' },
  'complaint-resolved': {
    status: 409,
    message: 'Reklamaatio on jo ratkaistu: toinen ylläpitäjä ehti käsitellä sen.',
  },
  'complaint-answered': { status: 409, message: 'Reklamaatioon on jo vastattu.' },
  'sale-refunded': {
    status: 409,
    message: 'Tämän oston rahat on jo palautettu, joten siitä ei voi tehdä reklamaatiota.',
  },
  'invalid-evidence': {
    status: 400,
    message: 'Liitteen tulee olla kuva (JPG, PNG tai WebP) tai PDF-tiedosto.',
  },
} as const;

// The newsletter's confirmation and unsubscribe links (docs/decisions/033).
const newsletterErrors = {
  'newsletter-link-invalid': {
    status: 404,
    message:
      'Vahvistuslinkki on virheellinen tai jo käytetty. Tarkista, että avasit koko linkin, tai tilaa uutiskirje uudelleen.',
  },
  'newsletter-link-expired': {
    status: 400,
    message: 'Vahvistuslinkki on vanhentunut. Tilaa uutiskirje uudelleen, niin lähetämme uuden linkin.',
  },
  'unsubscribe-link-invalid': {
    status: 404,
    message:
      'Peruutuslinkki on virheellinen. Tarkista, että avasit koko linkin, tai pyydä asiakaspalvelua perumaan tilauksesi.',
  },
} as const;

export const errorCatalogue = {
  ...genericErrors,
  ...accountErrors,
  ...ticketErrors,
  ...sellingErrors,
  ...purchaseErrors,
  ...adminErrors,
  ...complaintErrors,
  ...newsletterErrors,
};

export type ErrorCode = keyof typeof errorCatalogue;

export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(errorCatalogue, code);

/** The message of each code: the client's fallback when the server sent none. */
export const errorMessages = Object.fromEntries(
  Object.entries(errorCatalogue).map(([code, { message }]) => [code, message]),
) as { [Code in ErrorCode]: (typeof errorCatalogue)[Code]['message'] };

/** The HTTP status of each code. */
export const httpStatusByCode = Object.fromEntries(
  Object.entries(errorCatalogue).map(([code, { status }]) => [code, status]),
) as { [Code in ErrorCode]: (typeof errorCatalogue)[Code]['status'] };

export interface ApiFieldIssue {
  /** Dotted path of the offending field, e.g. `email`. */
  path: string;
  message: string;
}

/** Body of every non-2xx API answer. */
export interface ApiErrorBody {
  error: { code: string; message: string; issues?: ApiFieldIssue[] };
}

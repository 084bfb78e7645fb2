import { complaintWindowHours } from '../complaint-window.ts';

// The complaint rules' words and limits without zod (docs/decisions/036): what the pages show
// before anything is checked (labels, limits, messages) loads without the schemas, which
// complaints.schema.ts builds from these and re-exports.

export const complaintReasons = ['not_admitted', 'already_used', 'wrong_ticket', 'other'] as const;
export type ComplaintReason = (typeof complaintReasons)[number];

export const complaintReasonLabels: Record<ComplaintReason, string> = {
  not_admitted: 'En päässyt lipulla sisään',
  already_used: 'Lippu oli jo käytetty',
  wrong_ticket: 'Väärä tapahtuma, päivä tai paikat',
  other: 'Muu syy',
};

export const complaintStatuses = ['open', 'refunded', 'rejected'] as const;
export type ComplaintStatus = (typeof complaintStatuses)[number];

export const complaintStatusLabels: Record<ComplaintStatus, string> = {
  open: 'Käsittelyssä',
  refunded: 'Hyväksytty: rahat palautetaan',
  rejected: 'Hylätty',
};

/** Who a complaint shows itself to: its buyer, or the seller of the ticket. */
export const complaintRoles = ['buyer', 'seller'] as const;
export type ComplaintRole = (typeof complaintRoles)[number];

export const minComplaintTextLength = 10;
export const maxComplaintTextLength = 2000;
export const maxResolutionReasonLength = 1000;

/** Evidence per side of a complaint: pictures (JPG, PNG, WebP) or PDFs, each at most 10 MB. */
export const maxEvidenceFiles = 5;
export const maxEvidenceBytes = 10 * 1024 * 1024;
/**
 * Pages a PDF of evidence may have: a receipt, a message thread or the organiser's statement
 * printed. Known before the file is read further (docs/decisions/036).
 */
export const maxEvidencePdfPages = 20;
/** What the file input offers; the server decides by the content, never by the name or this list. */
export const evidenceAccept = 'image/jpeg,image/png,image/webp,application/pdf';

export const complaintMessages = {
  reasonRequired: 'Valitse reklamaation syy',
  descriptionRequired: 'Kerro, mitä tapahtui',
  descriptionTooShort: `Kerro tapahtuneesta vähintään ${minComplaintTextLength} merkillä`,
  descriptionTooLong: `Kuvaus voi olla enintään ${maxComplaintTextLength} merkkiä`,
  responseRequired: 'Kirjoita vastauksesi',
  responseTooShort: `Kirjoita vastaukseen vähintään ${minComplaintTextLength} merkkiä`,
  responseTooLong: `Vastaus voi olla enintään ${maxComplaintTextLength} merkkiä`,
  tooManyFiles: `Voit liittää enintään ${maxEvidenceFiles} tiedostoa`,
  decisionRequired: 'Valitse ratkaisu',
  alreadyResolved: 'Reklamaatio on jo ratkaistu.',
  windowClosed: `Reklamaation aika on päättynyt: reklamaatio tehdään ${complaintWindowHours} tunnin kuluessa tapahtuman alkamisesta. Ota tarvittaessa yhteyttä asiakaspalveluun.`,
  rejectionReasonRequired: 'Kerro hylkäämisen syy',
  rejectionReasonTooLong: `Syy voi olla enintään ${maxResolutionReasonLength} merkkiä`,
} as const;

/**
 * Why one evidence file was refused (code 'invalid-evidence', said after the file's name), and
 * that an account's earlier files are still being checked ('resource-exhausted').
 */
export const evidenceMessages = {
  pictureTooLarge:
    'Kuva on liian suuri käsiteltäväksi (liikaa kuvapisteitä). Lähetä pienempi kuva tai kuvakaappaus.',
  pictureUnreadable: 'Kuvaa ei voitu lukea. Tarkista, että tiedosto on ehjä.',
  pdfUnreadable: 'Tiedostoa ei voitu lukea PDF-tiedostona. Tarkista, että tiedosto on ehjä.',
  pdfPasswordProtected: 'PDF-tiedosto on suojattu salasanalla. Lähetä se ilman salasanaa.',
  pdfTooManyPages: `PDF-tiedostossa voi olla enintään ${maxEvidencePdfPages} sivua. Lähetä vain tarvittavat sivut.`,
  pdfTooHeavy: 'PDF-tiedosto on liian raskas tarkistettavaksi (esimerkiksi valtavan kokoisia kuvia).',
  pdfActiveContent:
    'PDF-tiedostossa on ohjelmakoodia (JavaScript), komento avata muita ohjelmia, lomake, joka lähettää tietoja muualle, tai tiedostoja PDF:n sisällä. Tallenna tai tulosta se uudeksi PDF-tiedostoksi ja lähetä se.',
  busy: 'Edellisiä liitteitäsi käsitellään vielä. Odota hetki ja yritä uudelleen.',
} as const;

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

import { z } from 'zod';
import { isSingleLineText, singleLineTextMessage } from '../text.ts';

// Paying sellers (spec 02 §2 "Payment tracking", §3 soldTickets and paymentTracking, §4 "Payment
// status", §5 "Admin rules"): the admin area's sales list, status updates and the CSV export.

export const payoutStatuses = [
  'pending',
  'ready_for_payment',
  'paid',
  'reclamation_hold',
  'cancelled',
] as const;

/** The spec's Finnish name of each status (spec 02 §4). */
export const payoutStatusLabels: Record<(typeof payoutStatuses)[number], string> = {
  pending: 'Odottaa',
  ready_for_payment: 'Valmis maksuun',
  paid: 'Maksettu',
  reclamation_hold: 'Reklamaatio',
  cancelled: 'Peruutettu',
};

/**
 * What the payment provider did to a sale's money after it was paid (docs/decisions/016). Every
 * issue but a won dispute keeps the payout from ready_for_payment.
 */
export const paymentIssues = [
  'refunded',
  'partially_refunded',
  'disputed',
  'dispute_lost',
  'dispute_won',
] as const;
export type PaymentIssue = (typeof paymentIssues)[number];

/** The admin's words for each issue, beside the payout's status. */
export const paymentIssueLabels: Record<PaymentIssue, string> = {
  refunded: 'Maksu palautettu ostajalle maksunvälittäjän kautta',
  partially_refunded: 'Osa maksusta palautettu ostajalle maksunvälittäjän kautta',
  disputed: 'Ostaja on kiistänyt maksun pankissaan (chargeback)',
  dispute_lost: 'Maksukiista hävitty: rahat palautettiin ostajalle',
  dispute_won: 'Maksukiista voitettu: tilitys vapautettu',
};

export const payoutMessages = {
  statusRequired: 'Valitse tila',
  referenceTooLong: 'Maksuviite voi olla enintään 100 merkkiä pitkä',
  notesTooLong: 'Huomautukset voivat olla enintään 1000 merkkiä pitkät',
  noSalesChosen: 'Valitse vähintään yksi myynti',
  tooManySales: 'Yhdellä kertaa voi päivittää enintään 500 myyntiä',
} as const;

export const maxPaymentReferenceLength = 100;
export const maxPayoutNotesLength = 1000;

export const payoutStatusSchema = z.enum(payoutStatuses, { error: payoutMessages.statusRequired });
export type PayoutStatusCode = z.infer<typeof payoutStatusSchema>;

/** The most sales one bulk update may name. */
export const maxBulkPayoutUpdate = 500;

/** GET /api/admin/sales and /api/admin/sales.csv: all sales, or those of one status. */
export const adminSalesQuerySchema = z.object({ status: payoutStatusSchema.optional() });

export const saleIdParamsSchema = z.object({ id: z.uuid() });

/** One sale joined with its payout tracking, buyer and seller (spec 02 §7 "Admin side"). */
export const adminSaleSchema = z.object({
  /** The sale (soldTicket) id; the payout tracking is keyed by it. */
  id: z.uuid(),
  ticketId: z.uuid(),
  purchaseDate: z.string(),
  eventName: z.string(),
  eventDate: z.string(),
  buyer: z.object({ id: z.uuid(), email: z.string(), username: z.string().nullable() }),
  seller: z.object({
    id: z.uuid(),
    email: z.string(),
    username: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    /** Normalised, or null: 'IBAN-tietoa ei ole saatavilla tälle myyjälle'. */
    iban: z.string().nullable(),
    /** Other users with the same normalised IBAN (the shared-IBAN warning); empty when none. */
    sharedIbanUserIds: z.array(z.uuid()),
    /** The seller deleted the account; the details (and IBAN) come from its archive, to pay them still. */
    accountDeleted: z.boolean(),
  }),
  pricePaidCents: z.number().int(),
  sellerReceivableCents: z.number().int(),
  /** The seller's 3 %, as stored on the sale. */
  serviceFeeCents: z.number().int(),
  /** Both sides' fees: what the admin UI shows as the service fee (spec 02 §9). */
  totalServiceFeeCents: z.number().int(),
  payout: z.object({
    status: payoutStatusSchema,
    statusUpdatedAt: z.string(),
    /** An admin's user id, or 'system'. */
    updatedBy: z.string(),
    notes: z.string().nullable(),
    paymentDate: z.string().nullable(),
    paymentReference: z.string().nullable(),
    reclamationDeadline: z.string(),
    hasReclamation: z.boolean(),
    reclamationDetails: z.string().nullable(),
    /** A refund or dispute at the payment provider that holds or cancelled the payout. */
    paymentIssue: z.enum(paymentIssues).nullable(),
  }),
});
export type AdminSale = z.infer<typeof adminSaleSchema>;

/** The summary cards: count and sum of seller amounts per status, over all sales. */
export const payoutSummarySchema = z.array(
  z.object({ status: payoutStatusSchema, count: z.number().int(), sellerReceivableCents: z.number().int() }),
);

/** Newest purchase first; `summary` covers every sale whatever the filter. */
export const adminSalesResponseSchema = z.object({
  sales: z.array(adminSaleSchema),
  summary: payoutSummarySchema,
});

const notesSchema = z.string().trim().max(maxPayoutNotesLength, payoutMessages.notesTooLong);

/** PATCH /api/admin/sales/:id/payout: the status dialog for one sale. */
export const updatePayoutSchema = z.object({
  status: payoutStatusSchema,
  paymentReference: z
    .string()
    .trim()
    .max(maxPaymentReferenceLength, payoutMessages.referenceTooLong)
    .refine(isSingleLineText, singleLineTextMessage)
    .optional(),
  notes: notesSchema.optional(),
});
export type UpdatePayout = z.infer<typeof updatePayoutSchema>;

/** PATCH /api/admin/sales/payout: several sales at once, in one transaction, without a reference. */
export const bulkUpdatePayoutSchema = z.object({
  saleIds: z
    .array(z.uuid())
    .min(1, payoutMessages.noSalesChosen)
    .max(maxBulkPayoutUpdate, payoutMessages.tooManySales),
  status: payoutStatusSchema,
  notes: notesSchema.optional(),
});

export const payoutUpdateResultSchema = z.object({ updated: z.number().int() });

/**
 * The CSV export's columns, in the spec's order (spec 02 §3), then ours: the provider's refund or
 * dispute of the payment (`paymentIssue`, in the admin's words), which a bookkeeper recovering
 * money from a seller needs beside the status.
 */
export const payoutCsvColumns = [
  'saleDate',
  'buyerId',
  'buyerEmail',
  'sellerId',
  'sellerEmail',
  'sellerFirstName',
  'sellerLastName',
  'sellerIban',
  'ticketId',
  'sellerReceivable',
  'serviceFee',
  'eventDate',
  'eventName',
  'paymentStatus',
  'paymentDate',
  'paymentReference',
  'reclamationDeadline',
  'hasReclamation',
  'paymentIssue',
] as const;

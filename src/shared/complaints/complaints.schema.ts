import { z } from 'zod';
import { isStorableText, unstorableTextMessage } from '../text.ts';
import {
  complaintMessages,
  complaintReasonLabels,
  complaintReasons,
  complaintRoles,
  complaintStatuses,
  complaintStatusLabels,
  evidenceAccept,
  evidenceMessages,
  maxComplaintTextLength,
  maxEvidenceBytes,
  maxEvidenceFiles,
  maxEvidencePdfPages,
  maxResolutionReasonLength,
  minComplaintTextLength,
} from './complaint-rules.ts';

// A buyer's complaint about a bought ticket (reklamaatio; issue 24, docs/decisions/036): filed
// within the complaint window (src/shared/complaint-window.ts) with evidence, it holds the seller's
// payout; the seller may answer once with evidence of their own; an admin refunds the buyer or
// rejects it with a reason, which releases the payout. The words and limits live in
// complaint-rules.ts, which the pages load without zod; they are exported here too.
export type { ComplaintReason, ComplaintRole, ComplaintStatus } from './complaint-rules.ts';
export {
  complaintMessages,
  complaintReasonLabels,
  complaintReasons,
  complaintRoles,
  complaintStatuses,
  complaintStatusLabels,
  evidenceAccept,
  evidenceMessages,
  maxComplaintTextLength,
  maxEvidenceBytes,
  maxEvidenceFiles,
  maxEvidencePdfPages,
  maxResolutionReasonLength,
  minComplaintTextLength,
};

const complaintText = (messages: { required: string; tooShort: string; tooLong: string }) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, { message: messages.required, abort: true })
    .min(minComplaintTextLength, { message: messages.tooShort, abort: true })
    .max(maxComplaintTextLength, { message: messages.tooLong, abort: true })
    .refine(isStorableText, unstorableTextMessage);

/** The `complaint` JSON part of POST /api/complaints/:ticketId (the evidence files beside it). */
export const fileComplaintSchema = z.object({
  reason: z.enum(complaintReasons, { error: complaintMessages.reasonRequired }),
  description: complaintText({
    required: complaintMessages.descriptionRequired,
    tooShort: complaintMessages.descriptionTooShort,
    tooLong: complaintMessages.descriptionTooLong,
  }),
});
export type FileComplaint = z.input<typeof fileComplaintSchema>;
export type FileComplaintBody = z.output<typeof fileComplaintSchema>;

/** The `response` JSON part of POST /api/complaints/:ticketId/response: the seller's answer. */
export const complaintResponseSchema = z.object({
  text: complaintText({
    required: complaintMessages.responseRequired,
    tooShort: complaintMessages.responseTooShort,
    tooLong: complaintMessages.responseTooLong,
  }),
});
export type ComplaintResponse = z.input<typeof complaintResponseSchema>;
export type ComplaintResponseBody = z.output<typeof complaintResponseSchema>;

export const complaintTicketParamsSchema = z.object({ ticketId: z.uuid() });
export const complaintEvidenceParamsSchema = z.object({ ticketId: z.uuid(), evidenceId: z.uuid() });

/** A file attached to a complaint or its answer, as stored: a picture as WebP, a PDF as sent. */
export const complaintEvidenceSchema = z.object({
  id: z.uuid(),
  /** The name it was sent with, for people to recognise it. */
  fileName: z.string(),
  contentType: z.enum(['image/webp', 'application/pdf']),
  sizeBytes: z.number().int(),
  uploadedAt: z.string(),
});
export type ComplaintEvidence = z.infer<typeof complaintEvidenceSchema>;

/**
 * A complaint as its buyer or seller sees it. Each side sees both texts but only its own files:
 * the other side's evidence may show faces, names and messages of people who did not send it to
 * them (docs/decisions/036); the admin sees all of it.
 */
export const complaintSchema = z.object({
  id: z.uuid(),
  reason: z.enum(complaintReasons),
  description: z.string(),
  createdAt: z.string(),
  status: z.enum(complaintStatuses),
  /** The files of the side asking. */
  ownEvidence: z.array(complaintEvidenceSchema),
  /** How many files the other side attached. */
  otherEvidenceCount: z.number().int(),
  sellerResponse: z.object({ text: z.string(), respondedAt: z.string() }).nullable(),
  /** The admin's decision, once made; `reason` is given for a rejection. */
  resolution: z
    .object({
      decision: z.enum(['refund', 'reject']),
      reason: z.string().nullable(),
      resolvedAt: z.string(),
    })
    .nullable(),
});
export type Complaint = z.infer<typeof complaintSchema>;

/** GET /api/complaints/:ticketId: a bought or sold ticket's complaint, or whether one may be filed. */
export const complaintViewSchema = z.object({
  ticketId: z.uuid(),
  role: z.enum(complaintRoles),
  eventName: z.string(),
  eventDate: z.string(),
  /** When the buyer's complaint window closes (48 h from the event's start). */
  fileUntil: z.string(),
  /** Whether the buyer may file a complaint now: in time, none filed, the money not already returned. */
  canFile: z.boolean(),
  /** Whether the seller may answer now: a complaint is open and not yet answered. */
  canRespond: z.boolean(),
  complaint: complaintSchema.nullable(),
});
export type ComplaintView = z.infer<typeof complaintViewSchema>;

/** GET /api/complaints: the complaints the signed-in user filed or received, newest first. */
export const myComplaintsSchema = z.object({
  complaints: z.array(
    z.object({
      id: z.uuid(),
      ticketId: z.uuid(),
      role: z.enum(complaintRoles),
      status: z.enum(complaintStatuses),
      eventName: z.string(),
      createdAt: z.string(),
      /** For the seller: the complaint waits for their answer. */
      awaitsResponse: z.boolean(),
    }),
  ),
});
export type MyComplaints = z.infer<typeof myComplaintsSchema>;

// The admin area's tab 'Reklamaatiot'.

export const adminComplaintIdParamsSchema = z.object({ id: z.uuid() });
export const adminComplaintEvidenceParamsSchema = z.object({ id: z.uuid(), evidenceId: z.uuid() });
export const adminComplaintsQuerySchema = z.object({ status: z.enum(complaintStatuses).optional() });

const adminPartySchema = z.object({ id: z.uuid(), email: z.string(), name: z.string().nullable() });

export const adminComplaintSchema = z.object({
  id: z.uuid(),
  saleId: z.uuid(),
  ticketId: z.uuid(),
  eventName: z.string(),
  eventDate: z.string(),
  purchaseDate: z.string(),
  pricePaidCents: z.number().int(),
  sellerReceivableCents: z.number().int(),
  buyer: adminPartySchema,
  seller: adminPartySchema,
  reason: z.enum(complaintReasons),
  description: z.string(),
  createdAt: z.string(),
  status: z.enum(complaintStatuses),
  buyerEvidence: z.array(complaintEvidenceSchema),
  sellerEvidence: z.array(complaintEvidenceSchema),
  sellerResponse: z.object({ text: z.string(), respondedAt: z.string() }).nullable(),
  /**
   * The seller had already been paid when the complaint came: a support case, as a refund then
   * has to be recovered from the seller.
   */
  payoutPaidBeforeComplaint: z.boolean(),
  /** The sale's payout status now (modules/payouts). */
  payoutStatus: z.string(),
  resolution: z
    .object({
      decision: z.enum(['refund', 'reject']),
      reason: z.string().nullable(),
      resolvedAt: z.string(),
      resolvedBy: z.uuid(),
    })
    .nullable(),
});
export type AdminComplaint = z.infer<typeof adminComplaintSchema>;
export const adminComplaintsResponseSchema = z.object({ complaints: z.array(adminComplaintSchema) });

/** POST /api/admin/complaints/:id/resolution. */
export const resolveComplaintSchema = z.discriminatedUnion(
  'decision',
  [
    z.object({ decision: z.literal('refund') }),
    z.object({
      decision: z.literal('reject'),
      reason: z
        .string({ error: complaintMessages.rejectionReasonRequired })
        .trim()
        .min(1, { message: complaintMessages.rejectionReasonRequired, abort: true })
        .max(maxResolutionReasonLength, { message: complaintMessages.rejectionReasonTooLong, abort: true })
        .refine(isStorableText, unstorableTextMessage),
    }),
  ],
  { error: complaintMessages.decisionRequired },
);
export type ResolveComplaint = z.input<typeof resolveComplaintSchema>;

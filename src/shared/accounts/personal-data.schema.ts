import { z } from 'zod';
import { auditActions } from '../admin/admin.schema.ts';
import { paymentIssues, payoutStatuses } from '../admin/payouts.schema.ts';
import { complaintReasons, complaintRoles, complaintStatuses } from '../complaints/complaints.schema.ts';
import { listingStatuses } from '../listings/seller-listing.schema.ts';

// "My data" (GDPR art. 15 and 20): everything Lipputori stores about one person, as one JSON file
// downloaded from the profile. The schema is the file's format; it is also the serializer's
// allowlist, so a field not named here (a password hash, a session token, a payment's client
// secret) can never reach the file. Times are ISO 8601 strings, money integer cents.

const time = z.iso.datetime({ offset: true });
const cents = z.number().int();

/** Our refund of the whole payment (a complaint upheld, a cancelled event), if any. */
const refundSchema = z
  .object({
    reason: z.enum(['complaint', 'event_cancelled']),
    amountCents: cents,
    requestedAt: time,
    sentToProviderAt: time.nullable(),
  })
  .nullable();

export const personalDataFormat = 'lipputori-omat-tiedot/1';

export const personalDataExportSchema = z.object({
  format: z.literal(personalDataFormat),
  exportedAt: time,
  about: z.string(),
  account: z.object({
    id: z.string(),
    email: z.string(),
    /** Null until the address is confirmed: until then nothing is matched to the account by it. */
    emailVerifiedAt: time.nullable(),
    username: z.string().nullable(),
    displayName: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    iban: z.string().nullable(),
    hasPassword: z.boolean(),
    isAdmin: z.boolean(),
    tutorialCompletedAt: time.nullable(),
    disabledAt: time.nullable(),
    createdAt: time,
  }),
  linkedSignIns: z.array(z.object({ provider: z.string(), email: z.string().nullable(), linkedAt: time })),
  sessions: z.array(
    z.object({
      startedAt: time,
      lastSeenAt: time,
      expiresAt: time,
      reauthenticatedAt: time.nullable(),
      current: z.boolean(),
    }),
  ),
  passwordResets: z.array(z.object({ requestedAt: time, expiresAt: time, usedAt: time.nullable() })),
  listings: z.array(
    z.object({
      id: z.string(),
      status: z.enum(listingStatuses),
      eventName: z.string(),
      location: z.string(),
      eventVenue: z.string(),
      eventDate: time,
      eventType: z.string(),
      ticketType: z.string(),
      ticketCount: z.number().int(),
      seatInfo: z.array(z.object({ sector: z.string(), row: z.string(), seat: z.string() })),
      originalPriceCents: cents,
      sellingPriceCents: cents,
      additionalFeesCents: cents,
      serviceFeeCents: cents,
      listingPriceCents: cents,
      sellerReceivableCents: cents,
      additionalInfo: z.string(),
      rejectionReason: z.string().nullable(),
      reviewedAt: time.nullable(),
      soldAt: time.nullable(),
      createdAt: time,
      files: z.array(
        z.object({
          fileName: z.string(),
          originalFileName: z.string(),
          sizeBytes: z.number().int(),
          pageCount: z.number().int().nullable(),
          sha256: z.string(),
          uploadedAt: time,
        }),
      ),
      removal: z
        .object({ removedAt: time, reason: z.string(), customReason: z.string().nullable() })
        .nullable(),
    }),
  ),
  refusedDuplicates: z.array(
    z.object({
      eventName: z.string(),
      originalFileName: z.string(),
      matchedBy: z.enum(['barcode', 'file']),
      attemptedAt: time,
    }),
  ),
  paymentAttempts: z.array(
    z.object({
      id: z.string(),
      listingId: z.string(),
      status: z.string(),
      amountCents: cents,
      lastErrorCode: z.string().nullable(),
      startedAt: time,
      holdEndedAt: time,
    }),
  ),
  purchases: z.array(
    z.object({
      saleId: z.string(),
      listingId: z.string(),
      eventName: z.string(),
      eventDate: time,
      purchasedAt: time,
      pricePaidCents: cents,
      refund: refundSchema,
    }),
  ),
  sales: z.array(
    z.object({
      saleId: z.string(),
      listingId: z.string(),
      eventName: z.string(),
      eventDate: time,
      soldAt: time,
      pricePaidCents: cents,
      serviceFeeCents: cents,
      sellerReceivableCents: cents,
      payout: z
        .object({
          status: z.enum(payoutStatuses),
          paymentDate: time.nullable(),
          paymentReference: z.string().nullable(),
          reclamationDeadline: time,
          hasReclamation: z.boolean(),
          reclamationDetails: z.string().nullable(),
          paymentIssue: z.enum(paymentIssues).nullable(),
          notes: z.string().nullable(),
        })
        .nullable(),
      refund: refundSchema,
      paymentAdjustments: z.array(
        z.object({ kind: z.enum(['refund', 'dispute']), amountCents: cents, status: z.string(), at: time }),
      ),
    }),
  ),
  /** Complaints the person filed as a buyer or received as a seller, with their own files' details. */
  complaints: z.array(
    z.object({
      id: z.string(),
      role: z.enum(complaintRoles),
      saleId: z.string(),
      listingId: z.string(),
      eventName: z.string(),
      reason: z.enum(complaintReasons),
      description: z.string(),
      filedAt: time,
      status: z.enum(complaintStatuses),
      sellerResponse: z.string().nullable(),
      sellerRespondedAt: time.nullable(),
      resolution: z
        .object({ decision: z.enum(['refund', 'reject']), reason: z.string().nullable(), decidedAt: time })
        .nullable(),
      ownEvidence: z.array(
        z.object({
          fileName: z.string(),
          contentType: z.string(),
          sizeBytes: z.number().int(),
          uploadedAt: time,
        }),
      ),
    }),
  ),
  newsletter: z
    .object({
      email: z.string(),
      status: z.enum(['pending', 'confirmed', 'unsubscribed']),
      subscribedAt: time,
      confirmedAt: time.nullable(),
      unsubscribedAt: time.nullable(),
      consentHistory: z.array(
        z.object({ event: z.enum(['requested', 'confirmed', 'unsubscribed']), at: time }),
      ),
    })
    .nullable(),
  contactMessages: z.array(
    z.object({ name: z.string(), email: z.string(), subject: z.string(), message: z.string(), sentAt: time }),
  ),
  mails: z.array(z.object({ subject: z.string(), queuedAt: time, sentAt: time.nullable() })),
  adminActions: z.array(
    z.object({
      action: z.enum(auditActions),
      entityType: z.string(),
      entityId: z.string(),
      before: z.record(z.string(), z.unknown()).nullable(),
      after: z.record(z.string(), z.unknown()).nullable(),
      at: time,
    }),
  ),
  analyticsEvents: z.array(
    z.object({
      category: z.string(),
      action: z.string(),
      label: z.string().nullable(),
      value: z.number().nullable(),
      metadata: z.record(z.string(), z.unknown()).nullable(),
      at: time,
    }),
  ),
});

export type PersonalDataExport = z.infer<typeof personalDataExportSchema>;

import { z } from 'zod';
import { sellerListingSchema } from '../listings/seller-listing.schema.ts';
import { activeContentKinds } from '../listings/ticket-file.ts';

// The admin area (spec 01 §2 "Admin entry guard", spec 02 §2 "Admin panel", §4-§8): the access
// key, the listing review, ticket files and event images. Payouts are in payouts.schema.ts.

/** The access cookie lasts a day (spec 01 §9). */
export const adminAccessHours = 24;

/**
 * What the admin area's own rules say. The key's and the image checks' messages (the spec's
 * English) are the error catalogue's: 'invalid-access-key', 'invalid-image', 'image-too-large'.
 */
export const adminMessages = {
  rejectionReasonRequired: 'Hylkäyksen syy on pakollinen',
  rejectionReasonTooLong: 'Hylkäyksen syy voi olla enintään 500 merkkiä pitkä',
  unknownImage: 'Kuvaa ei löytynyt',
} as const;

export const maxRejectionReasonLength = 500;
/** Admin image uploads (spec 02 §9). */
export const maxAdminImageBytes = 10 * 1024 * 1024;

// ── Access ────────────────────────────────────────────────────────────────────────────────────

/** POST /api/admin/access: the key from configuration, typed into 'Admin Access Required'. */
export const adminAccessRequestSchema = z.object({ key: z.string().max(200) });

/** GET and POST /api/admin/access: whether this admin's browser holds a valid access cookie. */
export const adminAccessStatusSchema = z.object({
  granted: z.boolean(),
  /** ISO instant the cookie stops working; null when not granted. */
  expiresAt: z.string().nullable(),
});
export type AdminAccessStatus = z.infer<typeof adminAccessStatusSchema>;

// ── Listing review ────────────────────────────────────────────────────────────────────────────

export const adminListingsQuerySchema = z.object({ status: z.literal('pending').default('pending') });

export const adminListingIdParamsSchema = z.object({ id: z.uuid() });

/** The seller as the review card shows them (spec 02 §3: username, full name, e-mail, IBAN). */
export const adminSellerSchema = z.object({
  id: z.uuid(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  /** Normalised ('FI…' without spaces), or null. */
  iban: z.string().nullable(),
});
export type AdminSeller = z.infer<typeof adminSellerSchema>;

/** What the upload check read from one file of the listing. */
export const adminListingFileSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  fileNumber: z.number().int(),
  pageCount: z.number().int().nullable(),
  /** Barcodes read from the file (QR, Aztec, PDF417, Code128, DataMatrix). */
  barcodeCount: z.number().int(),
  /**
   * What the check found that a ticket never needs (in practice 'embedded_files': JavaScript,
   * Launch and SubmitForm actions are refused at upload); null for a file stored before the check looked.
   */
  activeContent: z.array(z.enum(activeContentKinds)).nullable(),
});

/**
 * A refused attempt to list a ticket that another open or sold listing already holds: made by
 * this listing's seller (against some other listing), or by someone else against this listing.
 */
export const adminDuplicateAttemptSchema = z.object({
  id: z.uuid(),
  attemptedAt: z.string(),
  attemptedBy: z.object({ id: z.uuid(), username: z.string().nullable(), email: z.string() }),
  matchedBy: z.enum(['barcode', 'file']),
  originalFileName: z.string(),
  eventName: z.string(),
  /** The listing that holds the ticket (a link in the card); null once it was deleted. */
  existingListing: z.object({ id: z.uuid(), eventName: z.string(), status: z.string() }).nullable(),
});
export type AdminDuplicateAttempt = z.infer<typeof adminDuplicateAttemptSchema>;

/** A listing under review, with its seller and what the upload check found. */
export const adminListingSchema = sellerListingSchema.extend({
  imageSource: z.string().nullable(),
  seller: adminSellerSchema,
  files: z.array(adminListingFileSchema),
  /** Attempts by this seller to list a ticket another listing holds. */
  sellerDuplicateAttempts: z.array(adminDuplicateAttemptSchema),
  /** Attempts by anyone to list a ticket this listing holds. */
  duplicateAttemptsOnListing: z.array(adminDuplicateAttemptSchema),
  /**
   * An admin has cancelled an event of this name on this day: the listing came in as the event was
   * being cancelled, or was not among the listings the cancellation chose.
   */
  eventCancelled: z.boolean(),
});
export type AdminListing = z.infer<typeof adminListingSchema>;

/** GET /api/admin/listings?status=pending: newest first. */
export const adminListingsResponseSchema = z.object({ listings: z.array(adminListingSchema) });

export const rejectListingSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, adminMessages.rejectionReasonRequired)
    .max(maxRejectionReasonLength, adminMessages.rejectionReasonTooLong),
});

/** The answer of approve and reject: the listing's status after the change. */
export const moderationResultSchema = z.object({ id: z.uuid(), status: z.enum(['listed', 'rejected']) });

/** GET /api/admin/listings/:id/files: each file with its own download address and its pages. */
export const adminListingFilesResponseSchema = z.object({
  eventName: z.string(),
  files: z.array(
    z.object({
      id: z.uuid(),
      fileName: z.string(),
      /** GET this for the PDF itself (inline; `?download=1` to save it). */
      url: z.string(),
      /** Pages the upload check counted; null for a file stored without it (show its first page). */
      pageCount: z.number().int().nullable(),
      /**
       * GET this followed by a page number (1-based) for that page as a WebP image, as the viewer
       * shows the file: e.g. `${pagesUrl}1`.
       */
      pagesUrl: z.string(),
    }),
  ),
  /** GET this for every file at once: one PDF as '{eventName}-lippu.pdf', several zipped. */
  downloadUrl: z.string(),
});
export type AdminListingFiles = z.infer<typeof adminListingFilesResponseSchema>;

// ── Event images ──────────────────────────────────────────────────────────────────────────────

/** An image the admin may give a listing: a shipped category default or an earlier upload. */
export const adminImageSchema = z.object({
  url: z.string(),
  /** Category code for a default, null for an upload. */
  category: z.string().nullable(),
  /** Upload id; null for a default. */
  uploadId: z.uuid().nullable(),
  originalFileName: z.string().nullable(),
  uploadedAt: z.string().nullable(),
});
export type AdminImage = z.infer<typeof adminImageSchema>;

/** GET /api/admin/images: tab 'Kategoriakuvat' (by category) and tab 'Ladatut kuvat' (newest first). */
export const adminImagesResponseSchema = z.object({
  categories: z.array(
    z.object({ category: z.string(), label: z.string(), images: z.array(adminImageSchema) }),
  ),
  uploaded: z.array(adminImageSchema),
});

/**
 * PUT /api/admin/listings/:id/image as JSON: choose an image the server knows (a category
 * default's url or an earlier upload's url). A new picture is sent as multipart/form-data instead,
 * its one file under `image` (JPG, PNG or WebP, at most 10 MB), and is converted to WebP.
 */
export const chooseListingImageSchema = z.object({ url: z.string().max(300) });

export const listingImageResultSchema = z.object({ id: z.uuid(), eventImage: z.string() });

// ── Audit ─────────────────────────────────────────────────────────────────────────────────────

export const auditActions = [
  'admin.access',
  'listing.approve',
  'listing.reject',
  'listing.image',
  'payout.update',
  'admin.grant',
  'admin.revoke',
  'event.cancel',
  'complaint.refund',
  'complaint.reject',
] as const;

export const auditEntrySchema = z.object({
  id: z.uuid(),
  at: z.string(),
  /** The admin who acted; null when an operator ran `npm run admin` on the server. */
  admin: z.object({ id: z.uuid(), username: z.string().nullable(), email: z.string() }).nullable(),
  /** That operator: OS user and host. */
  operator: z.string().nullable(),
  action: z.enum(auditActions),
  /** 'listing', 'sale', 'admin' or 'user', and its id. */
  entityType: z.string(),
  entityId: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });
export const auditResponseSchema = z.object({ entries: z.array(auditEntrySchema) });

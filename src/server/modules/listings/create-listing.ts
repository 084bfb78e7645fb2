import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { eventTypeName } from '#shared/categories.ts';
import { finnishDate, helsinkiDateTime } from '#shared/dates.ts';
import { type ErrorCode, errorMessages } from '#shared/errors.ts';
import {
  type ListingResubmission,
  type ListingSubmission,
  listingPriceCents,
} from '#shared/listings/listing.schema.ts';
import type { SellerListing } from '#shared/listings/seller-listing.schema.ts';
import {
  duplicateTicketMessage,
  type HoldingStatus,
  sellingMessages,
} from '#shared/listings/selling-messages.ts';
import type { ActiveContent } from '#shared/listings/ticket-file.ts';
import { formatEuros } from '#shared/money.ts';
import { calculatePrices } from '#shared/pricing.ts';
import { foldForSearch } from '#shared/search-text.ts';
import { AppError } from '../../app-error.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import {
  listingBarcodes,
  listingDuplicateAttempts,
  listingFiles,
  listings,
  users,
} from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { deleteFiles, type FileStore } from '../../platform/files/file-store.ts';
import { enqueueMail, type MailQueued } from '../../platform/mail/outbox.ts';
import { renderMail } from '../../platform/mail/templates.ts';
import {
  type InspectedTicketPdf,
  PdfRejectedError,
  type PdfRejection,
  type TicketPdfInspector,
} from '../../platform/pdf/ticket-pdf-inspector.ts';
import { updateIban } from '../accounts/accounts.service.ts';
import type { ListingLifecycle } from './listing-lifecycle.ts';
import { getSellerListing, toSellerListing } from './seller-listings.ts';
import { ticketFileKey, ticketFileName } from './ticket-file-name.ts';

// Putting tickets on sale (spec 02 §4 "Submit sequence"), all or nothing: the files are proven to
// be PDFs and their barcodes read before anything is written; the listing, its files' rows, its
// codes and the stored files land together, or none of them does.

export interface UploadedFile {
  originalName: string;
  bytes: Uint8Array;
}

export interface SellingLimits {
  /** Listings waiting for review a seller may have at once. */
  maxPending: number;
  /** Listings a seller may create in 24 hours. */
  maxPerDay: number;
}

/**
 * For each event (its name and Helsinki day, 'YYYY-MM-DD'), whether an admin has cancelled it. The
 * admin module owns cancellations (`cancelledEvents` in admin/event-cancellations.ts); app.ts
 * hands it to the routes that need it.
 */
export type CancelledEventCheck = (
  executor: Executor,
  events: readonly { eventName: string; day: string }[],
) => Promise<boolean[]>;

export interface CreateListingDeps {
  db: Db;
  files: FileStore;
  inspector: TicketPdfInspector;
  limits: SellingLimits;
  mailQueued: MailQueued;
  /** Where the notice of a new listing goes: the team that reviews listings. */
  reviewTeamEmail: string;
  /** Whom a seller refused for a ticket listed elsewhere is told to contact. */
  supportEmail: string;
  publicUrl: string;
  cancelledEvents: CancelledEventCheck;
  log: FastifyBaseLogger;
}

/** Statuses in which a listing holds its tickets: their codes cannot be listed again. */
const holdingStatuses = ['pending', 'listed', 'sold'] as const satisfies readonly HoldingStatus[];

/** A ticket of the upload already belongs to another listing; recorded after the rollback. */
class DuplicateTicket extends Error {
  readonly existingListingId: string;
  readonly matchedBy: 'barcode' | 'file';
  readonly status: HoldingStatus;
  readonly own: boolean;
  readonly fileName: string;
  /** Which of the uploaded files it is; undefined for a listing's stored files (a resubmission). */
  readonly fileIndex: number | undefined;

  constructor(
    held: { listingId: string; status: HoldingStatus; sellerId: string },
    matchedBy: 'barcode' | 'file',
    sellerId: string,
    file: { name: string; index?: number } | undefined,
  ) {
    super('ticket already held by another listing');
    this.existingListingId = held.listingId;
    this.matchedBy = matchedBy;
    this.status = held.status;
    this.own = held.sellerId === sellerId;
    this.fileName = file?.name ?? '';
    this.fileIndex = file?.index;
  }
}

const pdfRefusals: Record<PdfRejection, { code: ErrorCode; message: string }> = {
  not_pdf: { code: 'not-a-pdf', message: errorMessages['not-a-pdf'] },
  too_large: { code: 'file-too-large', message: errorMessages['file-too-large'] },
  unreadable: { code: 'not-a-pdf', message: sellingMessages.pdfUnreadable },
  password_protected: { code: 'not-a-pdf', message: sellingMessages.pdfPasswordProtected },
  no_pages: { code: 'not-a-pdf', message: sellingMessages.pdfUnreadable },
  too_many_pages: { code: 'not-a-pdf', message: sellingMessages.pdfTooManyPages },
  too_complex: { code: 'not-a-pdf', message: sellingMessages.pdfTooHeavy },
};

/**
 * What a ticket never needs and a buyer's PDF reader could run: refused at upload. Embedded files
 * are kept and shown to the reviewer (decision 018).
 */
const refusedActiveContent: readonly ActiveContent[] = ['javascript', 'launch', 'submit_form'];

/** Each file checked by what it is, in order; the first refusal names the file. */
async function inspectAll(
  inspector: TicketPdfInspector,
  sellerId: string,
  uploads: UploadedFile[],
): Promise<InspectedTicketPdf[]> {
  const inspected: InspectedTicketPdf[] = [];
  const refuse = (index: number, code: ErrorCode, message: string) =>
    new AppError(code, {
      message: `${uploads[index]?.originalName}: ${message}`,
      issues: [{ path: `files.${index}`, message }],
    });
  for (const [index, upload] of uploads.entries()) {
    let file: InspectedTicketPdf;
    try {
      file = await inspector.inspect(upload.bytes, sellerId);
    } catch (error) {
      if (!(error instanceof PdfRejectedError)) throw error;
      const refusal = pdfRefusals[error.reason];
      throw refuse(index, refusal.code, refusal.message);
    }
    if (file.activeContent.some((found) => refusedActiveContent.includes(found)))
      throw refuse(index, 'not-a-pdf', sellingMessages.pdfActiveContent);
    inspected.push(file);
  }
  // A code printed on two pages of one file is one ticket; on two files, the same ticket twice.
  const codes = inspected.flatMap((file) => [
    ...new Set(file.barcodes.map((barcode) => barcode.fingerprint)),
  ]);
  const shas = inspected.map((file) => file.sha256);
  if (new Set(codes).size !== codes.length || new Set(shas).size !== shas.length)
    throw new AppError('invalid-argument', { message: sellingMessages.sameTicketTwice });
  return inspected;
}

/** Serialises work on one key across processes until the transaction ends. */
async function lockKey(tx: Tx, space: string, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${space}), hashtext(${key}))`);
}

/** Refuses when the seller already has as many listings under review, or created today, as allowed. */
async function checkQuota(executor: Executor, sellerId: string, limits: SellingLimits): Promise<void> {
  const [counts] = await executor
    .select({
      pending: count(sql`case when ${listings.status} = 'pending' then 1 end`),
      today: count(sql`case when ${listings.createdAt} > now() - interval '1 day' then 1 end`),
    })
    .from(listings)
    .where(eq(listings.sellerId, sellerId));
  if ((counts?.pending ?? 0) >= limits.maxPending || (counts?.today ?? 0) >= limits.maxPerDay)
    throw new AppError('resource-exhausted', { message: sellingMessages.quotaReached });
}

/**
 * Refuses a listing for an event an admin has cancelled, at the event's name, where the wizard
 * shows it. Asked inside the transaction that writes the listing: a cancellation recorded while the
 * files were checked is seen; one recorded after this point leaves a pending listing, which the
 * review flags (admin-review.service.ts).
 */
async function refuseCancelledEvent(
  deps: CreateListingDeps,
  tx: Tx,
  values: { eventName: string; eventDate: string },
): Promise<void> {
  const [cancelled] = await deps.cancelledEvents(tx, [
    { eventName: values.eventName, day: values.eventDate },
  ]);
  if (cancelled) throw AppError.field('event-cancelled', 'eventName', sellingMessages.eventCancelled);
}

/** A ticket's barcode fingerprints and file hash, each with the file it came from (an upload's index). */
interface TicketKeys {
  codes: { key: string; name: string; index?: number }[];
  shas: { key: string; name: string; index?: number }[];
}

function uploadKeys(uploads: UploadedFile[], inspected: InspectedTicketPdf[]): TicketKeys {
  const name = (index: number) => uploads[index]?.originalName ?? '';
  return {
    codes: inspected.flatMap((file, index) =>
      [...new Set(file.barcodes.map((barcode) => barcode.fingerprint))].map((key) => ({
        key,
        name: name(index),
        index,
      })),
    ),
    shas: inspected.map((file, index) => ({ key: file.sha256, name: name(index), index })),
  };
}

/**
 * Refuses a ticket whose code or file another open or sold listing (than `ownListingId`) holds. The
 * codes are locked first, so two sellers uploading the same ticket at once queue here and the
 * second sees the first.
 */
async function checkNotHeldElsewhere(
  tx: Tx,
  sellerId: string,
  { codes, shas }: TicketKeys,
  ownListingId?: string,
) {
  for (const key of [...codes, ...shas].map((entry) => entry.key).sort())
    await lockKey(tx, 'ticket-code', key);
  const holdingListing = and(
    inArray(listings.status, [...holdingStatuses]),
    ownListingId ? ne(listings.id, ownListingId) : undefined,
  );

  if (codes.length > 0) {
    const [held] = await tx
      .select({
        listingId: listings.id,
        status: listings.status,
        sellerId: listings.sellerId,
        fingerprint: listingBarcodes.fingerprint,
      })
      .from(listingBarcodes)
      .innerJoin(listings, eq(listings.id, listingBarcodes.listingId))
      .where(
        and(
          inArray(
            listingBarcodes.fingerprint,
            codes.map((code) => code.key),
          ),
          holdingListing,
        ),
      )
      .limit(1);
    if (held)
      throw new DuplicateTicket(
        holding(held),
        'barcode',
        sellerId,
        codes.find((code) => code.key === held.fingerprint),
      );
  }
  if (shas.length === 0) return;
  const [sameFile] = await tx
    .select({
      listingId: listings.id,
      status: listings.status,
      sellerId: listings.sellerId,
      sha256: listingFiles.sha256,
    })
    .from(listingFiles)
    .innerJoin(listings, eq(listings.id, listingFiles.listingId))
    .where(
      and(
        inArray(
          listingFiles.sha256,
          shas.map((sha) => sha.key),
        ),
        holdingListing,
      ),
    )
    .limit(1);
  if (sameFile)
    throw new DuplicateTicket(
      holding(sameFile),
      'file',
      sellerId,
      shas.find((sha) => sha.key === sameFile.sha256),
    );
}

/** The holding listing as the refusal tells of it (the query asks only for holding statuses). */
const holding = (row: { listingId: string; status: string; sellerId: string }) => ({
  ...row,
  status: row.status as HoldingStatus,
});

/** The columns of a listing's fields as the seller gave them, prices computed here. */
function listingColumns(values: ListingResubmission) {
  const cents = listingPriceCents(values);
  const prices = calculatePrices(cents.sellingPriceCents, cents.additionalFeesCents);
  const seated = values.hasAssignedSeat === 'kylla';
  return {
    eventName: values.eventName,
    eventImage: values.eventImage || null,
    imageSource: values.eventImage ? values.imageSource : null,
    location: values.location,
    eventVenue: values.eventVenue,
    eventDate: helsinkiDateTime(values.eventDate, values.eventTime),
    eventTime: values.eventTime,
    hasMultipleDays: values.hasMultipleDays,
    eventEndDate: values.hasMultipleDays ? values.eventEndDate : null,
    eventType: values.eventType,
    ticketType: values.ticketType,
    ticketCount: values.ticketCount,
    hasAssignedSeat: seated,
    seatInfo: seated ? values.seatInfo : [],
    ...cents,
    serviceFeeCents: prices.serviceFeeCents,
    listingPriceCents: prices.listingPriceCents,
    sellerReceivableCents: prices.sellerReceivableCents,
    deliveryMethod: 'pdf',
    additionalInfo: values.additionalInfo,
    searchText: foldForSearch(`${values.eventName} ${values.location} ${eventTypeName(values.eventType)}`),
  };
}

function listingRow(sellerId: string, submission: ListingSubmission) {
  return {
    sellerId,
    status: 'pending' as const,
    ...listingColumns(submission),
    submissionId: submission.submissionId,
  };
}

const isUniqueViolation = (error: unknown) =>
  [error, (error as { cause?: unknown })?.cause].some((e) => (e as { code?: string })?.code === '23505');

async function notifyReviewTeam(deps: CreateListingDeps, listing: SellerListing): Promise<void> {
  const mail = renderMail({
    heading: 'Uusi lippu odottaa tarkastusta',
    paragraphs: [
      `${listing.eventName}, ${finnishDate(new Date(listing.eventDate))}, ${listing.eventVenue}, ${listing.location}`,
      `${listing.ticketCount} kpl · myyntihinta ${formatEuros(listing.sellingPriceCents)} · alkuperäinen ${formatEuros(listing.originalPriceCents)} · ostaja maksaa ${formatEuros(listing.listingPriceCents)} · myyjälle ${formatEuros(listing.sellerReceivableCents)}`,
    ],
    action: { label: 'Avaa ylläpitopaneeli', url: `${deps.publicUrl}/admin` },
  });
  await enqueueMail(deps.db, {
    to: deps.reviewTeamEmail,
    subject: `[Tarkastettavana] ${listing.eventName}`,
    ...mail,
  });
  deps.mailQueued();
}

/**
 * Records a refused attempt to list a ticket another listing holds (the reviewer sees them), and
 * the refusal that names the file, what was found and what to do (docs/decisions/031).
 */
async function refuseDuplicate(
  deps: CreateListingDeps,
  sellerId: string,
  eventName: string,
  duplicate: DuplicateTicket,
) {
  await deps.db.insert(listingDuplicateAttempts).values({
    attemptedBy: sellerId,
    existingListingId: duplicate.existingListingId,
    matchedBy: duplicate.matchedBy,
    eventName,
    originalFileName: duplicate.fileName.slice(0, 255),
  });
  const message = duplicateTicketMessage({
    fileName: duplicate.fileName,
    matchedBy: duplicate.matchedBy,
    status: duplicate.status,
    own: duplicate.own,
    supportEmail: deps.supportEmail,
  });
  return new AppError('ticket-already-on-sale', {
    message,
    issues:
      duplicate.fileIndex === undefined ? undefined : [{ path: `files.${duplicate.fileIndex}`, message }],
  });
}

/** Puts a seller's tickets up for review. Throws AppError for everything the seller can fix. */
export async function createListing(
  deps: CreateListingDeps,
  sellerId: string,
  submission: ListingSubmission,
  uploads: UploadedFile[],
): Promise<SellerListing> {
  const { db } = deps;
  const alreadySubmitted = await db
    .select({ id: listings.id })
    .from(listings)
    .where(eq(listings.submissionId, submission.submissionId));
  if (alreadySubmitted.length > 0) throw new AppError('already-submitted');
  // Every limit of the account before any file is parsed: a seller at the quota costs no PDF work.
  // Counted again under the lock below, where parallel submissions meet.
  await checkQuota(db, sellerId, deps.limits);

  if (submission.iban) await updateIban(db, sellerId, submission.iban);
  else {
    const [seller] = await db.select({ iban: users.iban }).from(users).where(eq(users.id, sellerId));
    if (!seller?.iban) throw AppError.field('iban-required', 'iban');
  }

  const inspected = await inspectAll(deps.inspector, sellerId, uploads);

  const stored: string[] = [];
  try {
    const created = await inTransaction(db, async ({ tx }) => {
      // One seller's submissions queue here, so two at once cannot both pass a count of 9.
      await lockKey(tx, 'listing-quota', sellerId);
      await checkQuota(tx, sellerId, deps.limits);
      await refuseCancelledEvent(deps, tx, submission);
      await checkNotHeldElsewhere(tx, sellerId, uploadKeys(uploads, inspected));
      const [row] = await tx.insert(listings).values(listingRow(sellerId, submission)).returning();
      if (!row) throw new Error('listing insert returned nothing');
      const files: { id: string; fileName: string }[] = [];
      for (const [index, upload] of uploads.entries()) {
        const file = inspected[index] as InspectedTicketPdf;
        const fileName = ticketFileName(upload.originalName, index + 1, uploads.length);
        const storageKey = ticketFileKey(row.id, fileName);
        const [fileRow] = await tx
          .insert(listingFiles)
          .values({
            listingId: row.id,
            storageKey,
            fileName,
            originalFileName: upload.originalName.slice(0, 255),
            fileNumber: index + 1,
            totalFiles: uploads.length,
            sizeBytes: file.sizeBytes,
            sha256: file.sha256,
            pageCount: file.pageCount,
            activeContent: file.activeContent,
          })
          .returning({ id: listingFiles.id });
        if (!fileRow) throw new Error('file insert returned nothing');
        if (file.barcodes.length > 0)
          await tx
            .insert(listingBarcodes)
            .values(file.barcodes.map((barcode) => ({ listingId: row.id, fileId: fileRow.id, ...barcode })));
        files.push({ id: fileRow.id, fileName });
      }
      // Last, inside the transaction: a store that fails rolls the rows back with it.
      for (const [index, upload] of uploads.entries()) {
        const key = ticketFileKey(row.id, files[index]?.fileName ?? '');
        try {
          await deps.files.put(key, upload.bytes, 'application/pdf');
        } catch (error) {
          deps.log.error({ err: error, key }, 'storing a ticket file failed');
          throw new AppError('upload-failed');
        }
        stored.push(key);
      }
      return toSellerListing(row, files);
    });
    await notifyReviewTeam(deps, created).catch((error: unknown) =>
      deps.log.warn({ err: error, listingId: created.id }, 'could not queue the new-listing notice'),
    );
    return created;
  } catch (error) {
    const left = await deleteFiles(deps.files, stored);
    if (left.length > 0)
      deps.log.error({ keys: left }, 'could not delete the files of a listing that was rolled back');
    if (error instanceof DuplicateTicket)
      throw await refuseDuplicate(deps, sellerId, submission.eventName, error);
    if (isUniqueViolation(error)) throw new AppError('already-submitted');
    throw error;
  }
}

/** The codes and file hashes of a listing's stored files. */
async function storedKeys(tx: Tx, listingId: string): Promise<TicketKeys> {
  const files = await tx
    .select({ id: listingFiles.id, sha256: listingFiles.sha256, name: listingFiles.originalFileName })
    .from(listingFiles)
    .where(eq(listingFiles.listingId, listingId));
  const codes = await tx
    .selectDistinct({ fingerprint: listingBarcodes.fingerprint, fileId: listingBarcodes.fileId })
    .from(listingBarcodes)
    .where(eq(listingBarcodes.listingId, listingId));
  const nameOf = (fileId: string) => files.find((file) => file.id === fileId)?.name ?? '';
  return {
    codes: codes.map((code) => ({ key: code.fingerprint, name: nameOf(code.fileId) })),
    shas: files.map((file) => ({ key: file.sha256, name: file.name })),
  };
}

/**
 * Sends a rejected listing, corrected, back for review with the files it has (spec 02 §4 leaves a
 * rejected listing nothing else; docs/decisions/030). Only the seller's own, only while rejected,
 * within the same quota as a new listing, and only if nobody has listed its tickets meanwhile.
 */
export async function resubmitListing(
  deps: CreateListingDeps,
  lifecycle: ListingLifecycle,
  listingId: string,
  sellerId: string,
  input: ListingResubmission,
): Promise<SellerListing> {
  const { db } = deps;
  const listing = await getSellerListing(db, listingId, sellerId, sellingMessages.noEditRight);
  const notRejected = () =>
    new AppError('listing-not-on-sale', { message: sellingMessages.resubmitOnlyRejected });
  if (listing.status !== 'rejected') throw notRejected();
  // The files stay, and with them the number of tickets.
  if (input.ticketCount !== listing.ticketCount)
    throw AppError.field(
      'invalid-argument',
      'ticketCount',
      sellingMessages.resubmitTicketCount(listing.ticketCount),
    );
  await checkQuota(db, sellerId, deps.limits);
  const columns = listingColumns(input);
  // The picture it has stays (an admin's upload is no picture the form may send), unless the
  // seller picked another.
  const image =
    input.eventImage === '' || input.eventImage === listing.eventImage
      ? {}
      : { eventImage: columns.eventImage, imageSource: columns.imageSource };
  const { eventImage: _image, imageSource: _source, ...fields } = columns;
  try {
    await inTransaction(db, async (transaction) => {
      const { tx } = transaction;
      await lockKey(tx, 'listing-quota', sellerId);
      await checkQuota(tx, sellerId, deps.limits);
      await refuseCancelledEvent(deps, tx, input);
      await checkNotHeldElsewhere(tx, sellerId, await storedKeys(tx, listingId), listingId);
      if (!(await lifecycle.resubmit(transaction, listingId, sellerId, { ...fields, ...image })))
        throw notRejected();
    });
  } catch (error) {
    if (error instanceof DuplicateTicket) throw await refuseDuplicate(deps, sellerId, input.eventName, error);
    throw error;
  }
  const resubmitted = await getSellerListing(db, listingId, sellerId);
  await notifyReviewTeam(deps, resubmitted).catch((error: unknown) =>
    deps.log.warn({ err: error, listingId }, 'could not queue the resubmitted-listing notice'),
  );
  return resubmitted;
}

import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import {
  type ComplaintEvidence,
  type ComplaintRole,
  evidenceMessages,
  maxEvidencePdfPages,
} from '#shared/complaints/complaints.schema.ts';
import { errorMessages } from '#shared/errors.ts';
import { AppError } from '../../app-error.ts';
import type { Executor } from '../../db/client.ts';
import { complaintEvidence } from '../../db/schema/index.ts';
import { TurnRefusedError } from '../../platform/fair-queue.ts';
import { deleteFiles, type FileStore } from '../../platform/files/file-store.ts';
import { convertInTurn } from '../../platform/images/picture-turns.ts';
import {
  checkPicture,
  ImageRejectedError,
  type ImageRejection,
} from '../../platform/images/webp-converter.ts';
import {
  type PdfCheck,
  PdfRejectedError,
  type PdfRejection,
  type TicketPdfInspector,
} from '../../platform/pdf/ticket-pdf-inspector.ts';

// The files people attach to a complaint and its answer (docs/decisions/036): checked by their
// content, a picture encoded again as WebP (no metadata, nothing appended), a PDF kept as sent once
// the ticket PDFs' check has found it opens, within its limits and with nothing that runs; only
// ever handed out as an attachment.

/** An uploaded file as the route read it; the size limit held while reading. */
export interface EvidenceUpload {
  originalName: string;
  bytes: Buffer;
}

/** A checked file, written to the store, to be recorded in the complaint's transaction. */
export interface StoredEvidence {
  id: string;
  fileKey: string;
  originalFileName: string;
  contentType: 'image/webp' | 'application/pdf';
  sizeBytes: number;
}

/** What storing evidence needs: the file store and the PDF check. */
export interface EvidenceDeps {
  files: FileStore;
  pdfs: TicketPdfInspector;
}

/** Large enough to read a photographed ticket or a screenshot of a message; larger ones are scaled down. */
const maxEvidenceImageSide = 2560;

/**
 * The ticket PDFs' check with evidence's page limit; no barcodes are read, as evidence is never
 * listed. Every page is still loaded and its images' declared sizes checked.
 */
const evidencePdfCheck: PdfCheck = { maxPages: maxEvidencePdfPages, readBarcodes: false };

const pictureRefusals: Record<ImageRejection, string> = {
  not_image: errorMessages['invalid-evidence'],
  unreadable: evidenceMessages.pictureUnreadable,
  too_large: evidenceMessages.pictureTooLarge,
};

const pdfRefusals: Record<PdfRejection, string> = {
  not_pdf: errorMessages['invalid-evidence'],
  too_large: errorMessages['file-too-large'],
  unreadable: evidenceMessages.pdfUnreadable,
  password_protected: evidenceMessages.pdfPasswordProtected,
  no_pages: evidenceMessages.pdfUnreadable,
  too_many_pages: evidenceMessages.pdfTooManyPages,
  too_complex: evidenceMessages.pdfTooHeavy,
};

/** The refusal of one file, named in the message (up to five are sent at once). */
const refusal = (upload: EvidenceUpload, message: string) =>
  new AppError('invalid-evidence', {
    message: `${upload.originalName}: ${message}`,
    issues: [{ path: 'evidence', message }],
  });

const evidenceKey = (complaintId: string, id: string, extension: string) =>
  `complaints/${complaintId}/${id}.${extension}`;

/**
 * What the file is by its magic bytes, a picture's header checked against the decoding limits:
 * nothing is decoded. Refuses anything else.
 */
async function kindOf(upload: EvidenceUpload): Promise<'pdf' | 'picture'> {
  const type = await fileTypeFromBuffer(upload.bytes);
  if (type?.mime === 'application/pdf') return 'pdf';
  try {
    await checkPicture(upload.bytes);
  } catch (error) {
    if (error instanceof ImageRejectedError) throw refusal(upload, pictureRefusals[error.reason]);
    throw error;
  }
  return 'picture';
}

/** A PDF through the ticket PDFs' check, in `owner`'s turn; anything active in it refuses it. */
async function checkPdf(pdfs: TicketPdfInspector, owner: string, upload: EvidenceUpload): Promise<void> {
  let activeContent: readonly string[];
  try {
    ({ activeContent } = await pdfs.inspect(upload.bytes, owner, evidencePdfCheck));
  } catch (error) {
    if (error instanceof PdfRejectedError) throw refusal(upload, pdfRefusals[error.reason]);
    throw error;
  }
  // A ticket may carry an embedded file for its reviewer to judge; nobody reviews evidence before
  // the admin opens it, so it may carry nothing of the kind.
  if (activeContent.length > 0) throw refusal(upload, evidenceMessages.pdfActiveContent);
}

/** A picture decoded and encoded again as WebP, in `owner`'s turn. */
async function pictureAsWebp(owner: string, upload: EvidenceUpload): Promise<Buffer> {
  try {
    return await convertInTurn(owner, upload.bytes, maxEvidenceImageSide);
  } catch (error) {
    if (error instanceof ImageRejectedError) throw refusal(upload, pictureRefusals[error.reason]);
    if (error instanceof TurnRefusedError)
      throw new AppError('resource-exhausted', { message: evidenceMessages.busy });
    throw error;
  }
}

/**
 * Checks every file, then writes them under the complaint; nothing is written if one is refused.
 * Cheapest first, so a hostile upload is refused before it costs anything: every file's type and
 * every picture's declared size (no decoding), then the PDFs in the PDF workers, then the pictures
 * decoded one at a time. `owner` is the account sending them: its work takes turns with others'.
 * The caller records them in its transaction, and deletes them (`discardEvidence`) if it fails.
 */
export async function storeEvidence(
  deps: EvidenceDeps,
  owner: string,
  complaintId: string,
  uploads: readonly EvidenceUpload[],
): Promise<StoredEvidence[]> {
  const kinds: ('pdf' | 'picture')[] = [];
  for (const upload of uploads) kinds.push(await kindOf(upload));
  for (const [index, upload] of uploads.entries())
    if (kinds[index] === 'pdf') await checkPdf(deps.pdfs, owner, upload);
  const checked: (StoredEvidence & { bytes: Uint8Array })[] = [];
  for (const [index, upload] of uploads.entries()) {
    const pdf = kinds[index] === 'pdf';
    const bytes = pdf ? upload.bytes : await pictureAsWebp(owner, upload);
    const id = randomUUID();
    checked.push({
      id,
      fileKey: evidenceKey(complaintId, id, pdf ? 'pdf' : 'webp'),
      originalFileName: upload.originalName,
      contentType: pdf ? 'application/pdf' : 'image/webp',
      sizeBytes: bytes.byteLength,
      bytes,
    });
  }
  const stored = checked.map(({ bytes: _bytes, ...file }): StoredEvidence => file);
  try {
    await Promise.all(checked.map((file) => deps.files.put(file.fileKey, file.bytes, file.contentType)));
  } catch {
    await discardEvidence(deps.files, stored);
    throw new AppError('upload-failed');
  }
  return stored;
}

/** Deletes files whose complaint or answer was not recorded (best effort: the hourly reconcile gets the rest). */
export async function discardEvidence(files: FileStore, stored: readonly StoredEvidence[]): Promise<void> {
  await deleteFiles(
    files,
    stored.map((file) => file.fileKey),
  );
}

/** Records the stored files as the `party`'s evidence of the complaint, in its transaction. */
export async function recordEvidence(
  executor: Executor,
  complaintId: string,
  party: ComplaintRole,
  stored: readonly StoredEvidence[],
): Promise<void> {
  if (stored.length === 0) return;
  await executor
    .insert(complaintEvidence)
    .values(stored.map((file, position) => ({ ...file, complaintId, party, position })));
}

/** The evidence of these complaints, oldest first, by complaint. */
export async function evidenceOfComplaints(
  executor: Executor,
  complaintIds: readonly string[],
): Promise<Map<string, (ComplaintEvidence & { party: ComplaintRole })[]>> {
  const byComplaint = new Map<string, (ComplaintEvidence & { party: ComplaintRole })[]>();
  if (complaintIds.length === 0) return byComplaint;
  const rows = await executor
    .select()
    .from(complaintEvidence)
    .where(inArray(complaintEvidence.complaintId, [...complaintIds]))
    .orderBy(asc(complaintEvidence.createdAt), asc(complaintEvidence.position));
  for (const row of rows) {
    const list = byComplaint.get(row.complaintId) ?? [];
    list.push({
      id: row.id,
      party: row.party,
      fileName: row.originalFileName,
      contentType: row.contentType,
      sizeBytes: row.sizeBytes,
      uploadedAt: row.createdAt.toISOString(),
    });
    byComplaint.set(row.complaintId, list);
  }
  return byComplaint;
}

/** One evidence file of a complaint (of one party's, when given) with its bytes, or undefined. */
export async function openEvidence(
  executor: Executor,
  files: FileStore,
  file: { complaintId: string; evidenceId: string; party?: ComplaintRole },
): Promise<{ fileName: string; contentType: string; stream: Readable; size: number } | undefined> {
  const [row] = await executor
    .select()
    .from(complaintEvidence)
    .where(
      and(
        eq(complaintEvidence.id, file.evidenceId),
        eq(complaintEvidence.complaintId, file.complaintId),
        ...(file.party ? [eq(complaintEvidence.party, file.party)] : []),
      ),
    );
  if (!row) return undefined;
  const stored = await files.get(row.fileKey);
  if (!stored) return undefined;
  const extension = row.contentType === 'application/pdf' ? '.pdf' : '.webp';
  const base = row.originalFileName.replace(/\.[^.]*$/, '') || 'liite';
  return { fileName: `${base}${extension}`, contentType: row.contentType, ...stored };
}

/** Which of these stored keys are complaint evidence (the hourly reconcile keeps them). */
export async function ownedEvidenceKeys(executor: Executor, keys: readonly string[]): Promise<Set<string>> {
  const candidates = keys.filter((key) => key.startsWith('complaints/'));
  if (candidates.length === 0) return new Set();
  const rows = await executor
    .select({ fileKey: complaintEvidence.fileKey })
    .from(complaintEvidence)
    .where(inArray(complaintEvidence.fileKey, candidates));
  return new Set(rows.map((row) => row.fileKey));
}

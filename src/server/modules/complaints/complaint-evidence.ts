import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { ComplaintEvidence, ComplaintRole } from '#shared/complaints/complaints.schema.ts';
import { AppError } from '../../app-error.ts';
import type { Executor } from '../../db/client.ts';
import { complaintEvidence } from '../../db/schema/index.ts';
import { deleteFiles, type FileStore } from '../../platform/files/file-store.ts';
import { convertToWebp, ImageRejectedError } from '../../platform/images/webp-converter.ts';

// The files people attach to a complaint and its answer (docs/decisions/036): checked by their
// content, a picture encoded again as WebP (no metadata, nothing appended), a PDF kept as sent and
// only ever handed out as an attachment.

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

/** Large enough to read a photographed ticket or a screenshot of a message; larger ones are scaled down. */
const maxEvidenceImageSide = 2560;

const pictureTypes = new Set(['image/jpeg', 'image/png', 'image/webp']);

const evidenceKey = (complaintId: string, id: string, extension: string) =>
  `complaints/${complaintId}/${id}.${extension}`;

/** The file as it will be stored, or 'invalid-evidence' when it is neither a picture nor a PDF. */
async function checkedEvidence(upload: EvidenceUpload): Promise<{
  bytes: Uint8Array;
  contentType: StoredEvidence['contentType'];
}> {
  const type = await fileTypeFromBuffer(upload.bytes);
  if (type?.mime === 'application/pdf') return { bytes: upload.bytes, contentType: 'application/pdf' };
  if (!type || !pictureTypes.has(type.mime)) throw AppError.field('invalid-evidence', 'evidence');
  try {
    return { bytes: await convertToWebp(upload.bytes, maxEvidenceImageSide), contentType: 'image/webp' };
  } catch (error) {
    if (error instanceof ImageRejectedError) throw AppError.field('invalid-evidence', 'evidence');
    throw error;
  }
}

/**
 * Checks every file, then writes them under the complaint; nothing is written if one is refused.
 * The caller records them in its transaction, and deletes them (`discardEvidence`) if it fails.
 */
export async function storeEvidence(
  files: FileStore,
  complaintId: string,
  uploads: readonly EvidenceUpload[],
): Promise<StoredEvidence[]> {
  // One at a time: each picture's decoding holds its pixels in memory.
  const checked: (StoredEvidence & { bytes: Uint8Array })[] = [];
  for (const upload of uploads) {
    const { bytes, contentType } = await checkedEvidence(upload);
    const id = randomUUID();
    checked.push({
      id,
      fileKey: evidenceKey(complaintId, id, contentType === 'application/pdf' ? 'pdf' : 'webp'),
      originalFileName: upload.originalName,
      contentType,
      sizeBytes: bytes.byteLength,
      bytes,
    });
  }
  const stored = checked.map(({ bytes: _bytes, ...file }): StoredEvidence => file);
  try {
    await Promise.all(checked.map((file) => files.put(file.fileKey, file.bytes, file.contentType)));
  } catch {
    await discardEvidence(files, stored);
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

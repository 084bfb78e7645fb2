import { complaintsText } from '#client/i18n/fi/complaints.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { complaintWindowEnd } from '#shared/complaint-window.ts';
import { complaintMessages, maxEvidenceBytes, maxEvidenceFiles } from '#shared/complaints/complaint-rules.ts';
import { errorMessages } from '#shared/errors.ts';

// The client's side of the complaint rules: what it offers before asking the server, which
// decides (the window by its own clock, the evidence by the files' content).

/** Whether the bought ticket's complaint window is still open at `now` (ms). */
export function complaintWindowOpen(eventDate: string, now: number): boolean {
  return now < complaintWindowEnd(new Date(eventDate)).getTime();
}

/** Where the buyer or seller downloads one of their own evidence files. */
export function evidenceUrl(ticketId: string, evidenceId: string): string {
  return `/api/complaints/${encodeURIComponent(ticketId)}/evidence/${encodeURIComponent(evidenceId)}`;
}

const evidenceTypes = new Set(['image/jpeg', 'image/png', 'image/webp', 'application/pdf']);
const evidenceExtension = /\.(jpe?g|png|webp|pdf)$/i;

/**
 * Files picked for evidence, added to those already chosen: the new list, or why none was added
 * (a file of another kind or over 10 MB, or more than five in all). The type is a first check by
 * what the browser says of the file; the server looks at the content.
 */
export function addEvidence(
  chosen: readonly File[],
  picked: readonly File[],
): { files: File[] } | { error: string } {
  const wrongKind = picked.find(
    (file) => !evidenceTypes.has(file.type) && !evidenceExtension.test(file.name),
  );
  if (wrongKind) return { error: errorMessages['invalid-evidence'] };
  const tooLarge = picked.find((file) => file.size > maxEvidenceBytes);
  if (tooLarge) return { error: complaintsText.evidence.tooLarge(tooLarge.name) };
  if (chosen.length + picked.length > maxEvidenceFiles) return { error: complaintMessages.tooManyFiles };
  return { files: [...chosen, ...picked] };
}

/** The server's refusal of the evidence files (their kind, size or number), to show at the picker. */
export function evidenceError(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.code === 'invalid-evidence' || error.code === 'file-too-large') return error.message;
  return error.issues.find((issue) => issue.path.startsWith('evidence'))?.message;
}

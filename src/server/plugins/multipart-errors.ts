import { requestProblemMessages } from '#shared/errors.ts';
import { asSingleLine, isStorableText, unstorableTextMessage } from '#shared/text.ts';
import { AppError } from '../app-error.ts';

// What the upload routes share: the answer to a broken upload, and the name an uploaded file is
// known by.

/**
 * What an upload route answers when @fastify/multipart stops reading (its `FST_…` errors): the
 * route's own errors for a file over its limit and, where it says more, too many files; a body
 * that is not multipart, or broken, in the generic words. Any other error is the caller's.
 */
export function multipartProblem(
  error: unknown,
  answers: { tooLarge: AppError; tooManyFiles?: AppError },
): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return answers.tooLarge;
  if (code === 'FST_FILES_LIMIT' && answers.tooManyFiles) return answers.tooManyFiles;
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return new AppError('invalid-argument', { message: requestProblemMessages.unsupportedMediaType });
  if (typeof code === 'string' && code.startsWith('FST_'))
    return new AppError('invalid-argument', { message: requestProblemMessages.malformedBody });
  return error;
}

/** The longest name of an uploaded file that is kept, in characters. */
const maxUploadedNameLength = 200;

/**
 * The name of an uploaded file as it is kept (shown to admins, the start of the stored name). A
 * NUL byte or a broken character, which no disk allows, means a request made by hand: refused as
 * such text is anywhere (400 on `field`). Control and bidi characters, which a disk may allow but
 * nobody means ('lippu\u202Efdp.exe' shows as 'lippuexe.pdf'), are dropped: the sender did not type
 * the name, so their upload is not refused for it (docs/decisions/020).
 */
export function uploadedFileName(filename: string, field: string, fallback: string): string {
  if (!isStorableText(filename)) throw AppError.field('invalid-argument', field, unstorableTextMessage);
  return Array.from(asSingleLine(filename).trim()).slice(0, maxUploadedNameLength).join('') || fallback;
}

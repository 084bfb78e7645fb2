import type { FastifyRequest } from 'fastify';
import { requestProblemMessages } from '#shared/errors.ts';
import { asSingleLine, findUnstorableText, isStorableText, unstorableTextMessage } from '#shared/text.ts';
import { AppError } from '../app-error.ts';

// What the upload routes share: reading a JSON part with files, the answer to a broken upload,
// and the name an uploaded file is known by.

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

/** An uploaded file as read into memory (the route's size limit held while reading). */
export interface UploadedPart {
  originalName: string;
  bytes: Buffer;
}

/**
 * A multipart body of one JSON part and files beside it (a listing with its PDFs, a complaint with
 * its evidence): the JSON parsed, every string in it storable text, the files' names kept as
 * `uploadedFileName` keeps them. Any other part, or no JSON part, is a malformed body.
 */
export async function readJsonWithFiles(
  request: FastifyRequest,
  parts: {
    jsonField: string;
    fileField: string;
    fallbackName: string;
    tooLarge: AppError;
    tooManyFiles: AppError;
  },
): Promise<{ json: unknown; files: UploadedPart[] }> {
  let jsonText: string | undefined;
  const files: UploadedPart[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === parts.fileField) {
        const originalName = uploadedFileName(part.filename, parts.fileField, parts.fallbackName);
        files.push({ originalName, bytes: await part.toBuffer() });
      } else if (
        part.type === 'field' &&
        part.fieldname === parts.jsonField &&
        typeof part.value === 'string'
      ) {
        jsonText = part.value;
      } else {
        if (part.type === 'file') part.file.resume();
        throw new AppError('invalid-argument', { message: requestProblemMessages.malformedBody });
      }
    }
  } catch (error) {
    throw multipartProblem(error, { tooLarge: parts.tooLarge, tooManyFiles: parts.tooManyFiles });
  }
  if (jsonText === undefined)
    throw new AppError('invalid-argument', { message: requestProblemMessages.malformedBody });
  let json: unknown;
  try {
    json = JSON.parse(jsonText);
  } catch {
    throw new AppError('invalid-argument', { message: requestProblemMessages.malformedBody });
  }
  const unstorable = findUnstorableText(json);
  if (unstorable !== undefined) throw AppError.field('invalid-argument', unstorable, unstorableTextMessage);
  return { json, files };
}

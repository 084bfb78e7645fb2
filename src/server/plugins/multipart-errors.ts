import { requestProblemMessages } from '#shared/errors.ts';
import { AppError } from '../app-error.ts';

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

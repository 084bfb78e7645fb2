import { type ApiFieldIssue, type ErrorCode, errorCatalogue } from '#shared/errors.ts';

/**
 * What services throw for an expected failure: a code of the catalogue in `#shared/errors.ts`,
 * which gives its HTTP status and default message. The error handler turns it into
 * `{ error: { code, message, issues? } }`.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Field-level detail, so a form can show the message under the right field. */
  readonly issues: ApiFieldIssue[] | undefined;

  /** `message` replaces the code's default with a more particular one from `src/shared`. */
  constructor(code: ErrorCode, options: { message?: string; issues?: ApiFieldIssue[] } = {}) {
    super(options.message ?? errorCatalogue[code].message);
    this.code = code;
    this.status = errorCatalogue[code].status;
    this.issues = options.issues;
  }

  /** An error about one form field, with the code's message unless given another. */
  static field(code: ErrorCode, path: string, message: string = errorCatalogue[code].message): AppError {
    return new AppError(code, { message, issues: [{ path, message }] });
  }
}

import {
  type ApiFieldIssue,
  defaultErrorMessages,
  type ErrorCode,
  httpStatusByCode,
} from '#shared/errors.ts';

/**
 * What services throw for an expected failure. The error handler turns it into
 * `{ error: { code, message } }` with the status of the code (or the explicit one).
 */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  /** Field-level detail, so a form can show the message under the right field. */
  readonly issues: ApiFieldIssue[] | undefined;

  constructor(code: ErrorCode, message?: string);
  constructor(code: string, message: string, status: number, issues?: ApiFieldIssue[]);
  constructor(code: string, message?: string, status?: number, issues?: ApiFieldIssue[]) {
    super(message ?? defaultErrorMessages[code as ErrorCode] ?? code);
    this.code = code;
    this.status = status ?? httpStatusByCode[code as ErrorCode] ?? 500;
    this.issues = issues;
  }

  /** An error about one form field. */
  static field(code: string, status: number, path: string, message: string): AppError {
    return new AppError(code, message, status, [{ path, message }]);
  }
}

import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from '#client/lib/api-client.ts';

/** The form-level message lives in react-hook-form's `errors.root.server`; `FormError` shows it. */
export const formMessageKey = 'server';

/** Sets the form-level message (e.g. one the page was opened with). */
export function setFormMessage<T extends FieldValues>(
  form: { setError: UseFormSetError<T> },
  message: string,
): void {
  form.setError(`root.${formMessageKey}`, { message });
}

export interface ApiErrorMapping<T extends FieldValues> {
  /** The fields the form shows: a server issue with one of these paths goes under that field. */
  fields: readonly FieldPath<T>[];
  /** The form's message when the error has none for the user (not an API answer, or not shown). */
  fallback: string;
  /** Which answers' own message the form shows; by default every API answer's. */
  showServerMessage?(error: ApiError): boolean;
}

/**
 * Puts a failed call onto the form: each field issue (400 validation, 409 taken, a wrong password)
 * under its field, the first field with an issue focused; anything else (issues of fields the form
 * does not show, or an error without issues) becomes the form's message above the button.
 */
export function applyApiError<T extends FieldValues>(
  form: { setError: UseFormSetError<T> },
  error: unknown,
  { fields, fallback, showServerMessage }: ApiErrorMapping<T>,
): void {
  const issues = error instanceof ApiError ? error.issues : [];
  let focused = false;
  let otherIssue: string | undefined;
  for (const issue of issues) {
    const field = fields.find((name) => name === issue.path);
    if (!field) {
      otherIssue ??= issue.message;
      continue;
    }
    form.setError(field, { message: issue.message }, { shouldFocus: !focused });
    focused = true;
  }
  if (focused && otherIssue === undefined) return;
  const message =
    error instanceof ApiError && (showServerMessage?.(error) ?? true)
      ? (otherIssue ?? error.message)
      : fallback;
  setFormMessage(form, message);
}

import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from '#client/lib/api-client.ts';

/**
 * Puts the server's field issues (400 validation, 409 e-mail or username taken) under their
 * fields. Returns false when the error had none of this form's fields: show it above the button.
 */
export function applyServerIssues<T extends FieldValues>(
  error: unknown,
  fields: readonly FieldPath<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const issue of error.issues) {
    const field = fields.find((name) => name === issue.path);
    if (!field) continue;
    setError(field, { message: issue.message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}

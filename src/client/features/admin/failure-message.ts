import { ApiError } from '#client/lib/api-client.ts';

/**
 * The spec's message of a failed approval or rejection ('Failed to approve ticket'), with the
 * server's own words on the line below when another admin decided first.
 */
export function failureMessage(base: string, error: unknown): string {
  return error instanceof ApiError && error.code === 'listing-already-moderated'
    ? `${base}\n${error.message}`
    : base;
}

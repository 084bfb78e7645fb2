import type { ApiErrorBody, ApiFieldIssue } from '#shared/errors.ts';

/** A failed API call: the server's code, its Finnish message and field issues. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly issues: ApiFieldIssue[];

  constructor(status: number, code: string, message: string, issues: ApiFieldIssue[] = []) {
    super(message);
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
}

const networkErrorMessage = 'Verkkovirhe. Tarkista internet-yhteytesi';

/** JSON fetch against our own API; throws ApiError with the server's message on failure. */
export async function apiRequest<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'same-origin',
      signal: init.signal,
    });
  } catch {
    throw new ApiError(0, 'network', networkErrorMessage);
  }
  if (response.status === 204) return undefined as T;
  const data = (await response.json().catch(() => undefined)) as unknown;
  if (response.ok && data === undefined)
    throw new ApiError(response.status, 'internal', 'Palvelin vastasi odottamattomasti. Yritä uudelleen.');
  if (!response.ok) {
    const error = (data as ApiErrorBody | undefined)?.error;
    throw new ApiError(
      response.status,
      error?.code ?? 'internal',
      error?.message ?? 'Tapahtui virhe. Yritä myöhemmin uudelleen.',
      error?.issues,
    );
  }
  return data as T;
}

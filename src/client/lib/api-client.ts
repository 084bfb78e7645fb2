import { type ApiErrorBody, type ApiFieldIssue, errorMessages, isErrorCode } from '#shared/errors.ts';

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

export const networkErrorMessage = 'Verkkovirhe. Tarkista internet-yhteytesi';
export const unexpectedAnswerMessage = 'Palvelin vastasi odottamattomasti. Yritä uudelleen.';

type CheckResult<T> = { value: T; issues?: undefined } | { issues: readonly unknown[] };

/**
 * A response schema as the client uses it: any zod schema (its Standard Schema interface), so this
 * file, which every page loads, imports no zod.
 */
export interface ResponseSchema<T> {
  readonly '~standard': {
    validate(value: unknown): CheckResult<T> | Promise<CheckResult<T>>;
  };
}

/**
 * The shared schema of a route, or a loader of it: calls made by the first-load code pass a loader
 * (`() => import('#shared/…').then((m) => m.schema)`), which keeps zod out of the first load; the
 * schema arrives with the first answer it checks.
 */
export type ResponseCheck<T> = ResponseSchema<T> | (() => Promise<ResponseSchema<T>>);

export interface RequestOptions {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
}

/** The Finnish message for an error code: the server's own, else the shared default for the code. */
function errorMessage(code: string, serverMessage?: string): string {
  if (serverMessage) return serverMessage;
  return isErrorCode(code) ? errorMessages[code] : errorMessages.internal;
}

async function checked<T>(data: unknown, status: number, check: ResponseCheck<T>): Promise<T> {
  let result: CheckResult<T>;
  try {
    const schema = typeof check === 'function' ? await check() : check;
    result = await schema['~standard'].validate(data);
  } catch {
    // The schema's code did not load: the answer cannot be trusted either.
    throw new ApiError(0, 'network', networkErrorMessage);
  }
  if (result.issues) throw new ApiError(status, 'internal', unexpectedAnswerMessage);
  return result.value;
}

/**
 * JSON fetch against our own API. A failure throws ApiError with the server's code and Finnish
 * message; with `schema`, the answer is checked against the route's shared schema and one that
 * does not match throws ApiError too. Without a schema the answer's body is not used.
 */
export async function apiRequest<T>(
  path: string,
  init: RequestOptions & { schema: ResponseCheck<T>; orNoContent: true },
): Promise<T | undefined>;
export async function apiRequest<T>(
  path: string,
  init: RequestOptions & { schema: ResponseCheck<T> },
): Promise<T>;
export async function apiRequest(path: string, init?: RequestOptions): Promise<void>;
export async function apiRequest<T>(
  path: string,
  init: RequestOptions & { schema?: ResponseCheck<T>; orNoContent?: true } = {},
): Promise<T | undefined> {
  let response: Response;
  try {
    // A FormData body (files) goes as multipart; the browser writes its content type and boundary.
    const multipart = init.body instanceof FormData ? init.body : undefined;
    response = await fetch(path, {
      method: init.method ?? 'GET',
      headers: init.body === undefined || multipart ? {} : { 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : (multipart ?? JSON.stringify(init.body)),
      credentials: 'same-origin',
      signal: init.signal,
    });
  } catch {
    throw new ApiError(0, 'network', networkErrorMessage);
  }
  // `orNoContent`: a 204 is an answer too (who is signed in: nobody), checked by no schema.
  if (response.status === 204 && response.ok && (!init.schema || init.orNoContent)) return undefined;
  const data = (await response.json().catch(() => undefined)) as unknown;
  if (!response.ok) {
    const error = (data as Partial<ApiErrorBody> | undefined)?.error;
    const code = typeof error?.code === 'string' ? error.code : 'internal';
    throw new ApiError(
      response.status,
      code,
      errorMessage(code, typeof error?.message === 'string' ? error.message : undefined),
      Array.isArray(error?.issues) ? error.issues : [],
    );
  }
  if (data === undefined) throw new ApiError(response.status, 'internal', unexpectedAnswerMessage);
  return init.schema ? checked(data, response.status, init.schema) : undefined;
}

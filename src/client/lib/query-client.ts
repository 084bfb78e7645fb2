import { type DehydratedState, hydrate, MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /**
       * The call checks a password (login, re-authentication): its 401 means a wrong password,
       * not an ended session.
       */
      checksCredentials?: boolean;
    };
  }
}

/**
 * Whether a failed call says that the session has ended on the server: a 401 'unauthenticated'.
 * Other 401 codes (a wrong password, a re-authentication that is too old) are the form's business.
 */
function endsSession(error: unknown, meta?: { checksCredentials?: boolean }): boolean {
  return (
    error instanceof ApiError &&
    error.status === 401 &&
    error.code === 'unauthenticated' &&
    meta?.checksCredentials !== true
  );
}

interface QueryClientHooks {
  /** Any query or mutation was answered 'the session has ended' (see `endsSession`). */
  onSessionEnded?(): void;
}

/** Spec 01 §9: a failed query is tried twice more. */
const queryRetries = 2;

/**
 * A query's `retry` for data the server may refuse (not found, not yours): only a network failure
 * or a server error is tried again, since a refusal answers the same the next time.
 */
export function retryUnlessRefused(failureCount: number, error: unknown): boolean {
  const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return !refused && failureCount < queryRetries;
}

// Server-state timings of spec 01 §9: stale 5 min, cache 10 min, 2 retries, refetch on focus.
export function createQueryClient({ onSessionEnded }: QueryClientHooks = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (endsSession(error)) onSessionEnded?.();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (endsSession(error, mutation.meta)) onSessionEnded?.();
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        gcTime: 10 * 60_000,
        retry: queryRetries,
        refetchOnWindowFocus: true,
      },
    },
  });
}

let sessionEndedListener: (() => void) | undefined;

/**
 * What the app does when the server has ended the session (the accounts feature signs the user
 * out); set once at start, so this file needs nothing from the features.
 */
export function onSessionEnded(listener: () => void): void {
  sessionEndedListener = listener;
}

export const queryClient = createQueryClient({ onSessionEnded: () => sessionEndedListener?.() });

/** The <script> in which the server sends the data a page was rendered with. */
export const serverQueriesElementId = 'server-queries';

/**
 * Takes over the data the server rendered the page with, so the app draws the same page at once
 * instead of fetching it again behind a loading spinner.
 */
export function adoptServerQueries(): void {
  const element = document.getElementById(serverQueriesElementId);
  if (!element?.textContent) return;
  hydrate(queryClient, JSON.parse(element.textContent) as DehydratedState);
}

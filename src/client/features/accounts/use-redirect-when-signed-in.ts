import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { AuthUser } from '#shared/accounts/accounts.schema.ts';
import { useAuth } from './auth-store.ts';
import { takePathAfterLogin } from './return-to.ts';

/** The page a visitor came from, passed in navigation state by guards and links. */
export function useFromPath(): string | undefined {
  const state = useLocation().state as { from?: unknown } | null;
  return typeof state?.from === 'string' ? state.from : undefined;
}

/**
 * On the login and registration pages: once signed in (just now, or already), go on to the
 * profile form, the stored return address, the page they came from, or the front page. A user who
 * signed in on this page (not one who opened it signed in) may be told something there: `noticeFor`.
 */
export function useRedirectWhenSignedIn(noticeFor?: (user: AuthUser) => string | undefined): void {
  const { isAuthenticated, isInitialized, user } = useAuth();
  const navigate = useNavigate();
  const from = useFromPath();
  const done = useRef(false);
  const sawSignedOut = useRef(false);
  if (isInitialized && !isAuthenticated) sawSignedOut.current = true;

  useEffect(() => {
    if (done.current || !isAuthenticated || !isInitialized || !user) return;
    done.current = true;
    const message = sawSignedOut.current ? noticeFor?.(user) : undefined;
    navigate(takePathAfterLogin(user, from), { replace: true, ...(message ? { state: { message } } : {}) });
  }, [isAuthenticated, isInitialized, user, from, navigate, noticeFor]);
}

import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from './auth-store.ts';
import { takePathAfterLogin } from './return-to.ts';

/** The page a visitor came from, passed in navigation state by guards and links. */
export function useFromPath(): string | undefined {
  const state = useLocation().state as { from?: unknown } | null;
  return typeof state?.from === 'string' ? state.from : undefined;
}

/**
 * On the login and registration pages: once signed in (just now, or already), go on to the
 * profile form, the stored return address, the page they came from, or the front page.
 */
export function useRedirectWhenSignedIn(): void {
  const { isAuthenticated, isInitialized, user } = useAuth();
  const navigate = useNavigate();
  const from = useFromPath();
  const done = useRef(false);

  useEffect(() => {
    if (done.current || !isAuthenticated || !isInitialized || !user) return;
    done.current = true;
    navigate(takePathAfterLogin(user, from), { replace: true });
  }, [isAuthenticated, isInitialized, user, from, navigate]);
}

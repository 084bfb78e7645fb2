import { createContext, useContext, useSyncExternalStore } from 'react';
import { accountKeys } from '#client/lib/account-keys.ts';
import { trackEvent } from '#client/lib/analytics.ts';
import { ApiError, apiRequest } from '#client/lib/api-client.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { safeSessionStorage, storageKeys } from '#client/lib/storage-keys.ts';
import type { AuthUser } from '#shared/accounts/accounts.schema.ts';
import { serverUserElementId } from '#shared/json-script.ts';
import { clearReturnTo, rememberReturnTo } from './return-to.ts';

// The auth state of spec 01 §3-§4, in a tiny external store: the header reads it on every page,
// so it must not pull zod or the form libraries into the first bundle. The session itself is an
// httpOnly cookie; this is only what the UI shows.

export interface AuthState {
  isAuthenticated: boolean;
  user: AuthUser | null;
  loading: boolean;
  /** The last failed auth action's message. */
  error: string | null;
  /** True once the server has confirmed (GET /api/me) or changed the state during this page load. */
  isInitialized: boolean;
}

export type AuthAction = 'login' | 'signup' | 'profile_complete';

const initialState: AuthState = {
  isAuthenticated: false,
  user: null,
  loading: false,
  error: null,
  isInitialized: false,
};

const refreshFailedMessage = 'Failed to fetch user data';

// GET /api/me runs on every page start: its schema (and zod) load with a signed-in answer only
// (a visitor's answer is a 204 without a body). Signing in checks its answer with it too.
export const authUserSchema = () =>
  import('#shared/accounts/accounts.schema.ts').then((module) => module.authUserSchema);
const logoutFailedMessage = 'Logout failed';

/** The persisted state paints the right header at once after a reload; GET /api/me then confirms it. */
function readPersisted(): AuthState {
  const raw = safeSessionStorage.get(storageKeys.authState);
  if (!raw) return initialState;
  try {
    const parsed = JSON.parse(raw) as { user?: Partial<AuthUser> | null };
    const user = parsed.user;
    if (!user || typeof user.uid !== 'string' || typeof user.email !== 'string') return initialState;
    return { ...initialState, isAuthenticated: true, user: user as AuthUser };
  } catch {
    return initialState;
  }
}

/**
 * The user the server checked this request's session for and sent the page to (the admin area
 * drawn for them, the profile): confirmed, as GET /api/me would confirm it. Null on every other
 * page.
 */
function readServerUser(): AuthUser | null {
  const text =
    typeof document === 'undefined' ? null : document.getElementById(serverUserElementId)?.textContent;
  if (!text) return null;
  try {
    const user = JSON.parse(text) as Partial<AuthUser> | null;
    return user && typeof user.uid === 'string' && typeof user.email === 'string' ? (user as AuthUser) : null;
  } catch {
    return null;
  }
}

/** The state of a user whose session the server has just checked. */
export const checkedOnServer = (user: AuthUser): AuthState => ({
  ...initialState,
  isAuthenticated: true,
  user,
  isInitialized: true,
});

const serverUser = readServerUser();
const serverDrawnState = serverUser ? checkedOnServer(serverUser) : initialState;

/**
 * Whether the server drew this page for the user whose session it checked (the admin area, the
 * profile's lists; decision 029), so its code is loaded before the app takes the page over in one
 * pass. A page that only came with its user (the profile's details tab) is drawn by the app.
 */
export const pageDrawnForServerUser = (): boolean =>
  serverUser !== null && document.getElementById('root')?.hasAttribute('data-hydrate') === true;

/**
 * The auth state the server drew the page with: signed out, or the user whose session it checked
 * (then the page was drawn for them and the app starts from it). The server provides it per
 * render (src/client/prerender.tsx); in the browser it is what the page came with.
 */
export const ServerDrawnAuth = createContext<AuthState>(serverDrawnState);

let state: AuthState = serverUser ? serverDrawnState : readPersisted();
// Bumped by every action, so a slow GET /api/me cannot undo a login or logout that overtook it.
let generation = 0;
const listeners = new Set<() => void>();

function setState(next: AuthState): void {
  const userChanged = next.user?.uid !== state.user?.uid;
  state = next;
  if (next.isAuthenticated && next.user)
    safeSessionStorage.set(storageKeys.authState, JSON.stringify({ isAuthenticated: true, user: next.user }));
  else safeSessionStorage.remove(storageKeys.authState);
  // Another person's (or nobody's) private data must not linger in the cache.
  if (userChanged) queryClient.removeQueries({ queryKey: accountKeys.all });
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getAuthState(): AuthState {
  return state;
}

/**
 * The server draws pages signed out (but the admin area, drawn for the admin it checked); while
 * the app takes such a page over (hydration) it sees the same, then at once the signed-in state,
 * if any.
 */
export function useAuth(): AuthState {
  const drawn = useContext(ServerDrawnAuth);
  return useSyncExternalStore(subscribe, getAuthState, () => drawn);
}

/**
 * One value of the auth state (a primitive or a kept object): the component re-renders only when
 * it changes, not on every step of a sign-in or of the start-up check. The ticket page and the
 * header use it, so that check does not redraw them twice on each page load.
 */
export function useAuthValue<T>(select: (auth: AuthState) => T): T {
  const drawn = useContext(ServerDrawnAuth);
  return useSyncExternalStore(
    subscribe,
    () => select(state),
    () => select(drawn),
  );
}

function errorCode(error: unknown): string {
  return error instanceof ApiError ? error.code : 'internal';
}

function trackAuthError(action: AuthAction, error: unknown): void {
  trackEvent({ category: 'error', action, label: errorCode(error) });
}

function fulfilled(user: AuthUser): void {
  setState({ isAuthenticated: true, user, loading: false, error: null, isInitialized: true });
}

/**
 * Register, login and complete-profile: pending (loading, error cleared), then fulfilled
 * (authenticated, user set) or rejected (error message stored; the error is rethrown for the form).
 */
export async function runAuthAction(
  action: AuthAction,
  request: () => Promise<AuthUser>,
  fallbackMessage: string,
): Promise<AuthUser> {
  generation += 1;
  setState({ ...state, loading: true, error: null });
  try {
    const user = await request();
    fulfilled(user);
    trackEvent({ category: 'user', action });
    return user;
  } catch (error) {
    const message = error instanceof ApiError ? error.message : fallbackMessage;
    setState({ ...state, loading: false, error: message, isInitialized: true });
    trackAuthError(action, error);
    throw error;
  }
}

/** Back to the signed-out state, known to be true (after logout, deletion or a 401). */
function resetAuth(): void {
  generation += 1;
  setState({ ...initialState, isInitialized: true });
}

let refreshStarted = false;

/** Asks the server who is signed in; run once when the app starts. */
async function refreshAuth(): Promise<void> {
  const run = ++generation;
  setState({ ...state, loading: true, error: null });
  try {
    // A visitor gets 204: nobody is signed in.
    const user = await apiRequest('/api/me', { schema: authUserSchema, orNoContent: true });
    if (run !== generation) return;
    if (!user) {
      resetAuth();
      return;
    }
    fulfilled(user);
    // Back from a social sign-in at the address it was given: that address is used up.
    if (!user.needsProfile) clearReturnTo();
  } catch (error) {
    if (run !== generation) return;
    if (error instanceof ApiError && error.status === 401) {
      resetAuth();
      return;
    }
    // Offline or a server hiccup: keep what we had, and let the next action or reload retry.
    setState({ ...state, loading: false, error: refreshFailedMessage, isInitialized: true });
    trackAuthError('login', error);
  }
}

export function startAuthRefresh(): void {
  if (refreshStarted) return;
  refreshStarted = true;
  void refreshAuth();
}

// The page the user signed out (or deleted the account) on. Its guard must not send them to the
// login page: the caller is taking them to the front page, and the router commits that
// navigation in a transition, after the state has already been reset.
let leftOnPurposeFrom: string | null = null;

export function signedOutOnPurposeFrom(pathname: string): boolean {
  return leftOnPurposeFrom === pathname;
}

export function forgetPurposefulSignOut(): void {
  leftOnPurposeFrom = null;
}

/** Resets the state after a sign-out the user asked for; `leave` navigates away from the page. */
export async function signOutAndLeave(leave: () => unknown): Promise<void> {
  leftOnPurposeFrom = window.location.pathname;
  resetAuth();
  await leave();
}

/** Logs out on the server, then resets the state and runs `leave` (typically navigating to /). */
export async function logout(leave: () => unknown): Promise<boolean> {
  generation += 1;
  setState({ ...state, loading: true, error: null });
  try {
    await apiRequest('/api/auth/logout', { method: 'POST' });
  } catch (error) {
    setState({ ...state, loading: false, error: logoutFailedMessage });
    trackAuthError('login', error);
    return false;
  }
  await signOutAndLeave(leave);
  return true;
}

/**
 * The server has ended the session (a call answered 401 'unauthenticated', see
 * lib/query-client.ts): sign out here too, and keep the page as the address to come back to after
 * logging in. The page's guard, if it has one, then sends the user to the login page.
 */
export function sessionEndedOnServer(): void {
  if (!state.isAuthenticated) return;
  const { pathname, search, hash } = window.location;
  rememberReturnTo(`${pathname}${search}${hash}`);
  resetAuth();
}

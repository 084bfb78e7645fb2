import { safeSessionStorage, storageKeys } from '#client/lib/storage-keys.ts';
import type { AuthUser } from '#shared/accounts/accounts.schema.ts';
import { safeReturnPath } from '#shared/return-path.ts';

// The return address of spec 01 §2: where a visitor was going when a guard sent them to log in.

export const completeProfilePath = '/viimeistele-profiili';

// Pages it makes no sense to come back to once signed in.
const authPages = ['/kirjaudu', '/rekisteroidy', completeProfilePath, '/salasanan-vaihto'];

/** Only our own paths (the shared rule), and never an auth page. */
export function loginReturnPath(path: string | null | undefined): string | undefined {
  const safe = safeReturnPath(path);
  const pathname = safe?.split(/[?#]/)[0];
  return pathname && !authPages.includes(pathname) ? safe : undefined;
}

export function rememberReturnTo(path: string): void {
  const safe = loginReturnPath(path);
  if (safe && safe !== '/') safeSessionStorage.set(storageKeys.returnTo, safe);
}

export function storedReturnTo(): string | undefined {
  return loginReturnPath(safeSessionStorage.get(storageKeys.returnTo));
}

export function clearReturnTo(): void {
  safeSessionStorage.remove(storageKeys.returnTo);
}

/** Where a page should send the user it just signed in: the stored address is used up here. */
export function takePathAfterLogin(user: AuthUser, from: string | undefined): string {
  if (user.needsProfile) return completeProfilePath;
  const stored = storedReturnTo();
  clearReturnTo();
  return stored ?? loginReturnPath(from) ?? '/';
}

/** The address a social sign-in should come back to (kept for a user who must finish the profile). */
export function socialReturnTo(from: string | undefined): string {
  const target = storedReturnTo() ?? loginReturnPath(from) ?? '/';
  rememberReturnTo(target);
  return target;
}

import { createContext, useContext, useSyncExternalStore } from 'react';
import { safeLocalStorage, storageKeys } from '#client/lib/storage-keys.ts';
import { consentSavedCookie } from '#shared/consent.ts';

export interface CookieConsent {
  necessary: true;
  analytics: boolean;
  functional: boolean;
  savedAt: string;
}

let bannerReopened = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

function readConsent(): CookieConsent | null {
  const raw = safeLocalStorage.get(storageKeys.cookieConsent);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<CookieConsent>;
    return {
      necessary: true,
      analytics: parsed.analytics === true,
      functional: parsed.functional === true,
      savedAt: String(parsed.savedAt),
    };
  } catch {
    return null;
  }
}

// useSyncExternalStore needs a stable snapshot: cache by the raw stored string.
let cachedRaw: string | null | undefined;
let cachedConsent: CookieConsent | null = null;
function snapshot(): CookieConsent | null {
  const raw = safeLocalStorage.get(storageKeys.cookieConsent);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedConsent = readConsent();
  }
  return cachedConsent;
}

function tellServerConsentSaved(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older Safari and Firefox
  document.cookie = `${consentSavedCookie}=1; Path=/; Max-Age=${400 * 24 * 3600}; SameSite=Lax`;
}

const hasConsentCookie = () =>
  typeof document !== 'undefined' && document.cookie.split('; ').includes(`${consentSavedCookie}=1`);

/**
 * Whether the server drew the page with the choice made (it saw the consent cookie), and so
 * without the banner. The server provides it per render (src/client/prerender.tsx); in the
 * browser it is the cookie the page was asked for with, read before the line below may set it,
 * so the app takes the page over as the server drew it.
 */
export const ServerSawConsent = createContext(hasConsentCookie());

// A choice saved before the cookie existed: tell the server too.
if (typeof document !== 'undefined' && readConsent() && !hasConsentCookie()) {
  tellServerConsentSaved();
}

/** Stores the visitor's choice and the separate analytics flag the analytics sender reads. */
export function saveConsent(choice: { analytics: boolean; functional: boolean }): void {
  const consent: CookieConsent = { necessary: true, ...choice, savedAt: new Date().toISOString() };
  safeLocalStorage.set(storageKeys.cookieConsent, JSON.stringify(consent));
  safeLocalStorage.set(storageKeys.analyticsConsent, String(choice.analytics));
  tellServerConsentSaved();
  bannerReopened = false;
  notify();
}

/** Shows the banner again (footer link) so the visitor can change an earlier choice. */
export function reopenConsentBanner(): void {
  bannerReopened = true;
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** A choice as far as the server can tell: made, details unknown. */
const choiceMade: CookieConsent = { necessary: true, analytics: false, functional: false, savedAt: '' };

/**
 * Whether the banner is open, for the frame of every page. Read as a yes or no rather than from
 * the stored choice: the choice's details are not what the server drew the page with, and the
 * difference would make React draw the whole page again, at once, after taking it over.
 */
export function useCookieBannerOpen(): boolean {
  const serverSawConsent = useContext(ServerSawConsent);
  const choiceMissing = useSyncExternalStore(
    subscribe,
    () => snapshot() === null,
    () => !serverSawConsent,
  );
  const reopened = useSyncExternalStore(
    subscribe,
    () => bannerReopened,
    () => false,
  );
  return choiceMissing || reopened;
}

export function useCookieConsent(): { consent: CookieConsent | null; bannerOpen: boolean } {
  const serverSawConsent = useContext(ServerSawConsent);
  const consent = useSyncExternalStore(subscribe, snapshot, () => (serverSawConsent ? choiceMade : null));
  const reopened = useSyncExternalStore(
    subscribe,
    () => bannerReopened,
    () => false,
  );
  return { consent, bannerOpen: consent === null || reopened };
}

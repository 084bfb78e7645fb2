import { useSyncExternalStore } from 'react';
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

// A choice saved before the cookie existed: tell the server too.
if (
  typeof document !== 'undefined' &&
  readConsent() &&
  !document.cookie.includes(`${consentSavedCookie}=1`)
) {
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

// When the server prerenders a page (src/client/prerender.tsx) it says whether the choice is made.
let prerenderConsent: CookieConsent | null = null;
export function prerenderWithConsentSaved(saved: boolean): void {
  prerenderConsent = saved ? { necessary: true, analytics: false, functional: false, savedAt: '' } : null;
}

export function useCookieConsent(): { consent: CookieConsent | null; bannerOpen: boolean } {
  const consent = useSyncExternalStore(subscribe, snapshot, () => prerenderConsent);
  const reopened = useSyncExternalStore(
    subscribe,
    () => bannerReopened,
    () => false,
  );
  return { consent, bannerOpen: consent === null || reopened };
}

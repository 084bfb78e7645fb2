import { useSyncExternalStore } from 'react';
import { safeLocalStorage, storageKeys } from '#client/lib/storage-keys.ts';

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

/** Stores the visitor's choice and the separate analytics flag the analytics sender reads. */
export function saveConsent(choice: { analytics: boolean; functional: boolean }): void {
  const consent: CookieConsent = { necessary: true, ...choice, savedAt: new Date().toISOString() };
  safeLocalStorage.set(storageKeys.cookieConsent, JSON.stringify(consent));
  safeLocalStorage.set(storageKeys.analyticsConsent, String(choice.analytics));
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

export function useCookieConsent(): { consent: CookieConsent | null; bannerOpen: boolean } {
  const consent = useSyncExternalStore(subscribe, snapshot, () => null);
  const reopened = useSyncExternalStore(
    subscribe,
    () => bannerReopened,
    () => false,
  );
  return { consent, bannerOpen: consent === null || reopened };
}

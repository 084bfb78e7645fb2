import { safeLocalStorage, storageKeys } from '#client/lib/storage-keys.ts';

// Auto-open rules of spec 01 §4 and §9.
export const autoOpenDelayMs = 15_000;
const reshowIntervalMs = 2_592_000_000; // 30 days
export const successAutoCloseMs = 5_000;

export function shouldAutoOpen(now = Date.now()): boolean {
  if (safeLocalStorage.get(storageKeys.newsletterSubscribed) === 'true') return false;
  const lastShown = safeLocalStorage.get(storageKeys.newsletterLastShown);
  if (!lastShown) return true;
  const shownAt = Date.parse(lastShown);
  return Number.isNaN(shownAt) || now - shownAt > reshowIntervalMs;
}

export function rememberShown(): void {
  safeLocalStorage.set(storageKeys.newsletterLastShown, new Date().toISOString());
}

export function rememberSubscribed(): void {
  safeLocalStorage.set(storageKeys.newsletterSubscribed, 'true');
}

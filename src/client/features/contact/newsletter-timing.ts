import { safeLocalStorage, storageKeys } from '#client/lib/storage-keys.ts';
import { publicPagePaths } from '#shared/public-pages.ts';

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

/**
 * Pages where the dialog may open by itself: the list, ticket pages and the info pages. Everywhere
 * else a person is paying, selling, editing or signing in, and a popup over that costs money or
 * a form (docs/decisions/028). An allowlist, so a new page stays calm until someone decides.
 */
const browsingPaths = new Set(publicPagePaths);
const ticketPagePath = /^\/liput\/(jaa\/)?[^/]+\/?$/;

export function isBrowsingPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return browsingPaths.has(path) || ticketPagePath.test(path);
}

export function rememberShown(): void {
  safeLocalStorage.set(storageKeys.newsletterLastShown, new Date().toISOString());
}

export function rememberSubscribed(): void {
  safeLocalStorage.set(storageKeys.newsletterSubscribed, 'true');
}

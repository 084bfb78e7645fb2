import type { Page } from '@playwright/test';

/**
 * Makes 'Jaa' behave the same on every run: a phone gets a share sheet that records what it was
 * given, a desktop none (so the link goes to the clipboard). Headless Chromium's own share sheet
 * comes and goes with the build and the emulated device. Call before `goto`.
 */
export async function stubShareSheet(page: Page, present: boolean): Promise<void> {
  await page.addInitScript((phone) => {
    const shared: unknown[] = [];
    (window as unknown as { shared: unknown[] }).shared = shared;
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: phone ? async (data: unknown) => void shared.push(data) : undefined,
    });
  }, present);
  if (!present) await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
}

/** What the stubbed share sheet was given. */
export function sharedData(page: Page): Promise<unknown[]> {
  return page.evaluate(() => (window as unknown as { shared: unknown[] }).shared);
}

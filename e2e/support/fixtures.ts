import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page, type Route } from '@playwright/test';

interface Options {
  /**
   * 'returning': the visitor already chose cookies and saw the newsletter recently, so neither
   * pops up in the middle of a journey about something else. 'new': a first visit.
   */
  visitor: 'returning' | 'new';
}

/**
 * Pages first show prerendered HTML whose buttons do nothing until the app has started; journeys
 * act on the live page, so loading a page waits for the app's mark (src/client/main.tsx).
 */
const plainGoto = new WeakMap<Page, Page['goto']>();

function waitForLiveApp(page: Page): void {
  const original = { goto: page.goto.bind(page), reload: page.reload.bind(page) };
  plainGoto.set(page, original.goto);
  const live = async <T>(navigation: Promise<T>) => {
    const response = await navigation;
    await page.locator('html[data-live]').waitFor({ state: 'attached' });
    return response;
  };
  page.goto = (url, options) => live(original.goto(url, options));
  page.reload = (options) => live(original.reload(options));
}

/** What a journey's visitor brings along: see `visitor`. Call before the first `goto`. */
async function prepareVisitor(page: Page, visitor: Options['visitor'], baseURL: string | undefined) {
  waitForLiveApp(page);
  if (visitor !== 'returning') return;
  // What the app sets with the stored choice: the server then leaves the banner out.
  await page.context().addCookies([{ name: 'cookie_consent_saved', value: '1', url: baseURL ?? '' }]);
  await page.addInitScript(() => {
    if (window.localStorage.getItem('cookie_consent') === null) {
      window.localStorage.setItem(
        'cookie_consent',
        JSON.stringify({
          necessary: true,
          analytics: false,
          functional: false,
          savedAt: new Date().toISOString(),
        }),
      );
      window.localStorage.setItem('analytics_consent', 'false');
    }
    window.localStorage.setItem('newsletter_last_shown', new Date().toISOString());
  });
}

export const test = base.extend<Options & { otherPage: Page }>({
  visitor: ['returning', { option: true }],
  page: async ({ page, visitor, baseURL }, use) => {
    await prepareVisitor(page, visitor, baseURL);
    await use(page);
  },
  /**
   * A second person at the same time: a browser context of their own (cookies and storage apart),
   * on the same device as `page`.
   */
  otherPage: async (
    {
      browser,
      visitor,
      baseURL,
      viewport,
      isMobile,
      hasTouch,
      userAgent,
      deviceScaleFactor,
      locale,
      timezoneId,
    },
    use,
  ) => {
    const context = await browser.newContext({
      baseURL,
      viewport,
      isMobile,
      hasTouch,
      userAgent,
      deviceScaleFactor,
      locale,
      timezoneId,
    });
    const page = await context.newPage();
    await prepareVisitor(page, visitor, baseURL);
    await use(page);
    await context.close();
  },
});

export { expect };

/** Opens a page without waiting for the app: for journeys about the first paint itself. */
export function gotoFirstPaint(page: Page, url: string): ReturnType<Page['goto']> {
  const goto = plainGoto.get(page) ?? page.goto.bind(page);
  return goto(url, { waitUntil: 'commit' });
}

export interface HeldApp {
  start(): void;
}

/**
 * Opens a page as a slow phone does: the server's first paint is there, the app is not live yet.
 * The app's start is held back by holding one of its scripts until the test calls `start` (and the
 * CPU is slowed down as on a cheap phone), so the in-between is as long as the test needs, without
 * sleeping. Holding the boot script keeps every script away; holding the app's entry chunk lets the
 * boot script run, as it does on a phone a moment after the first paint.
 */
export async function openWithAppHeld(
  page: Page,
  path: string,
  held: 'boot script' | 'app entry' = 'boot script',
): Promise<HeldApp> {
  let start = () => {};
  const started = new Promise<void>((resolve) => {
    start = resolve;
  });
  await page.route(
    held === 'boot script' ? '**/assets/boot-*.js' : '**/assets/index-*.js',
    async (route: Route) => {
      await started;
      await route.continue();
    },
  );
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await gotoFirstPaint(page, path);
  await expect(page.getByRole('banner')).toBeVisible();
  return { start };
}

/**
 * Collects what the page reports as errors from now on: console errors (a hydration that does not
 * match the server's page is one) and uncaught exceptions.
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

export function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 900;
}

/**
 * Runs axe on the page and fails on any violation at all, minor ones too. `pageTimeStopped`: the
 * page's time was stopped by `holdMessage`.
 */
export async function expectNoA11yViolations(
  page: Page,
  { pageTimeStopped = false }: { pageTimeStopped?: boolean } = {},
): Promise<void> {
  // Colours are checked at rest: a button that has just been enabled fades from grey for 250 ms.
  const stillStyle = await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  // axe's default run finishes in a blank page it opens beside each checked page: a renderer
  // started and stopped per check. Run in the page itself instead: the checked pages and their
  // frames are all of our origin (an outside frame, such as Stripe's, is its provider's to check).
  const analysis = new AxeBuilder({ page }).setLegacyMode(true).analyze();
  const results = await (pageTimeStopped ? whileTimeTrickles(page, analysis) : analysis);
  await stillStyle.evaluate((style) => style.parentNode?.removeChild(style));
  const found = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} (${violation.nodes.map((node) => `${node.target.join(' ')} ${node.html}`).join(', ')})`,
  );
  expect(found, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * axe waits on the page's timers between its steps: while it runs with the page's time stopped,
 * time moves on a millisecond a step, far from the seconds a held message waits for.
 */
async function whileTimeTrickles<T>(page: Page, work: Promise<T>): Promise<T> {
  let finished = false;
  const outcome = work.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  void outcome.then(() => {
    finished = true;
  });
  while (!finished) await page.clock.runFor(1);
  const settled = await outcome;
  if ('error' in settled) throw settled.error;
  return settled.value;
}

/**
 * Holds a message that goes away by itself (after 3-5 s) for checks that take longer on a busy
 * machine: the page's time stops, `act` runs, and time moves on in 50 ms steps only until `message`
 * shows, so the message stays until `page.clock.resume()` (axe: `pageTimeStopped`). The page's
 * clock must have been installed before it loaded.
 */
export async function holdMessage(page: Page, message: Locator, act: () => Promise<void>): Promise<void> {
  await stopPageTime(page);
  await act();
  await expect
    .poll(async () => {
      await page.clock.runFor(50);
      return message.isVisible();
    })
    .toBe(true);
}

/** Stops the page's time about now (a second ahead: the call takes time, and the past is refused). */
async function stopPageTime(page: Page): Promise<void> {
  for (;;) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 1000);
      return;
    } catch (error) {
      // The page's second passed before the call arrived (a busy machine): again from its new now.
      if (!String(error).includes('Cannot fast-forward to the past')) throw error;
    }
  }
}

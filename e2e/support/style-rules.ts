import type { Page } from '@playwright/test';

/**
 * Counts the style rules the page compiles after it loads. A page the server drew, hydrated with
 * the styles sent in it, compiles none: call before `goto`, read with `insertedStyleRules` after.
 */
export async function countInsertedStyleRules(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counted = window as unknown as { insertedRules: number };
    counted.insertedRules = 0;
    const insertRule = CSSStyleSheet.prototype.insertRule;
    CSSStyleSheet.prototype.insertRule = function (rule, index) {
      counted.insertedRules++;
      return insertRule.call(this, rule, index);
    };
  });
}

export function insertedStyleRules(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { insertedRules: number }).insertedRules);
}

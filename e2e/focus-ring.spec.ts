import { expect, test } from './support/fixtures.ts';

// Keyboard users must see where they are: every control reached with Tab draws a ring of at least
// 2 px, not only MUI's faint ripple.
for (const path of ['/', '/kirjaudu', '/ota-yhteytta'])
  test(`every control on ${path} shows a clear focus ring when reached with Tab`, async ({ page }) => {
    await page.goto(path);
    const seen = new Set<string>();
    for (let step = 0; step < 25; step++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return null;
        const style = getComputedStyle(element);
        return {
          name: `${element.tagName.toLowerCase()} ${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30) ?? ''}`,
          outlineStyle: style.outlineStyle,
          outlineWidth: Number.parseFloat(style.outlineWidth),
          // Text fields show focus with their own thicker, coloured border.
          isField: element.matches('input, textarea, select'),
        };
      });
      if (!focused || focused.isField) continue;
      seen.add(focused.name);
      expect(focused.outlineStyle, focused.name).not.toBe('none');
      expect(focused.outlineWidth, focused.name).toBeGreaterThanOrEqual(2);
    }
    expect(seen.size).toBeGreaterThan(3);
  });

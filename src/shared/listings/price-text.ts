// Prices as sellers type them (spec 02 §5 "Price parsing"): '12', '12,5', '12.50'. Parsed
// straight into integer cents from the digits, never through a float, so '0,29' is 29 cents.

/** What a price field accepts: digits with an optional comma or dot and up to two decimals. */
export const priceTextPattern = /^\d{1,7}([.,]\d{0,2})?$/;

/** What a price field keeps of a keystroke: digits, comma and dot, the comma as a dot (spec 02 §5). */
export function typedPriceText(typed: string): string {
  return typed.replace(/[^\d.,]/g, '').replace(/,/g, '.');
}

/**
 * The cents of a typed price, or null for text that is no price: both separators, several
 * separators, anything not a digit. Empty text, '.', ',' and '-' are 0, as the spec says; more than
 * two decimals are rounded to the cent.
 */
export function parsePriceText(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === '.' || trimmed === ',' || trimmed === '-') return 0;
  const match = /^(\d{1,9})(?:[.,](\d*))?$/.exec(trimmed);
  if (!match) return null;
  const [, whole = '0', decimals = ''] = match;
  const cents = Number(whole) * 100 + Number(decimals.slice(0, 2).padEnd(2, '0'));
  // A third decimal of 5 or more rounds up, as rounding to two decimals does.
  return decimals.length > 2 && Number(decimals[2]) >= 5 ? cents + 1 : cents;
}

/** Cents as a price field shows them after blur: 1250 → '12,50' (no spaces, no sign). */
export function priceTextFromCents(cents: number): string {
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
}

/**
 * A price field's text tidied when it loses focus: a valid price gets exactly two decimals
 * ('12,5' → '12,50'); anything else is left as it is, so its error stays visible.
 */
export function tidyPriceText(text: string): string {
  const trimmed = text.replace(/\s+/g, '');
  if (!priceTextPattern.test(trimmed)) return text;
  const cents = parsePriceText(trimmed);
  return cents === null ? text : priceTextFromCents(cents);
}

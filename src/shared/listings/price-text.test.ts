import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePriceText, priceTextFromCents, tidyPriceText, typedPriceText } from './price-text.ts';

describe('parsePriceText (spec 02 §5 "Price parsing")', () => {
  it('reads a comma or a point, straight into cents', () => {
    expect(parsePriceText('12')).toBe(1200);
    expect(parsePriceText('12,5')).toBe(1250);
    expect(parsePriceText('12.50')).toBe(1250);
    expect(parsePriceText('0,29')).toBe(29);
    expect(parsePriceText(' 7, ')).toBe(700);
  });

  it('gives 0 for empty text and a lone separator or minus, null for text that is no price', () => {
    for (const empty of ['', '.', ',', '-', '  ']) expect(parsePriceText(empty)).toBe(0);
    for (const bad of ['1,2.3', '1.2.3', '1,,2', 'abc', '12€', '-5', '1e3', '١٢'])
      expect(parsePriceText(bad)).toBeNull();
  });

  it('rounds a third decimal to the cent', () => {
    expect(parsePriceText('1,234')).toBe(123);
    expect(parsePriceText('1,235')).toBe(124);
  });

  it('reads back every amount it writes (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (cents) => {
        expect(parsePriceText(priceTextFromCents(cents))).toBe(cents);
        expect(parsePriceText(priceTextFromCents(cents).replace(',', '.'))).toBe(cents);
      }),
    );
  });
});

describe('tidyPriceText', () => {
  it('writes a valid price with two decimals and leaves anything else for its error to show', () => {
    expect(tidyPriceText('12.5')).toBe('12,50');
    expect(tidyPriceText('12')).toBe('12,00');
    expect(tidyPriceText('1 000')).toBe('1000,00');
    expect(tidyPriceText('1,2.3')).toBe('1,2.3');
    expect(tidyPriceText('')).toBe('');
  });
});

describe('typedPriceText', () => {
  it('keeps digits, comma and dot as typed, the comma as a dot', () => {
    expect(typedPriceText('12,5')).toBe('12.5');
    expect(typedPriceText('1 2a3€,-4')).toBe('123.4');
    expect(typedPriceText('')).toBe('');
  });
});

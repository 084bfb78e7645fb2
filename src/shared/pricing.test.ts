import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatEuros } from './money.ts';
import { calculatePrices, hasDiscountBadge } from './pricing.ts';

describe('calculatePrices', () => {
  it('follows the worked example of the spec: 100,00 € + 0', () => {
    expect(calculatePrices(10_000, 0)).toEqual({
      totalCents: 10_000,
      serviceFeeCents: 300,
      sellerReceivableCents: 9_700,
      listingPriceCents: 10_300,
    });
  });

  it('rounds the fee to the nearest cent and the buyer price up', () => {
    // 12,34 € → fee 0,3702 → 0,37; buyer 12,7102 → 12,72
    expect(calculatePrices(1_234, 0)).toMatchObject({
      serviceFeeCents: 37,
      sellerReceivableCents: 1_197,
      listingPriceCents: 1_272,
    });
    // additional fees count in the total
    expect(calculatePrices(5_000, 450)).toMatchObject({
      totalCents: 5_450,
      serviceFeeCents: 164,
      listingPriceCents: 5_614,
    });
  });

  it('never loses or invents a cent (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 15_000 }),
        (selling, fees) => {
          const prices = calculatePrices(selling, fees);
          expect(prices.serviceFeeCents + prices.sellerReceivableCents).toBe(selling + fees);
          expect(Math.abs(prices.serviceFeeCents * 100 - prices.totalCents * 3)).toBeLessThanOrEqual(50);
          expect(prices.listingPriceCents * 100).toBeGreaterThanOrEqual(prices.totalCents * 103);
          expect(prices.listingPriceCents * 100 - prices.totalCents * 103).toBeLessThan(100);
          for (const value of Object.values(prices)) expect(Number.isInteger(value)).toBe(true);
        },
      ),
    );
  });
});

describe('hasDiscountBadge', () => {
  it('shows from 10 % below the original price plus fees', () => {
    expect(hasDiscountBadge(9_000, 10_000, 0)).toBe(true);
    expect(hasDiscountBadge(9_001, 10_000, 0)).toBe(false);
    expect(hasDiscountBadge(9_450, 10_000, 500)).toBe(true);
  });
});

describe('formatEuros', () => {
  it('uses the Finnish format with two decimals', () => {
    expect(formatEuros(123_450).replace(/\s/g, ' ')).toBe('1 234,50 €');
    expect(formatEuros(500).replace(/\s/g, ' ')).toBe('5,00 €');
  });

  it('writes exactly what fi-FI Intl.NumberFormat writes (property)', () => {
    const intl = new Intl.NumberFormat('fi-FI', { style: 'currency', currency: 'EUR' });
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }), (cents) => {
        expect(formatEuros(cents)).toBe(intl.format(cents / 100));
      }),
    );
  });
});

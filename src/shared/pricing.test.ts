import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatEuros } from './money.ts';
import {
  calculatePrices,
  receiptLines,
  serviceFeeVat,
  serviceFeeVatRateText,
  summarizePrices,
} from './pricing.ts';

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

describe('summarizePrices', () => {
  const kevatsoitto = {
    sellingPriceCents: 7_900,
    additionalFeesCents: 250,
    originalPriceCents: 7_950,
    ticketCount: 1,
  };

  it("adds up on both sides: the issue's example of 79,00 € + 2,50 € of fees", () => {
    const summary = summarizePrices(kevatsoitto);
    expect(summary).toMatchObject({
      ticketPriceCents: 8_150,
      buyerFeeCents: 245,
      buyerTotalCents: 8_395,
      sellerFeeCents: 245,
      sellerReceivableCents: 7_905,
      faceValueCents: 8_200,
      buyerTotalPerTicketCents: 8_395,
      percentBelowFaceValue: null,
    });
  });

  it('gives the price per ticket of a package, to the nearest cent', () => {
    // 45,00 € for two → the buyer pays 46,35 €, 23,175 € a ticket → 23,18 €
    const summary = summarizePrices({
      sellingPriceCents: 4_500,
      additionalFeesCents: 0,
      originalPriceCents: 6_000,
      ticketCount: 2,
    });
    expect(summary.buyerTotalCents).toBe(4_635);
    expect(summary.buyerTotalPerTicketCents).toBe(2_318);
    // 46,35 / 60,00 = 77,25 % → 22,75 % below, shown as 22 (never more than is true)
    expect(summary.percentBelowFaceValue).toBe(22);
  });

  it('shows the badge from 10 % below the original price plus fees (spec 01 §9)', () => {
    const badge = (buyerTotalCents: number, originalPriceCents: number, additionalFeesCents = 0) =>
      summarizePrices({
        // A selling price whose buyer total is exactly the one asked for.
        sellingPriceCents: Math.floor((buyerTotalCents * 100) / 103),
        additionalFeesCents: 0,
        originalPriceCents: originalPriceCents + additionalFeesCents,
        ticketCount: 1,
      }).percentBelowFaceValue;
    expect(badge(9_000, 10_000)).toBe(10);
    expect(badge(9_064, 10_000)).toBe(null);
    expect(badge(9_064, 9_500, 500)).toBe(null);
  });

  it('never loses a cent and never overstates the discount (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 500, max: 100_000 }),
        fc.integer({ min: 0, max: 15_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 6 }),
        (selling, fees, extra, ticketCount) => {
          const summary = summarizePrices({
            sellingPriceCents: selling,
            additionalFeesCents: fees,
            originalPriceCents: selling + extra,
            ticketCount,
          });
          expect(summary.ticketPriceCents + summary.buyerFeeCents).toBe(summary.buyerTotalCents);
          expect(summary.ticketPriceCents - summary.sellerFeeCents).toBe(summary.sellerReceivableCents);
          expect(summary.ticketPriceCents).toBeLessThanOrEqual(summary.faceValueCents);
          const shown = summary.percentBelowFaceValue;
          if (shown !== null) {
            expect(shown).toBeGreaterThanOrEqual(10);
            expect(summary.buyerTotalCents * 100).toBeLessThanOrEqual(summary.faceValueCents * (100 - shown));
          }
          expect(
            Math.abs(summary.buyerTotalPerTicketCents * ticketCount - summary.buyerTotalCents),
          ).toBeLessThanOrEqual(ticketCount);
        },
      ),
    );
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

describe('serviceFeeVat', () => {
  it('takes 25,5 % VAT out of a VAT-inclusive fee, to the nearest cent', () => {
    expect(serviceFeeVatRateText).toBe('25,5 %');
    // 3,00 € × 25,5 / 125,5 = 0,6096 → 0,61; without VAT 2,39
    expect(serviceFeeVat(300)).toEqual({ vatCents: 61, netCents: 239 });
    // 1,00 € → 0,2032 → 0,20
    expect(serviceFeeVat(100)).toEqual({ vatCents: 20, netCents: 80 });
    expect(serviceFeeVat(0)).toEqual({ vatCents: 0, netCents: 0 });
    // 251 c × 255 / 1255 = 51,0 exactly; 502 c → 102,0
    expect(serviceFeeVat(251).vatCents).toBe(51);
  });

  it('adds up to the fee and is within half a cent of the exact VAT (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (fee) => {
        const { vatCents, netCents } = serviceFeeVat(fee);
        expect(Number.isInteger(vatCents)).toBe(true);
        expect(vatCents + netCents).toBe(fee);
        // |vat − fee × 255 / 1255| ≤ ½ cent, in whole numbers
        expect(Math.abs(vatCents * 1255 * 2 - fee * 255 * 2)).toBeLessThanOrEqual(1255);
      }),
    );
  });
});

describe('receiptLines', () => {
  it('splits the spec example sale: 100,00 € ticket, 3,00 € fee with 0,61 € VAT, 103,00 € paid', () => {
    const prices = calculatePrices(10_000, 0);
    expect(
      receiptLines({
        pricePaidCents: prices.listingPriceCents,
        serviceFeeCents: prices.serviceFeeCents,
        sellerReceivableCents: prices.sellerReceivableCents,
      }),
    ).toEqual({
      ticketPriceCents: 10_000,
      buyerFeeCents: 300,
      buyerFeeVatCents: 61,
      buyerFeeNetCents: 239,
      totalCents: 10_300,
    });
  });

  it('agrees with what the buyer was shown before paying (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 500, max: 100_000 }),
        fc.integer({ min: 0, max: 15_000 }),
        (selling, fees) => {
          const prices = calculatePrices(selling, fees);
          const shown = summarizePrices({
            sellingPriceCents: selling,
            additionalFeesCents: fees,
            originalPriceCents: selling,
            ticketCount: 1,
          });
          const lines = receiptLines({
            pricePaidCents: prices.listingPriceCents,
            serviceFeeCents: prices.serviceFeeCents,
            sellerReceivableCents: prices.sellerReceivableCents,
          });
          expect(lines.ticketPriceCents).toBe(shown.ticketPriceCents);
          expect(lines.buyerFeeCents).toBe(shown.buyerFeeCents);
          expect(lines.ticketPriceCents + lines.buyerFeeCents).toBe(lines.totalCents);
        },
      ),
    );
  });
});

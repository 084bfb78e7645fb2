// Price rules of spec 02 §9, in integer cents. The server is authoritative; the client shows the same.

/** Service fee per side, in percent. */
const serviceFeePercent = 3;

export interface PriceBreakdown {
  /** Selling price + declared additional fees. */
  totalCents: number;
  /** 3 % of the total, rounded to the cent (taken from the seller). */
  serviceFeeCents: number;
  /** What the seller is paid: total − service fee. */
  sellerReceivableCents: number;
  /** What the buyer pays: total + 3 %, rounded up to the next cent. */
  listingPriceCents: number;
}

export function calculatePrices(sellingPriceCents: number, additionalFeesCents: number): PriceBreakdown {
  const totalCents = sellingPriceCents + additionalFeesCents;
  const serviceFeeCents = Math.round((totalCents * serviceFeePercent) / 100);
  return {
    totalCents,
    serviceFeeCents,
    sellerReceivableCents: totalCents - serviceFeeCents,
    listingPriceCents: Math.floor((totalCents * (100 + serviceFeePercent) + 99) / 100),
  };
}

/** The discount badge: the listing price is at least 10 % below the original price + fees. */
export function hasDiscountBadge(
  listingPriceCents: number,
  originalPriceCents: number,
  additionalFeesCents: number,
): boolean {
  return listingPriceCents * 10 <= (originalPriceCents + additionalFeesCents) * 9;
}

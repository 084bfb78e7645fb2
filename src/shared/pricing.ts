// Price rules of spec 02 §9, in integer cents. The server is authoritative; the client shows the same.

/** Service fee per side, in percent. */
export const serviceFeePercent = 3;

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

/** The price fields a listing carries, as the ticket card and page receive them. */
export interface ListingPrices {
  sellingPriceCents: number;
  additionalFeesCents: number;
  originalPriceCents: number;
  ticketCount: number;
}

/**
 * Every number a buyer or seller is shown for a listing, derived from the same rule as the
 * server's stored prices, so the lines always add up: ticket price + buyer's fee = what the buyer
 * pays; ticket price − seller's fee = what the seller is paid.
 */
export interface PriceSummary {
  /** The seller's price for the whole listing: selling price + fees already paid for the tickets. */
  ticketPriceCents: number;
  /** The buyer's 3 % service fee (the buyer's total is rounded up to the cent). */
  buyerFeeCents: number;
  /** What the buyer pays in all: the all-in price shown everywhere. */
  buyerTotalCents: number;
  /** The seller's 3 % service fee. */
  sellerFeeCents: number;
  sellerReceivableCents: number;
  /** The original price with its fees: the most a seller may ask. */
  faceValueCents: number;
  ticketCount: number;
  /** The buyer's total per ticket to the nearest cent; equals the total for one ticket. */
  buyerTotalPerTicketCents: number;
  /**
   * How many whole percent the buyer's total is below the face value, when at least 10 (spec 01
   * §9's discount badge); rounded down so the badge never claims more than is true. Else null.
   */
  percentBelowFaceValue: number | null;
}

export function summarizePrices(listing: ListingPrices): PriceSummary {
  const prices = calculatePrices(listing.sellingPriceCents, listing.additionalFeesCents);
  const faceValueCents = listing.originalPriceCents + listing.additionalFeesCents;
  const ticketCount = Math.max(1, listing.ticketCount);
  const discounted = faceValueCents > 0 && prices.listingPriceCents * 10 <= faceValueCents * 9;
  return {
    ticketPriceCents: prices.totalCents,
    buyerFeeCents: prices.listingPriceCents - prices.totalCents,
    buyerTotalCents: prices.listingPriceCents,
    sellerFeeCents: prices.serviceFeeCents,
    sellerReceivableCents: prices.sellerReceivableCents,
    faceValueCents,
    ticketCount,
    buyerTotalPerTicketCents: Math.round(prices.listingPriceCents / ticketCount),
    percentBelowFaceValue: discounted
      ? Math.floor(((faceValueCents - prices.listingPriceCents) * 100) / faceValueCents)
      : null,
  };
}

/**
 * VAT on our service fee (docs/decisions/032): the fee is our taxable service, at Finland's general
 * rate, 25.5 % since 1.9.2024, in tenths of a percent so that cents stay integers. The ticket price
 * is the private seller's own sale, on which we charge no VAT.
 */
export const serviceFeeVatTenthsOfPercent = 255;

/** The rate as people write it: '25,5 %'. */
export const serviceFeeVatRateText = `${Math.floor(serviceFeeVatTenthsOfPercent / 10)},${serviceFeeVatTenthsOfPercent % 10} %`;

/**
 * The VAT inside a VAT-inclusive fee: fee × 25.5 / 125.5, rounded to the nearest cent (a half cent
 * up), and the rest without VAT; the two always add up to the fee.
 */
export function serviceFeeVat(feeCents: number): { vatCents: number; netCents: number } {
  const rate = serviceFeeVatTenthsOfPercent;
  const vatCents = Math.floor((feeCents * rate * 2 + (1000 + rate)) / ((1000 + rate) * 2));
  return { vatCents, netCents: feeCents - vatCents };
}

/** What a buyer's receipt breaks a paid sale into, from the sale's frozen amounts. */
export interface ReceiptLines {
  /** The seller's price for the tickets: selling price + fees already paid for them. No VAT from us. */
  ticketPriceCents: number;
  /** The buyer's service fee, VAT included. */
  buyerFeeCents: number;
  buyerFeeVatCents: number;
  buyerFeeNetCents: number;
  totalCents: number;
}

/**
 * A sale's receipt lines. The sale keeps what the buyer paid, the seller's fee and what the seller
 * is owed; the ticket price is the last two together (receivable = price − fee), the buyer's fee
 * the rest of what was paid.
 */
export function receiptLines(sale: {
  pricePaidCents: number;
  serviceFeeCents: number;
  sellerReceivableCents: number;
}): ReceiptLines {
  const ticketPriceCents = sale.sellerReceivableCents + sale.serviceFeeCents;
  const buyerFeeCents = sale.pricePaidCents - ticketPriceCents;
  const vat = serviceFeeVat(buyerFeeCents);
  return {
    ticketPriceCents,
    buyerFeeCents,
    buyerFeeVatCents: vat.vatCents,
    buyerFeeNetCents: vat.netCents,
    totalCents: sale.pricePaidCents,
  };
}

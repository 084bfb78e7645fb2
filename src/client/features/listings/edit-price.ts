import { parsePriceText, priceTextPattern, tidyPriceText } from '#shared/listings/price-text.ts';
import type { EditListingInput } from '#shared/listings/seller-listing.schema.ts';
import { calculatePrices } from '#shared/pricing.ts';

// The edit page's price rules (spec 02 §5 "Price inputs", §8 "Edit page").

/** The price field on leaving it: a valid price with two decimals ('12,50'); anything else cleared. */
export function blurredPriceText(text: string): string {
  return priceTextPattern.test(text.trim()) ? tidyPriceText(text) : '';
}

/** The cents of a typed price when it is one, else null. */
export function typedPriceCents(text: string): number | null {
  return priceTextPattern.test(text.trim()) ? parsePriceText(text) : null;
}

export type { EditFormOutput, EditFormValues } from './edit-form-schema.ts';

import type { EditFormOutput } from './edit-form-schema.ts';

/** The PATCH body: the form's values with the prices the seller was shown for them. */
export function editRequest(values: EditFormOutput, additionalFeesCents: number): EditListingInput {
  const prices = calculatePrices(parsePriceText(values.sellingPrice) ?? 0, additionalFeesCents);
  return {
    ...values,
    listingPriceCents: prices.listingPriceCents,
    sellerReceivableCents: prices.sellerReceivableCents,
  };
}

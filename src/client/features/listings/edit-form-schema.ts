import type { z } from 'zod';
import { editedSellingPriceIssue } from '#shared/listings/listing-fields.ts';
import { parsePriceText } from '#shared/listings/price-text.ts';
import { editListingSchema } from '#shared/listings/seller-listing.schema.ts';

// The edit form's zod schema, loaded with the form's first check (edit-listing-form.tsx), so the
// edit page draws without zod.

const editFormFields = editListingSchema.pick({ sellingPrice: true, additionalInfo: true });

export type EditFormValues = z.input<typeof editFormFields>;
export type EditFormOutput = z.output<typeof editFormFields>;

/** The edit form's rules: the request's own, then the price's bounds for this listing. */
export function editFormSchema(originalPriceCents: number) {
  return editFormFields.superRefine((values, context) => {
    const issue = editedSellingPriceIssue(parsePriceText(values.sellingPrice) ?? 0, originalPriceCents);
    if (issue) context.addIssue({ code: 'custom', path: ['sellingPrice'], message: issue });
  });
}

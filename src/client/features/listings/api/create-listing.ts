import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import type { ListingFormValues } from '#shared/listings/listing.schema.ts';

// POST /api/listings: the listing as JSON and the ticket PDFs, in one multipart request, so the
// server can take all of it or none.

export interface CreateListingInput {
  listing: ListingFormValues & { submissionId: string };
  files: File[];
}

export function createListing({ listing, files }: CreateListingInput) {
  const body = new FormData();
  body.append('listing', JSON.stringify(listing));
  for (const file of files) body.append('files', file, file.name);
  return apiRequest('/api/listings', {
    method: 'POST',
    body,
    schema: async () =>
      (await import('#shared/listings/seller-listing.schema.ts')).sellerListingResponseSchema,
  });
}

export function useCreateListing() {
  return useMutation({ mutationFn: createListing });
}

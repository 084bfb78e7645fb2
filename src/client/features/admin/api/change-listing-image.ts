import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { type AdminListing, listingImageResultSchema } from '#shared/admin/admin.schema.ts';
import { adminKeys } from './keys.ts';

/** An image the server already has (by its url), or a new picture to upload. */
export type ListingImageChoice = { url: string } | { file: File };

/**
 * PUT /api/admin/listings/:id/image: a known image as JSON, a new one as multipart `image` (the
 * server converts it to WebP and keeps it among the uploads). The card shows the new image at once.
 */
export function useChangeListingImage(listingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: ListingImageChoice) => {
      let body: { url: string } | FormData;
      if ('url' in choice) body = { url: choice.url };
      else {
        body = new FormData();
        body.append('image', choice.file, choice.file.name);
      }
      return apiRequest(`/api/admin/listings/${encodeURIComponent(listingId)}/image`, {
        method: 'PUT',
        body,
        schema: listingImageResultSchema,
      });
    },
    onSuccess: (result, choice) => {
      queryClient.setQueryData<AdminListing[]>(adminKeys.pendingListings(), (listings) =>
        listings?.map((listing) =>
          listing.id === result.id ? { ...listing, eventImage: result.eventImage } : listing,
        ),
      );
      if ('file' in choice) void queryClient.invalidateQueries({ queryKey: adminKeys.images() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
}

import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { desc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type AdminImage, adminMessages } from '#shared/admin/admin.schema.ts';
import { defaultEventImage, defaultImageCounts, eventTypeCodes, eventTypeName } from '#shared/categories.ts';
import { AppError } from '../../app-error.ts';
import type { Db, Executor } from '../../db/client.ts';
import { adminImages } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { TurnRefusedError } from '../../platform/fair-queue.ts';
import { deleteFiles, type FileStore } from '../../platform/files/file-store.ts';
import { convertToEventWebp } from '../../platform/images/picture-turns.ts';
import { ImageRejectedError } from '../../platform/images/webp-converter.ts';
import type { ListingImageSource, ListingLifecycle } from '../listings/listing-lifecycle.ts';
import { findListingWithSeller } from '../listings/listings.service.ts';
import { recordAdminAction } from './admin-audit.ts';

// Event pictures (spec 02 §2 'Vaihda kuva', §5, §7 uploadAndConvertImage): an admin gives a
// listing under review a category default or a picture of their own, which is converted to WebP,
// kept in the file store and served publicly at /kuvat/ladatut/{id}.webp (it shows on the ticket's
// public page once approved).

export interface AdminImagesDeps {
  db: Db;
  files: FileStore;
  listings: ListingLifecycle;
  log: FastifyBaseLogger;
}

/** Where an uploaded picture is served from: public, like the shipped defaults. */
export const uploadedImagesPath = '/kuvat/ladatut';

const uploadedImageUrl = (id: string) => `${uploadedImagesPath}/${id}.webp`;
const uploadedImageKey = (id: string) => `images/uploads/${id}.webp`;
/** An upload's file name in its url: its id (a lowercase uuid, as randomUUID writes it) and '.webp'. */
export const uploadedImageFilePattern =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.webp$/;

const defaultImage = (url: string, category: string): AdminImage => ({
  url,
  category,
  uploadId: null,
  originalFileName: null,
  uploadedAt: null,
});

/** The shipped defaults of every category, in the categories' order (tab 'Kategoriakuvat'). */
const categoryImages = eventTypeCodes.map((code) => ({
  category: code,
  label: eventTypeName(code),
  images: Array.from({ length: defaultImageCounts[code] }, (_unused, index) =>
    defaultImage(defaultEventImage(code, index + 1), code),
  ),
}));

const defaultImageUrls = new Set(
  categoryImages.flatMap((category) => category.images.map((image) => image.url)),
);

/** Every picture an admin may give a listing: the defaults by category, and the uploads newest first. */
export async function listAdminImages(db: Db) {
  const uploads = await db
    .select()
    .from(adminImages)
    .orderBy(desc(adminImages.createdAt), desc(adminImages.id));
  return {
    categories: categoryImages,
    uploaded: uploads.map(
      (upload): AdminImage => ({
        url: uploadedImageUrl(upload.id),
        category: null,
        uploadId: upload.id,
        originalFileName: upload.originalFileName,
        uploadedAt: upload.createdAt.toISOString(),
      }),
    ),
  };
}

/** Where a picture the admin chose comes from, or undefined when the server does not know it. */
async function knownImageSource(db: Db, url: string): Promise<ListingImageSource | undefined> {
  if (defaultImageUrls.has(url)) return 'default';
  const prefix = `${uploadedImagesPath}/`;
  const uploadId = url.startsWith(prefix)
    ? uploadedImageFilePattern.exec(url.slice(prefix.length))?.[1]
    : undefined;
  if (!uploadId) return undefined;
  const [upload] = await db
    .select({ id: adminImages.id })
    .from(adminImages)
    .where(eq(adminImages.id, uploadId));
  return upload ? 'admin' : undefined;
}

/** Why a listing's picture cannot change: it is gone (404), or it is no longer under review (409). */
async function unchangeable(executor: Executor, listingId: string): Promise<AppError> {
  const found = await findListingWithSeller(executor, listingId);
  return new AppError(found ? 'listing-not-pending' : 'not-found');
}

/** Changes the picture and records it in the audit log, in the caller's transaction; throws when the listing is not pending. */
async function changeListingImage(
  executor: Executor,
  listings: ListingLifecycle,
  adminId: string,
  listingId: string,
  image: { eventImage: string; imageSource: ListingImageSource },
): Promise<{ id: string; eventImage: string }> {
  const before = await listings.changeImage(executor, listingId, image);
  if (!before) throw await unchangeable(executor, listingId);
  await recordAdminAction(executor, {
    adminId,
    action: 'listing.image',
    entityType: 'listing',
    entityId: listingId,
    before,
    after: image,
  });
  return { id: listingId, eventImage: image.eventImage };
}

/** Gives a pending listing a category default or an earlier upload, chosen by its url. */
export async function chooseListingImage(
  deps: AdminImagesDeps,
  adminId: string,
  listingId: string,
  url: string,
): Promise<{ id: string; eventImage: string }> {
  const imageSource = await knownImageSource(deps.db, url);
  if (!imageSource) throw AppError.field('invalid-argument', 'url', adminMessages.unknownImage);
  return inTransaction(deps.db, ({ tx }) =>
    changeListingImage(tx, deps.listings, adminId, listingId, { eventImage: url, imageSource }),
  );
}

/**
 * Converts a new picture to WebP and gives it to a pending listing. The listing is checked before
 * the work of converting, and again in the transaction that changes it; a picture whose listing
 * was approved meanwhile leaves neither a file nor a row behind.
 */
export async function uploadListingImage(
  deps: AdminImagesDeps,
  adminId: string,
  listingId: string,
  /** `fileName` as uploadedFileName keeps it. */
  upload: { fileName: string; bytes: Uint8Array },
): Promise<{ id: string; eventImage: string }> {
  const found = await findListingWithSeller(deps.db, listingId);
  if (!found) throw new AppError('not-found');
  if (found.listing.status !== 'pending') throw new AppError('listing-not-pending');

  let webp: Buffer;
  try {
    webp = await convertToEventWebp(adminId, upload.bytes);
  } catch (error) {
    // This admin's earlier pictures are still being decoded: try again in a moment.
    if (error instanceof TurnRefusedError) throw new AppError('resource-exhausted');
    if (!(error instanceof ImageRejectedError)) throw error;
    deps.log.info({ listingId, reason: error.reason, detail: error.message }, 'admin image refused');
    throw new AppError('invalid-image');
  }

  const id = randomUUID();
  const key = uploadedImageKey(id);
  let stored = false;
  try {
    return await inTransaction(deps.db, async ({ tx }) => {
      const image = { eventImage: uploadedImageUrl(id), imageSource: 'admin' as const };
      // First the listing (locked), so a file is written only for a listing still pending.
      const result = await changeListingImage(tx, deps.listings, adminId, listingId, image);
      // Marked first: a store that fails halfway may have left part of the file.
      stored = true;
      try {
        await deps.files.put(key, webp, 'image/webp');
      } catch (error) {
        deps.log.error({ err: error, key }, 'storing an admin image failed');
        throw new AppError('upload-failed');
      }
      await tx.insert(adminImages).values({
        id,
        storageKey: key,
        originalFileName: upload.fileName,
        sizeBytes: webp.byteLength,
        uploadedBy: adminId,
      });
      return result;
    });
  } catch (error) {
    if (stored) {
      const left = await deleteFiles(deps.files, [key]);
      if (left.length > 0) deps.log.error({ key }, 'could not delete the image of a failed upload');
    }
    throw error;
  }
}

/** An uploaded picture's bytes, or undefined when there is none with this id. */
export function openUploadedImage(
  files: FileStore,
  id: string,
): Promise<{ stream: Readable; size: number } | undefined> {
  return files.get(uploadedImageKey(id));
}

/** Of these file store keys, those an uploaded image's row holds (the reconcile of stored files). */
export async function ownedImageKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: adminImages.storageKey })
    .from(adminImages)
    .where(inArray(adminImages.storageKey, keys));
  return new Set(rows.map((row) => row.key));
}

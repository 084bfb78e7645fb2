// Turns an uploaded picture into WebP: the event pictures admins upload (spec 02 §5, §7
// uploadAndConvertImage) and the pictures people attach to a complaint. Checked by its content,
// decoded and encoded again by sharp, so whatever else the file carried (metadata such as a phone
// photo's GPS position, a script tacked on after the image) is not kept.
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

/** JPG, PNG and WebP, as the upload dialog says. */
const acceptedTypes = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** Wider than any card or page shows an event picture; larger ones are scaled down. */
export const maxEventImageSide = 1600;

/**
 * Refuses to decode more pixels than a 50-megapixel camera makes: a small file that unpacks to an
 * enormous picture (a decompression bomb) would otherwise take the server's memory.
 */
const maxInputPixels = 50_000_000;

export type ImageRejection = 'not_image' | 'unreadable';

/** The file is not a picture we take; `reason` says why, the message is for the log. */
export class ImageRejectedError extends Error {
  readonly reason: ImageRejection;

  constructor(reason: ImageRejection, message: string) {
    super(message);
    this.name = 'ImageRejectedError';
    this.reason = reason;
  }
}

/** An event picture: at most `maxEventImageSide` on either side. */
export function convertToEventWebp(bytes: Uint8Array): Promise<Buffer> {
  return convertToWebp(bytes, maxEventImageSide);
}

/**
 * The picture as WebP, turned upright by its EXIF orientation, at most `maxSide` on either side,
 * without metadata. Rejects with ImageRejectedError when it is not one.
 */
export async function convertToWebp(bytes: Uint8Array, maxSide: number): Promise<Buffer> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !acceptedTypes.has(type.mime))
    throw new ImageRejectedError('not_image', `the content is ${type?.mime ?? 'of no known type'}`);
  try {
    return await sharp(bytes, { limitInputPixels: maxInputPixels, autoOrient: true })
      .resize({
        width: maxSide,
        height: maxSide,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    throw new ImageRejectedError('unreadable', `sharp could not convert it: ${(error as Error).message}`);
  }
}

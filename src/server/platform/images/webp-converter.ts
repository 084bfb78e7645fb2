// Turns an uploaded picture into WebP: the event pictures admins upload (spec 02 §5, §7
// uploadAndConvertImage) and the pictures people attach to a complaint. Checked by its content,
// decoded and encoded again by sharp, so whatever else the file carried (metadata such as a phone
// photo's GPS position, a script tacked on after the image) is not kept. What decoding may cost is
// known from the picture's header before any pixel is decoded (`checkPicture`).
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

/** JPG, PNG and WebP, as the upload dialog says. */
const acceptedTypes = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** Wider than any card or page shows an event picture; larger ones are scaled down. */
export const maxEventImageSide = 1600;

/**
 * What one picture may take to decode. Pixels: as many as a 50-megapixel camera makes. Bytes: as
 * many as that camera's photo decoded (three 8-bit channels); a picture of fewer pixels with more or
 * wider channels (16-bit RGBA takes 8 bytes a pixel) may not take more. A small file that unpacks to
 * an enormous picture (a decompression bomb) is refused by its header, before it is decoded.
 */
export const pictureLimits = { maxPixels: 50_000_000, maxDecodedBytes: 150_000_000 } as const;

// libvips keeps recent operations and their pixels in a cache (its peak reached hundreds of MB
// here); every upload is a different file, so it is never hit again: nothing is cached.
sharp.cache(false);

export type ImageRejection = 'not_image' | 'unreadable' | 'too_large';

/** The file is not a picture we take; `reason` says why, the message is for the log. */
export class ImageRejectedError extends Error {
  readonly reason: ImageRejection;

  constructor(reason: ImageRejection, message: string) {
    super(message);
    this.name = 'ImageRejectedError';
    this.reason = reason;
  }
}

/** A picture's size as its header declares it, read without decoding it. */
export interface PictureHeader {
  width: number;
  height: number;
  /** The bytes its pixels take decoded: width × height × channels × bytes a sample. */
  decodedBytes: number;
}

/** Bytes a sample of each of libvips' band formats takes. */
const sampleBytes: Record<string, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
};

/**
 * The picture's header, when it is a JPG, PNG or WebP within `pictureLimits`; rejects with
 * ImageRejectedError otherwise. Reads the magic bytes and the header only: no pixel is decoded.
 */
export async function checkPicture(bytes: Uint8Array): Promise<PictureHeader> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !acceptedTypes.has(type.mime))
    throw new ImageRejectedError('not_image', `the content is ${type?.mime ?? 'of no known type'}`);
  let width: number;
  let height: number;
  let channels: number;
  let depth: string;
  try {
    ({ width, height, channels, depth } = await sharp(bytes).metadata());
  } catch (error) {
    throw new ImageRejectedError(
      'unreadable',
      `sharp could not read its header: ${(error as Error).message}`,
    );
  }
  const bytesPerSample = sampleBytes[depth];
  if (!(width > 0 && height > 0 && channels > 0 && bytesPerSample))
    throw new ImageRejectedError('unreadable', `a header of ${width} x ${height}, ${channels} x ${depth}`);
  const decodedBytes = width * height * channels * bytesPerSample;
  if (width * height > pictureLimits.maxPixels || decodedBytes > pictureLimits.maxDecodedBytes)
    throw new ImageRejectedError(
      'too_large',
      `${width} x ${height} pixels of ${channels} x ${depth}: ${decodedBytes} bytes decoded`,
    );
  return { width, height, decodedBytes };
}

/**
 * The picture as WebP, turned upright by its EXIF orientation, at most `maxSide` on either side,
 * without metadata. Rejects with ImageRejectedError when it is not one, or one over
 * `pictureLimits` (checked from its header first). Decodes it: run it in the decoding turns
 * (picture-turns.ts), which bound how many pictures the process decodes at once.
 */
export async function convertToWebp(bytes: Uint8Array, maxSide: number): Promise<Buffer> {
  await checkPicture(bytes);
  try {
    // The pixel limit again inside sharp, which reads the header it decodes by.
    return await sharp(bytes, { limitInputPixels: pictureLimits.maxPixels, autoOrient: true })
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

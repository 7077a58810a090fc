import sharp from 'sharp';
import type { GrayImage } from './resize-gray';
import { ReceiptReadError } from './receipt-read-error';

/** Larger images are refused before decoding: 40 megapixels is a 7,300 × 5,500 scan. */
export const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Reads an image's size from its header only, so a decompression bomb (a tiny PNG declaring
 * 50,000 × 50,000 pixels) is refused before a single pixel is decoded.
 */
export async function checkImageSize(bytes: Buffer): Promise<void> {
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ReceiptReadError('unreadable', 'The image could not be read.');
  }
  const { width = 0, height = 0 } = metadata;
  if (width <= 0 || height <= 0)
    throw new ReceiptReadError('unreadable', 'The image has no pixels.');
  if (width * height > MAX_INPUT_PIXELS) {
    throw new ReceiptReadError(
      'too-large',
      `The image is too large (${width} × ${height} pixels).`,
    );
  }
}

/**
 * The grayscale, upright (EXIF orientation applied) image the OCR reads, its long side capped so
 * memory and time stay bounded whatever the camera produced.
 */
export async function prepareImage(bytes: Buffer, maxSide: number): Promise<GrayImage> {
  try {
    const { data, info } = await sharp(bytes, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: 'error',
    })
      .rotate()
      .grayscale()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 1) throw new Error('expected one channel');
    return { data, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof ReceiptReadError) throw error;
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message))
      throw new ReceiptReadError('too-large', 'The image is too large.');
    throw new ReceiptReadError('unreadable', 'The image could not be read.');
  }
}

/** Crops away the blank margins of a rendered page (scans are white paper around the receipt). */
export async function trimMargins(png: Buffer): Promise<Buffer> {
  try {
    return await sharp(png).trim({ background: '#ffffff', threshold: 30 }).png().toBuffer();
  } catch {
    // A blank page has nothing to trim to.
    return png;
  }
}

/** A grayscale image, one byte per pixel, row by row. */
export interface GrayImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Bilinear resize of a region of a grayscale image. */
export function resizeGray(
  image: GrayImage,
  left: number,
  top: number,
  regionWidth: number,
  regionHeight: number,
  width: number,
  height: number,
): Uint8Array {
  const out = new Uint8Array(width * height);
  const sx = regionWidth / width;
  const sy = regionHeight / height;
  const maxX = image.width - 1;
  const maxY = image.height - 1;
  for (let y = 0; y < height; y++) {
    const fy = Math.min(maxY, Math.max(0, top + (y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(maxY, y0 + 1);
    const wy = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(maxX, Math.max(0, left + (x + 0.5) * sx - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(maxX, x0 + 1);
      const wx = fx - x0;
      const a = image.data[y0 * image.width + x0] ?? 0;
      const b = image.data[y0 * image.width + x1] ?? 0;
      const c = image.data[y1 * image.width + x0] ?? 0;
      const d = image.data[y1 * image.width + x1] ?? 0;
      out[y * width + x] = (a * (1 - wx) + b * wx) * (1 - wy) + (c * (1 - wx) + d * wx) * wy;
    }
  }
  return out;
}

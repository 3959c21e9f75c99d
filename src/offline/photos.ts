/**
 * Photo compression on the phone (issue 4 "photos from the camera, compressed on the phone before
 * they are stored"): a 12 MP camera JPEG of 3–5 MB becomes a ~100–250 KB JPEG, which is what makes
 * an outbox of a day's visits fit on a cheap phone and go up over 2G.
 */

export interface CompressOptions {
  /** Longest edge of the result, px (default 1280). Smaller images are not enlarged. */
  maxEdge?: number;
  /** JPEG quality 0..1 (default 0.7). */
  quality?: number;
}

async function decode(file: Blob): Promise<{ source: CanvasImageSource; width: number; height: number; close(): void }> {
  if (typeof createImageBitmap === 'function') {
    // 'from-image' applies the EXIF orientation, so portrait photos stay upright.
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
  }
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return { source: img, width: img.naturalWidth, height: img.naturalHeight, close: () => undefined };
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * Scales an image so its longest edge is at most `maxEdge` and re-encodes it as JPEG.
 * Works in a page (canvas) and in a worker (OffscreenCanvas).
 * @returns a JPEG Blob ('image/jpeg'); the original when it is not an image or is already a
 *   smaller JPEG than the re-encoded one would be.
 * @throws Error('This image could not be read') when the browser cannot decode it.
 */
export async function compressImage(file: Blob, opts: CompressOptions = {}): Promise<Blob> {
  const maxEdge = opts.maxEdge ?? 1280;
  const quality = opts.quality ?? 0.7;
  if (!file.type.startsWith('image/')) return file;
  let image: Awaited<ReturnType<typeof decode>>;
  try {
    image = await decode(file);
  } catch {
    throw new Error('This image could not be read');
  }
  try {
    const scale = Math.min(1, maxEdge / Math.max(image.width, image.height));
    const width = Math.max(1, Math.round(image.width * scale));
    const height = Math.max(1, Math.round(image.height * scale));
    let out: Blob | null;
    if (typeof OffscreenCanvas === 'function') {
      const canvas = new OffscreenCanvas(width, height);
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('This image could not be read');
      ctx.drawImage(image.source, 0, 0, width, height);
      out = await canvas.convertToBlob({ type: 'image/jpeg', quality });
    } else {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('This image could not be read');
      ctx.drawImage(image.source, 0, 0, width, height);
      out = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    }
    if (!out) throw new Error('This image could not be read');
    if (file.type === 'image/jpeg' && scale === 1 && file.size <= out.size) return file;
    return out;
  } finally {
    image.close();
  }
}

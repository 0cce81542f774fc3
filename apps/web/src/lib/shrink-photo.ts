import { limits } from '@pinhole/contracts';

/**
 * Makes a camera photo small enough to send, in the browser (loaded only when a photo is too
 * large): upright as the camera meant it (its EXIF orientation applied to the pixels), in sRGB,
 * as a JPEG of the highest quality that fits. Instagram does the same before uploading.
 */

/** The qualities tried in turn: 0.9 looks like the original; below 0.7 it starts not to. */
export const jpegQualities = [0.9, 0.85, 0.8, 0.75, 0.7] as const;

/** Longest sides tried in turn when no quality fits (a very noisy photo at 4096 px). */
export const longestSides = [limits.pickedPhotoMaxSide, 3072, 2048] as const;

/** The size that fits `longest` pixels on the longer side, keeping the shape; never enlarged. */
export function fitWithin(width: number, height: number, longest: number) {
  const scale = Math.min(1, longest / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** `IMG_0001.HEIC` → `IMG_0001.jpg`: the server and a download then name it for what it is. */
export function jpegName(name: string): string {
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name || 'photo'}.jpg`;
}

/**
 * The photo as a JPEG of at most `maxBytes`, or null when even the smallest try does not fit.
 * Throws when the browser cannot decode it (HEIC outside Safari).
 */
export async function shrinkPhoto(file: File, maxBytes: number): Promise<File | null> {
  // 'from-image' applies the EXIF orientation; the default colour conversion draws in sRGB.
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    for (const side of longestSides) {
      const { width, height } = fitWithin(bitmap.width, bitmap.height, side);
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d');
      if (!context) return null;
      // A transparent PNG would turn black in a JPEG: white under it, as Instagram does.
      context.fillStyle = '#fff';
      context.fillRect(0, 0, width, height);
      context.imageSmoothingQuality = 'high';
      context.drawImage(bitmap, 0, 0, width, height);
      for (const quality of jpegQualities) {
        const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
        if (blob.size <= maxBytes)
          return new File([blob], jpegName(file.name), {
            type: 'image/jpeg',
            lastModified: file.lastModified,
          });
      }
    }
    return null;
  } finally {
    bitmap.close();
  }
}

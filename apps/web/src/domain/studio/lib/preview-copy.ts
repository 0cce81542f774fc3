/** The longest side of the copy the studio draws from: a phone screen's worth, not 12 MP. */
export const previewLongestSide = 1080;

const copies = new WeakMap<File, Promise<ImageBitmap | null>>();

async function makeCopy(file: File): Promise<ImageBitmap | null> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    // Upright first (EXIF orientation applied): crops are fractions of the upright picture.
    const full = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const scale = previewLongestSide / Math.max(full.width, full.height);
    if (scale >= 1) return full;
    const copy = await createImageBitmap(full, {
      resizeWidth: Math.max(1, Math.round(full.width * scale)),
      resizeHeight: Math.max(1, Math.round(full.height * scale)),
      resizeQuality: 'high',
    });
    full.close();
    return copy;
  } catch {
    // A picture the browser cannot draw (a HEIC outside Safari): the server still can.
    return null;
  }
}

/** A screen-sized upright copy of the photo, made once per file; null where none can be made. */
export function previewCopyOf(file: File): Promise<ImageBitmap | null> {
  let copy = copies.get(file);
  if (!copy) {
    copy = makeCopy(file);
    copies.set(file, copy);
  }
  return copy;
}

import { useEffect, useState } from 'react';
import { previewCopyOf } from './preview-copy';

/** The photo's screen-sized copy once made (null until then, or when the browser cannot). */
export function usePreviewCopy(file: File, onReady?: (copy: ImageBitmap) => void) {
  const [copy, setCopy] = useState<{ file: File; bitmap: ImageBitmap } | null>(null);
  useEffect(() => {
    let current = true;
    void previewCopyOf(file).then((bitmap) => {
      if (!current || !bitmap) return;
      setCopy({ file, bitmap });
      onReady?.(bitmap);
    });
    return () => {
      current = false;
    };
    // The callback only reports the size: a new one each render must not make the copy again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [file]);
  return copy?.file === file ? copy.bitmap : null;
}

import { useEffect } from 'react';
import { previewCopyOf } from '@/domain/studio/lib/preview-copy';
import type { Studio } from '@/domain/studio/lib/use-studio';

/** Reads every photo's upright size (its copy is made once): crops of unseen photos need it. */
export function usePhotoSizes(photos: readonly { id: string; file: File }[], studio: Studio) {
  const { setSize } = studio;
  useEffect(() => {
    for (const { id, file } of photos)
      void previewCopyOf(file).then(
        (copy) => copy && setSize(id, { width: copy.width, height: copy.height }),
      );
  }, [photos, setSize]);
}

import { colourMatrixOf, vignetteOf, type Crop, type FilterName } from '@pinhole/contracts';
import { useEffect, useRef } from 'react';
import { canvas2dRenderer } from '@/domain/studio/lib/renderer';

const thumbnailSide = 96;

/** A small copy of the cropped photo drawn with one filter (the 2D path: WebGL contexts are few). */
export function FilterThumbnail({
  source,
  crop,
  filter,
}: {
  source: ImageBitmap | null;
  crop: Crop;
  filter: FilterName;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const cropKey = `${crop.x},${crop.y},${crop.width},${crop.height}`;
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !source) return;
    const renderer = canvas2dRenderer(canvas);
    if (!renderer) return;
    // The copy scaled so the crop fills about a thumbnail: drawing 96 px, not 1080.
    const scale = thumbnailSide / Math.max(crop.width * source.width, crop.height * source.height);
    let cancelled = false;
    void createImageBitmap(source, {
      resizeWidth: Math.max(1, Math.round(source.width * Math.min(1, scale))),
      resizeHeight: Math.max(1, Math.round(source.height * Math.min(1, scale))),
    }).then((small) => {
      if (cancelled) return small.close();
      const edit = { filter };
      renderer.draw({
        source: small,
        crop,
        matrix: colourMatrixOf(edit),
        vignette: vignetteOf(edit),
      });
      small.close();
    });
    return () => {
      cancelled = true;
    };
    // `cropKey` names the crop; the object itself is new each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source, cropKey, filter]);
  return (
    <canvas
      ref={canvasRef}
      aria-hidden
      className="size-16 rounded-md bg-neutral-200 object-cover sm:size-20"
    />
  );
}

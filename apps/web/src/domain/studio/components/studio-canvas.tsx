import { colourMatrixOf, vignetteOf, type Crop, type PhotoEdit } from '@pinhole/contracts';
import { useEffect, useRef, type HTMLAttributes } from 'react';
import { createRenderer, type Renderer } from '@/domain/studio/lib/renderer';

interface StudioCanvasProps extends HTMLAttributes<HTMLCanvasElement> {
  source: ImageBitmap | null;
  crop: Crop;
  /** The colour part of the edit (its crop is `crop`). */
  edit: PhotoEdit | null;
  label: string;
}

/**
 * The photo as it will be posted: exactly the crop region, drawn with the edit's numbers by one
 * renderer (WebGL, or the same formula on a 2D canvas). Redrawn at the next frame after a change,
 * so a slider's many inputs cost one drawing per frame. `data-studio-ready` says the current
 * edit is on the canvas (what a test reads pixels after).
 */
export function StudioCanvas({ source, crop, edit, label, ...rest }: StudioCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const rendererRef = useRef<Renderer | null>(null);
  const frame = useRef(0);
  const matrix = colourMatrixOf(edit);
  const vignette = vignetteOf(edit);
  const key = `${crop.x},${crop.y},${crop.width},${crop.height}|${matrix.join(',')}|${vignette}`;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !source) return;
    canvas.dataset.studioReady = 'false';
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      rendererRef.current ??= createRenderer(canvas);
      if (!rendererRef.current) return;
      rendererRef.current.draw({ source, crop, matrix, vignette });
      canvas.dataset.studioReady = 'true';
    });
    return () => cancelAnimationFrame(frame.current);
    // `key` names everything drawn; the objects themselves are new each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source, key]);

  useEffect(
    () => () => {
      rendererRef.current?.dispose();
      rendererRef.current = null;
    },
    [],
  );

  return (
    <canvas
      ref={canvasRef}
      role="img"
      aria-label={label}
      data-testid="studio-preview"
      data-studio-ready="false"
      {...rest}
    />
  );
}

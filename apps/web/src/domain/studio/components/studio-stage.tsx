import type { Crop, PhotoEdit } from '@pinhole/contracts';
import type { ComponentProps, ReactNode } from 'react';
import { StudioCanvas } from './studio-canvas';

interface StudioStageProps {
  source: ImageBitmap | null;
  previewUrl: string;
  crop: Crop;
  edit: PhotoEdit | null;
  /** Drawn over the picture (the crop grid), never into it. */
  overlay?: ReactNode;
  stageProps?: ComponentProps<'div'>;
}

/** The photo large, as it will be posted; the plain file while its copy is being made. */
export function StudioStage({
  source,
  previewUrl,
  crop,
  edit,
  overlay,
  stageProps,
}: StudioStageProps) {
  return (
    <div className="flex h-[min(24rem,45dvh)] items-center justify-center overflow-hidden rounded-lg bg-neutral-100">
      <div
        {...stageProps}
        className={`relative max-h-full max-w-full touch-none select-none ${stageProps?.className ?? ''}`}
      >
        <StudioCanvas
          source={source}
          crop={crop}
          edit={edit}
          label="Photo preview"
          className={`block max-h-[min(24rem,45dvh)] max-w-full ${source ? '' : 'hidden'}`}
        />
        {!source && (
          <img src={previewUrl} alt="" className="max-h-[min(24rem,45dvh)] object-contain" />
        )}
        {source && overlay}
      </div>
    </div>
  );
}

// The lines sit on the photo: white in both themes (the theme turns `white` black).
const gridLine = { backgroundColor: 'rgb(255 255 255 / 0.7)', boxShadow: '0 0 1px black' };

/** The rule-of-thirds grid shown while the picture moves. */
export function ThirdsGrid() {
  return (
    <div aria-hidden className="pointer-events-none absolute inset-0">
      {[1, 2].map((line) => (
        <div key={`v${line}`}>
          <div
            className="absolute inset-y-0 w-px"
            style={{ ...gridLine, left: `${(line * 100) / 3}%` }}
          />
          <div
            className="absolute inset-x-0 h-px"
            style={{ ...gridLine, top: `${(line * 100) / 3}%` }}
          />
        </div>
      ))}
    </div>
  );
}

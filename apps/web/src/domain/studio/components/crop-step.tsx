import type { CropAspect } from '@pinhole/contracts';
import { ZoomIn } from 'lucide-react';
import { maxZoom, minZoom, postRatio, zoomed, type Framing } from '@/domain/studio/lib/crop';
import { choicesFor, colourEditOf, cropShown } from '@/domain/studio/lib/studio-state';
import type { Studio } from '@/domain/studio/lib/use-studio';
import { usePreviewCopy } from '@/domain/studio/lib/use-preview-copy';
import { PhotoSwitcher } from './photo-switcher';
import { StudioStage, ThirdsGrid } from './studio-stage';
import { useCropGestures } from './use-crop-gestures';
import { usePhotoSizes } from './use-photo-sizes';

export interface StudioPhoto {
  id: string;
  file: File;
  previewUrl: string;
}

interface StepProps {
  photos: readonly StudioPhoto[];
  selectedId: string;
  onSelect: (id: string) => void;
  studio: Studio;
}

const aspectChoices: { aspect: CropAspect; label: string }[] = [
  { aspect: 'original', label: 'Original' },
  { aspect: 'square', label: '1:1' },
  { aspect: 'portrait', label: '4:5' },
  { aspect: 'landscape', label: '1.91:1' },
  { aspect: 'wide', label: '16:9' },
];

/**
 * Crop: the post's one aspect (chosen for all its photos), and each photo's own zoom and place,
 * by slider, wheel, pinch, drag or keys; the thirds grid shows while the picture moves.
 */
export function CropStep({ photos, selectedId, onSelect, studio }: StepProps) {
  usePhotoSizes(photos, studio);
  const photo = photos.find(({ id }) => id === selectedId) ?? photos[0]!;
  const source = usePreviewCopy(photo.file);
  const { aspect } = studio.studio;
  const choices = choicesFor(studio.studio, photo.id);
  const size = source ? { width: source.width, height: source.height } : null;
  const firstId = photos[0]!.id;
  const ratio = size ? postRatio(aspect, studio.studio.sizes[firstId], size) : 1;
  const crop = cropShown(studio.studio, photo.id, firstId);
  const setFraming = (framing: Framing) => studio.setFraming(photo.id, framing);
  const { moving, setMoving, stageProps } = useCropGestures({
    ratio,
    size,
    framing: choices.framing,
    onFraming: setFraming,
  });
  const setZoom = (zoom: number) => {
    if (size) setFraming(zoomed(ratio, size, choices.framing, zoom));
  };

  return (
    <div className="flex flex-col gap-3">
      <StudioStage
        source={source}
        previewUrl={photo.previewUrl}
        crop={crop}
        edit={colourEditOf(choices)}
        overlay={moving && <ThirdsGrid />}
        stageProps={{
          ...stageProps,
          tabIndex: 0,
          role: 'group',
          'aria-label': 'Crop: drag or use the arrow keys to move, pinch or + and − to zoom',
          className:
            'cursor-grab rounded-sm focus-visible:outline-2 focus-visible:outline-brand active:cursor-grabbing',
        }}
      />
      <div role="group" aria-label="Aspect" className="flex flex-wrap justify-center gap-1.5">
        {aspectChoices.map(({ aspect: choice, label }) => (
          <button
            key={choice}
            type="button"
            aria-pressed={aspect === choice}
            onClick={() => studio.setAspect(choice)}
            className="rounded-full bg-neutral-100 px-3 py-1 text-sm font-semibold text-neutral-900 hover:bg-neutral-200 aria-pressed:bg-neutral-900 aria-pressed:text-white"
          >
            {label}
          </button>
        ))}
      </div>
      <label className="flex items-center gap-3 text-sm text-neutral-700">
        <ZoomIn aria-hidden className="size-4 shrink-0" />
        <span className="sr-only">Zoom</span>
        <input
          type="range"
          min={minZoom}
          max={maxZoom}
          step={0.01}
          value={choices.framing.zoom}
          disabled={!size}
          onChange={(event) => setZoom(Number(event.target.value))}
          onPointerDown={() => setMoving(true)}
          onPointerUp={() => setMoving(false)}
          className="w-full accent-brand"
        />
      </label>
      <PhotoSwitcher photos={photos} selectedId={photo.id} onSelect={onSelect} />
    </div>
  );
}

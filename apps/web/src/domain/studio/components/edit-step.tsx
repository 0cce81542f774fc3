import {
  adjustmentNames,
  filtersResponse,
  type AdjustmentName,
  type FilterName,
} from '@pinhole/contracts';
import * as Tabs from '@radix-ui/react-tabs';
import { choicesFor, colourEditOf, cropShown } from '@/domain/studio/lib/studio-state';
import { usePreviewCopy } from '@/domain/studio/lib/use-preview-copy';
import type { StudioPhoto } from './crop-step';
import type { Studio } from '@/domain/studio/lib/use-studio';
import { AdjustmentSlider } from './adjustment-slider';
import { FilterThumbnail } from './filter-thumbnail';
import { PhotoSwitcher } from './photo-switcher';
import { StudioStage } from './studio-stage';
import { usePhotoSizes } from './use-photo-sizes';

interface EditStepProps {
  photos: readonly StudioPhoto[];
  selectedId: string;
  onSelect: (id: string) => void;
  studio: Studio;
}

const adjustmentLabels: Record<AdjustmentName, string> = {
  brightness: 'Brightness',
  contrast: 'Contrast',
  saturation: 'Saturation',
  warmth: 'Warmth',
  fade: 'Fade',
  vignette: 'Vignette',
};

// The contracts' list, the same as GET /api/filters answers: nothing to wait for.
const filters = filtersResponse().filters as { name: FilterName; label: string }[];

const tabClass =
  'flex-1 border-b-2 border-transparent py-2 text-sm font-semibold text-muted data-[state=active]:border-neutral-900 data-[state=active]:text-neutral-900';

/** Edit: a filter (thumbnails of the photo itself) and six adjustments, for each photo. */
export function EditStep({ photos, selectedId, onSelect, studio }: EditStepProps) {
  usePhotoSizes(photos, studio);
  const photo = photos.find(({ id }) => id === selectedId) ?? photos[0]!;
  const source = usePreviewCopy(photo.file);
  const choices = choicesFor(studio.studio, photo.id);
  const crop = cropShown(studio.studio, photo.id, photos[0]!.id);

  return (
    <div className="flex flex-col gap-3">
      <StudioStage
        source={source}
        previewUrl={photo.previewUrl}
        crop={crop}
        edit={colourEditOf(choices)}
      />
      <PhotoSwitcher photos={photos} selectedId={photo.id} onSelect={onSelect} />
      <Tabs.Root defaultValue="filters" className="flex flex-col gap-3">
        <Tabs.List aria-label="Edit" className="flex">
          <Tabs.Trigger value="filters" className={tabClass}>
            Filters
          </Tabs.Trigger>
          <Tabs.Trigger value="adjustments" className={tabClass}>
            Adjustments
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="filters">
          <ul className="flex gap-2 overflow-x-auto pb-1">
            {filters.map(({ name, label }) => (
              <li key={name} className="shrink-0">
                <button
                  type="button"
                  aria-pressed={choices.filter === name}
                  onClick={() => studio.setFilter(photo.id, name)}
                  className="group flex flex-col items-center gap-1 rounded-md p-1 text-xs text-neutral-700 aria-pressed:font-semibold aria-pressed:text-neutral-900"
                >
                  <span className="rounded-md ring-offset-1 group-aria-pressed:ring-2 group-aria-pressed:ring-brand">
                    <FilterThumbnail source={source} crop={crop} filter={name} />
                  </span>
                  {label}
                </button>
              </li>
            ))}
          </ul>
        </Tabs.Content>
        <Tabs.Content value="adjustments" className="grid grid-cols-2 gap-x-4 gap-y-2">
          {adjustmentNames.map((name) => (
            <AdjustmentSlider
              key={name}
              label={adjustmentLabels[name]}
              value={choices.adjust[name]}
              onChange={(value) => studio.setAdjustment(photo.id, name, value)}
            />
          ))}
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

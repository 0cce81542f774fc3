interface PhotoSwitcherProps {
  photos: readonly { id: string; previewUrl: string }[];
  selectedId: string;
  onSelect: (id: string) => void;
}

/** A carousel's photos as thumbnails, to choose which one the step works on. */
export function PhotoSwitcher({ photos, selectedId, onSelect }: PhotoSwitcherProps) {
  if (photos.length < 2) return null;
  return (
    <ul aria-label="Photos" className="flex gap-2 overflow-x-auto p-1">
      {photos.map(({ id, previewUrl }, index) => (
        <li key={id} className="shrink-0">
          <button
            type="button"
            aria-label={`Photo ${index + 1}`}
            aria-pressed={id === selectedId}
            onClick={() => onSelect(id)}
            className="block size-12 overflow-hidden rounded-md ring-offset-2 aria-pressed:ring-2 aria-pressed:ring-brand"
          >
            <img src={previewUrl} alt="" className="size-full object-cover" />
          </button>
        </li>
      ))}
    </ul>
  );
}

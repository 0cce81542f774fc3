import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  horizontalListSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ChevronLeft, ChevronRight, ImageOff, Plus, X } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FirstFrame } from '@/components/video/first-frame';

export interface StripPhoto {
  /** Stable across moves: React and the drag library follow a photo by it. */
  id: string;
  /** A small image of it; null draws a stand-in (a file the browser cannot show). */
  src: string | null;
  /** A video: its first frame is drawn. */
  video?: boolean;
}

interface PhotoStripProps {
  photos: StripPhoto[];
  /** Move the photo at `from` to `to` (both 0-based). */
  onMove: (from: number, to: number) => void;
  /** Absent when the last photo may not go (a post keeps at least one). */
  onRemove?: (id: string) => void;
  selectedId?: string;
  onSelect?: (id: string) => void;
  /** A last tile that adds photos (the create dialog's "add more"). */
  addTile?: ReactNode;
  disabled?: boolean;
}

const smallButton =
  'flex size-6 items-center justify-center rounded-full text-neutral-700 hover:bg-neutral-100 disabled:invisible';

/**
 * The photos of a post in their order, as a row of thumbnails: dragged with a pointer, picked up
 * with Space and moved with the arrow keys (dnd-kit's keyboard sensor, with its screen-reader
 * announcements), or moved one place with a tile's own left and right buttons.
 */
export function PhotoStrip({
  photos,
  onMove,
  onRemove,
  selectedId,
  onSelect,
  addTile,
  disabled = false,
}: PhotoStripProps) {
  const sensors = useSensors(
    // A click (to show a photo) is not a drag until the pointer travels a little.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const [message, setMessage] = useState('');
  // After a move button is used, its tile has moved: the focus follows it there.
  const refocus = useRef<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const count = photos.length;
  const position = (id: UniqueIdentifier) => photos.findIndex((photo) => photo.id === id) + 1;

  useEffect(() => {
    const wanted = refocus.current;
    if (!wanted) return;
    refocus.current = null;
    const [id] = wanted.split(':');
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>(`[data-move^="${id}:"]`);
    const target = [...(buttons ?? [])].find(
      (button) => button.dataset.move === wanted && !button.disabled,
    );
    // At an end its button is gone: the tile's other move button takes the focus.
    (target ?? [...(buttons ?? [])].find((button) => !button.disabled))?.focus();
  }, [photos]);

  const move = (from: number, to: number, id: string, direction: 'left' | 'right') => {
    refocus.current = `${id}:${direction}`;
    onMove(from, to);
    setMessage(`Photo moved to position ${to + 1} of ${count}`);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(position(active.id) - 1, position(over.id) - 1);
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up photo ${position(active.id)} of ${count}`,
    onDragOver: ({ over }) => (over ? `Over position ${position(over.id)} of ${count}` : undefined),
    onDragEnd: ({ over }) => (over ? `Dropped at position ${position(over.id)} of ${count}` : ''),
    onDragCancel: () => 'Photo returned to its place',
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'Press Space to pick up the photo, the arrow keys to move it, Space again to drop it, or Escape to cancel.',
        },
      }}
    >
      <SortableContext items={photos} strategy={horizontalListSortingStrategy}>
        <ol ref={list} aria-label="Photos" className="flex gap-2 overflow-x-auto pb-1">
          {photos.map((photo, index) => (
            <SortableTile
              key={photo.id}
              photo={photo}
              index={index}
              count={count}
              selected={photo.id === selectedId}
              disabled={disabled}
              onSelect={onSelect}
              onRemove={onRemove}
              onMove={move}
            />
          ))}
          {addTile && <li className="shrink-0">{addTile}</li>}
        </ol>
      </SortableContext>
      <p aria-live="polite" className="sr-only">
        {message}
      </p>
    </DndContext>
  );
}

interface SortableTileProps {
  photo: StripPhoto;
  index: number;
  count: number;
  selected: boolean;
  disabled: boolean;
  onSelect?: (id: string) => void;
  onRemove?: (id: string) => void;
  onMove: (from: number, to: number, id: string, direction: 'left' | 'right') => void;
}

function SortableTile({
  photo,
  index,
  count,
  selected,
  disabled,
  onSelect,
  onRemove,
  onMove,
}: SortableTileProps) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: photo.id,
    disabled,
  });
  const number = index + 1;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`flex w-20 shrink-0 flex-col items-center gap-1 ${isDragging ? 'relative z-10 opacity-80' : ''}`}
    >
      <button
        type="button"
        {...attributes}
        {...listeners}
        aria-label={`${photo.video ? 'Video' : 'Photo'} ${number} of ${count}`}
        data-selected={selected || undefined}
        onClick={() => onSelect?.(photo.id)}
        className="size-20 cursor-grab touch-none overflow-hidden rounded-md bg-neutral-100 ring-offset-1 data-selected:ring-2 data-selected:ring-brand active:cursor-grabbing"
      >
        {photo.src ? (
          photo.video ? (
            <FirstFrame src={photo.src} className="size-full object-cover" />
          ) : (
            <img src={photo.src} alt="" draggable={false} className="size-full object-cover" />
          )
        ) : (
          <ImageOff aria-hidden className="m-auto size-6 text-muted" />
        )}
      </button>
      <span className="flex items-center">
        <button
          type="button"
          aria-label={`Move photo ${number} left`}
          data-move={`${photo.id}:left`}
          disabled={disabled || index === 0}
          onClick={() => onMove(index, index - 1, photo.id, 'left')}
          className={smallButton}
        >
          <ChevronLeft aria-hidden className="size-4" />
        </button>
        {onRemove && (
          <button
            type="button"
            aria-label={`Remove photo ${number}`}
            disabled={disabled}
            onClick={() => onRemove(photo.id)}
            className={smallButton}
          >
            <X aria-hidden className="size-3.5" />
          </button>
        )}
        <button
          type="button"
          aria-label={`Move photo ${number} right`}
          data-move={`${photo.id}:right`}
          disabled={disabled || index === count - 1}
          onClick={() => onMove(index, index + 1, photo.id, 'right')}
          className={smallButton}
        >
          <ChevronRight aria-hidden className="size-4" />
        </button>
      </span>
    </li>
  );
}

/** The strip's last tile: more photos, from the file picker. */
export function AddPhotoTile({ onClick, disabled }: { onClick: () => void; disabled?: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className="flex size-20 flex-col items-center justify-center gap-0.5 rounded-md border-2 border-dashed border-neutral-300 text-xs text-muted hover:border-neutral-400 hover:bg-neutral-50 disabled:opacity-50"
    >
      <Plus aria-hidden className="size-5" />
      Add more
    </button>
  );
}

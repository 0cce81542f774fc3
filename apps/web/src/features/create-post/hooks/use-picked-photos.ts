import { arrayMove } from '@dnd-kit/sortable';
import { limits, messages } from '@pinhole/contracts';
import { useEffect, useRef, useState } from 'react';
import { prepareMediaList, type MediaKind, type VideoAllowed } from '@/lib/prepare-media';

export interface PickedPhoto {
  id: string;
  file: File;
  /** An object URL of the file, revoked when the photo leaves. */
  previewUrl: string;
  altText: string;
  /** A video skips the studio (crop and filters are for photos) and is sent as it is. */
  kind: MediaKind;
}

/**
 * The photos chosen for a new post, in order: each checked by its bytes as it is picked (a file
 * that is not a picture named in the problem), one over 5 MB made smaller, at most ten, each with a preview URL whose memory is freed when the photo is removed, the
 * choice is reset, or the dialog goes away.
 */
export function usePickedPhotos() {
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  // Every change goes through `commit`, so two changes in one moment (a pick, then a drop) each
  // start from the other's result, not from the last render's.
  const current = useRef<PickedPhoto[]>([]);
  const commit = (next: PickedPhoto[]) => {
    current.current = next;
    setPhotos(next);
  };
  const nextId = useRef(0);

  useEffect(
    () => () => {
      for (const photo of current.current) URL.revokeObjectURL(photo.previewUrl);
    },
    [],
  );

  // Preparing takes a moment (a camera photo is decoded and drawn smaller): a clear in the
  // meantime makes the photos still being prepared arrive to nothing.
  const generation = useRef(0);
  const [preparing, setPreparing] = useState(0);

  /**
   * Adds what can be added (videos too where the server takes them); resolves to the problem
   * with the rest, if any, and the added ids.
   */
  const add = async (
    files: Iterable<File>,
    videoAllowed: VideoAllowed = () => Promise.resolve(false),
  ): Promise<{ problem: string | null; added: string[] }> => {
    const started = generation.current;
    const room = limits.maxPostImages - current.current.length;
    const picked = [...files];
    setPreparing((count) => count + 1);
    const { ready, problems } = await prepareMediaList(
      picked.slice(0, Math.max(0, room)),
      videoAllowed,
    ).finally(() => setPreparing((count) => count - 1));
    if (started !== generation.current) return { problem: null, added: [] };
    let problem = problems.at(-1) ?? null;
    const added: PickedPhoto[] = [];
    for (const { file, kind } of ready) {
      if (current.current.length + added.length >= limits.maxPostImages) break;
      nextId.current += 1;
      added.push({
        id: `photo-${nextId.current}`,
        file,
        previewUrl: URL.createObjectURL(file),
        altText: '',
        kind,
      });
    }
    if (picked.length > room || added.length < ready.length) problem = messages.tooManyPhotos;
    if (added.length > 0) commit([...current.current, ...added]);
    return { problem, added: added.map((photo) => photo.id) };
  };

  const remove = (id: string) => {
    const photo = current.current.find((candidate) => candidate.id === id);
    if (photo) URL.revokeObjectURL(photo.previewUrl);
    commit(current.current.filter((candidate) => candidate.id !== id));
  };

  const move = (from: number, to: number) => commit(arrayMove(current.current, from, to));

  const setAltText = (id: string, altText: string) =>
    commit(current.current.map((photo) => (photo.id === id ? { ...photo, altText } : photo)));

  const clear = () => {
    generation.current += 1;
    for (const photo of current.current) URL.revokeObjectURL(photo.previewUrl);
    commit([]);
  };

  return { photos, preparing: preparing > 0, add, remove, move, setAltText, clear };
}

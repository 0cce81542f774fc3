import { arrayMove } from '@dnd-kit/sortable';
import { checkImageFile, limits, messages } from '@pinhole/contracts';
import { useEffect, useRef, useState } from 'react';

export interface PickedPhoto {
  id: string;
  file: File;
  /** An object URL of the file, revoked when the photo leaves. */
  previewUrl: string;
  altText: string;
}

/**
 * The photos chosen for a new post, in order: each checked as it is picked (the spec's messages),
 * at most ten, each with a preview URL whose memory is freed when the photo is removed, the
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

  /** Adds what can be added; returns the problem with the rest, if any, and the added ids. */
  const add = (files: Iterable<File>): { problem: string | null; added: string[] } => {
    let problem: string | null = null;
    const added: PickedPhoto[] = [];
    for (const file of files) {
      const fileProblem = checkImageFile(file);
      if (fileProblem) {
        problem = fileProblem;
        continue;
      }
      if (current.current.length + added.length >= limits.maxPostImages) {
        problem = messages.tooManyPhotos;
        break;
      }
      nextId.current += 1;
      added.push({
        id: `photo-${nextId.current}`,
        file,
        previewUrl: URL.createObjectURL(file),
        altText: '',
      });
    }
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
    for (const photo of current.current) URL.revokeObjectURL(photo.previewUrl);
    commit([]);
  };

  return { photos, add, remove, move, setAltText, clear };
}

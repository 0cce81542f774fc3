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
  const current = useRef<PickedPhoto[]>([]);
  current.current = photos;
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
    if (added.length > 0) {
      // Read before the next render: a second pick in the same moment counts these too.
      current.current = [...current.current, ...added];
      setPhotos((before) => [...before, ...added]);
    }
    return { problem, added: added.map((photo) => photo.id) };
  };

  const remove = (id: string) => {
    const photo = current.current.find((candidate) => candidate.id === id);
    if (photo) URL.revokeObjectURL(photo.previewUrl);
    setPhotos((before) => before.filter((candidate) => candidate.id !== id));
  };

  const move = (from: number, to: number) => setPhotos((before) => arrayMove(before, from, to));

  const setAltText = (id: string, altText: string) =>
    setPhotos((before) => before.map((photo) => (photo.id === id ? { ...photo, altText } : photo)));

  const clear = () => {
    for (const photo of current.current) URL.revokeObjectURL(photo.previewUrl);
    setPhotos([]);
  };

  return { photos, add, remove, move, setAltText, clear };
}

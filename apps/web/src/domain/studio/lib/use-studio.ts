import type { AdjustmentName, CropAspect, FilterName } from '@pinhole/contracts';
import { useCallback, useMemo, useState } from 'react';
import type { Framing, PictureSize } from './crop';
import { choicesFor, emptyStudio, type PhotoChoices, type StudioChoices } from './studio-state';

/** The studio's choices for one post or story, kept across its steps (Back loses nothing). */
export function useStudio() {
  const [studio, setStudio] = useState<StudioChoices>(emptyStudio);

  const update = useCallback(
    (id: string, change: (choices: PhotoChoices) => PhotoChoices) =>
      setStudio((before) => ({
        ...before,
        photos: { ...before.photos, [id]: change(choicesFor(before, id)) },
      })),
    [],
  );

  const actions = useMemo(
    () => ({
      /** The post's one aspect (each photo's crop is kept inside its picture when drawn). */
      setAspect: (aspect: CropAspect) => setStudio((before) => ({ ...before, aspect })),
      setFraming: (id: string, framing: Framing) =>
        update(id, (choices) => ({ ...choices, framing })),
      setFilter: (id: string, filter: FilterName) =>
        update(id, (choices) => ({ ...choices, filter })),
      setAdjustment: (id: string, name: AdjustmentName, value: number) =>
        update(id, (choices) => ({ ...choices, adjust: { ...choices.adjust, [name]: value } })),
      setSize: (id: string, size: PictureSize) =>
        setStudio((before) =>
          before.sizes[id]?.width === size.width && before.sizes[id]?.height === size.height
            ? before
            : { ...before, sizes: { ...before.sizes, [id]: size } },
        ),
      reset: () => setStudio(emptyStudio),
    }),
    [update],
  );

  return { studio, ...actions };
}

export type Studio = ReturnType<typeof useStudio>;

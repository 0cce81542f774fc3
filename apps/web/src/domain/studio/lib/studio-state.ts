import {
  adjustmentNames,
  type AdjustmentName,
  type Adjustments,
  type CropAspect,
  type FilterName,
  type PhotoEdit,
} from '@pinhole/contracts';
import {
  cropOf,
  cropToSend,
  postRatio,
  untouchedFraming,
  type Framing,
  type PictureSize,
} from './crop';

/** What the author chose for one photo in the studio. */
export interface PhotoChoices {
  framing: Framing;
  filter: FilterName;
  adjust: Record<AdjustmentName, number>;
}

/**
 * The studio's choices for a post: one aspect for all its photos (a carousel has one shape),
 * and each photo's framing, filter and adjustments by its id.
 */
export interface StudioChoices {
  aspect: CropAspect;
  photos: Readonly<Record<string, PhotoChoices>>;
  /** Each photo's upright size once its preview copy is read: the crop is computed from it. */
  sizes: Readonly<Record<string, PictureSize>>;
}

export const noAdjustments = Object.fromEntries(adjustmentNames.map((name) => [name, 0])) as Record<
  AdjustmentName,
  number
>;

export const untouchedChoices: PhotoChoices = {
  framing: untouchedFraming,
  filter: 'normal',
  adjust: noAdjustments,
};

export const emptyStudio: StudioChoices = { aspect: 'original', photos: {}, sizes: {} };

export function choicesFor(studio: StudioChoices, id: string): PhotoChoices {
  return studio.photos[id] ?? untouchedChoices;
}

/** The colour part of one photo's choices, as the contracts' edit (no crop). */
export function colourEditOf(choices: PhotoChoices): PhotoEdit {
  const adjust: Adjustments = {};
  for (const name of adjustmentNames)
    if (choices.adjust[name] !== 0) adjust[name] = choices.adjust[name];
  return {
    ...(choices.filter !== 'normal' && { filter: choices.filter }),
    ...(Object.keys(adjust).length > 0 && { adjust }),
  };
}

/**
 * Where one photo's crop sits as drawn (the whole picture until its size is known); `firstId` is
 * the post's first photo, whose shape Original gives the others.
 */
export function cropShown(studio: StudioChoices, id: string, firstId: string) {
  const size = studio.sizes[id];
  if (!size) return { x: 0, y: 0, width: 1, height: 1 };
  const ratio = postRatio(studio.aspect, studio.sizes[firstId], size);
  return cropOf(ratio, size, choicesFor(studio, id).framing);
}

/** One photo's edit as sent, or null when it changes nothing. */
export function photoEditOf(studio: StudioChoices, id: string, firstId = id): PhotoEdit | null {
  const choices = choicesFor(studio, id);
  const size = studio.sizes[id];
  const crop =
    size &&
    cropToSend(postRatio(studio.aspect, studio.sizes[firstId], size), size, choices.framing);
  const edit: PhotoEdit = { ...(crop && { crop }), ...colourEditOf(choices) };
  return Object.keys(edit).length > 0 ? edit : null;
}

/** The `edits` field for photos in the post's order, or undefined when nothing was edited. */
export function editsToSend(
  studio: StudioChoices,
  ids: readonly string[],
): (PhotoEdit | null)[] | undefined {
  const edits = ids.map((id) => photoEditOf(studio, id, ids[0]));
  return edits.some((edit) => edit !== null) ? edits : undefined;
}

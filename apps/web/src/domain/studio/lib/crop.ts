import { cropAspects, type Crop, type CropAspect } from '@pinhole/contracts';

/** The upright picture's size in pixels (any scale: only its proportions matter here). */
export interface PictureSize {
  width: number;
  height: number;
}

/** Where one photo's crop window sits: how far in, and its centre as fractions of the picture. */
export interface Framing {
  zoom: number;
  centerX: number;
  centerY: number;
}

export const minZoom = 1;
export const maxZoom = 3;
export const untouchedFraming: Framing = { zoom: 1, centerX: 0.5, centerY: 0.5 };

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * Width ÷ height of a photo's crop. A post has one shape: the aspect's, or for Original the
 * first photo's own (the server crops later photos to it too), or this photo's own while the
 * first one's size is unknown.
 */
export function postRatio(
  aspect: CropAspect,
  first: PictureSize | undefined,
  picture: PictureSize,
): number {
  const shape = first ?? picture;
  return cropAspects[aspect] ?? shape.width / shape.height;
}

/**
 * The crop window's size as fractions of the picture: at zoom 1 the largest window of the aspect
 * that fits, smaller by the zoom beyond that.
 */
function windowSize(ratio: number, picture: PictureSize, zoom: number) {
  const pictureRatio = picture.width / picture.height;
  // Wider than the picture: full width, less height; narrower: full height, less width.
  const width = ratio >= pictureRatio ? 1 : ratio / pictureRatio;
  const height = ratio >= pictureRatio ? pictureRatio / ratio : 1;
  const z = clamp(zoom, minZoom, maxZoom);
  return { width: width / z, height: height / z };
}

/**
 * The crop of width ÷ height `ratio` as fractions of the picture, always inside it (the centre
 * is moved in if needed).
 */
export function cropOf(ratio: number, picture: PictureSize, framing: Framing): Crop {
  const { width, height } = windowSize(ratio, picture, framing.zoom);
  const x = clamp(framing.centerX - width / 2, 0, 1 - width);
  const y = clamp(framing.centerY - height / 2, 0, 1 - height);
  return { x, y, width, height };
}

/** The framing whose centre is where the crop really sits (after it was kept inside). */
export function settledFraming(ratio: number, picture: PictureSize, framing: Framing): Framing {
  const crop = cropOf(ratio, picture, framing);
  return {
    zoom: clamp(framing.zoom, minZoom, maxZoom),
    centerX: crop.x + crop.width / 2,
    centerY: crop.y + crop.height / 2,
  };
}

/**
 * Moves the window by a drag of `dx`, `dy` in fractions of the shown window (the picture follows
 * the finger, so the window goes the other way), kept inside the picture.
 */
export function dragged(
  ratio: number,
  picture: PictureSize,
  framing: Framing,
  dx: number,
  dy: number,
): Framing {
  const crop = cropOf(ratio, picture, framing);
  return settledFraming(ratio, picture, {
    zoom: framing.zoom,
    centerX: crop.x + crop.width / 2 - dx * crop.width,
    centerY: crop.y + crop.height / 2 - dy * crop.height,
  });
}

/** Zoomed to `zoom` around the window's centre, kept inside the picture. */
export function zoomed(
  ratio: number,
  picture: PictureSize,
  framing: Framing,
  zoom: number,
): Framing {
  return settledFraming(ratio, picture, { ...framing, zoom });
}

const wholePicture = (crop: Crop) =>
  crop.x < 1e-6 && crop.y < 1e-6 && crop.width > 1 - 1e-6 && crop.height > 1 - 1e-6;

/** The crop to send, or undefined when it keeps the whole picture (nothing to do). */
export function cropToSend(
  ratio: number,
  picture: PictureSize,
  framing: Framing,
): Crop | undefined {
  const crop = cropOf(ratio, picture, framing);
  if (wholePicture(crop)) return undefined;
  // Six decimals are far below a pixel of any photo, and keep the JSON short.
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  const width = round(crop.width);
  const height = round(crop.height);
  return {
    x: Math.min(round(crop.x), 1 - width),
    y: Math.min(round(crop.y), 1 - height),
    width,
    height,
  };
}

import { z } from 'zod';

/**
 * Making a post (API.md Part 4): what the author chose for each photo (a crop, a filter and six
 * adjustments), defined once here. The browser's preview and the server's sharp pipeline both
 * draw from these numbers, so the preview is what gets posted.
 *
 * The order, everywhere: the upright picture (EXIF orientation applied) → the crop → one colour
 * step, `out = M·in + offset` on values 0–1 (the filter's, then brightness, contrast, saturation,
 * warmth and fade), clamped to 0–1 → the vignette, a factor by the distance from the centre.
 */

/** A colour step on values 0–1: rows r, g, b of `[m0, m1, m2, offset]`. */
// prettier-ignore
export type ColourMatrix = readonly [
  number, number, number, number,
  number, number, number, number,
  number, number, number, number,
];

export const identityMatrix: ColourMatrix = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0];

/** `second` after `first`: one matrix that does both. */
export function composeMatrices(first: ColourMatrix, second: ColourMatrix): ColourMatrix {
  const out: number[] = [];
  for (let row = 0; row < 3; row++) {
    const [a, b, c, d] = second.slice(row * 4, row * 4 + 4) as [number, number, number, number];
    for (let column = 0; column < 4; column++) {
      const through = a * first[column]! + b * first[4 + column]! + c * first[8 + column]!;
      out.push(column === 3 ? through + d : through);
    }
  }
  return out as unknown as ColourMatrix;
}

const chain = (...steps: ColourMatrix[]) => steps.reduce(composeMatrices, identityMatrix);

/** Rec. 709 luma, as for sRGB. */
const luma = [0.2126, 0.7152, 0.0722] as const;

const gain = (r: number, g: number, b: number): ColourMatrix => [
  r,
  0,
  0,
  0,
  0,
  g,
  0,
  0,
  0,
  0,
  b,
  0,
];
const lift = (r: number, g: number, b: number): ColourMatrix => [
  1,
  0,
  0,
  r,
  0,
  1,
  0,
  g,
  0,
  0,
  1,
  b,
];
/** 1 = unchanged, 0 = grey, 2 = twice as colourful. */
function saturate(s: number): ColourMatrix {
  const [lr, lg, lb] = luma.map((w) => w * (1 - s)) as [number, number, number];
  return [lr + s, lg, lb, 0, lr, lg + s, lb, 0, lr, lg, lb + s, 0];
}
/** Around mid-grey: 1 = unchanged, below 1 flatter, above 1 punchier. */
const contrast = (c: number): ColourMatrix => [
  c,
  0,
  0,
  0.5 * (1 - c),
  0,
  c,
  0,
  0.5 * (1 - c),
  0,
  0,
  c,
  0.5 * (1 - c),
];
/** Blacks lifted to `f` (and whites lowered by half as much): the washed look of old prints. */
const fade = (f: number): ColourMatrix => {
  const scale = 1 - 1.5 * f;
  return [scale, 0, 0, f, 0, scale, 0, f, 0, 0, scale, f];
};
/** Towards sepia by `amount` (0–1). */
function sepia(amount: number): ColourMatrix {
  const full = [0.393, 0.769, 0.189, 0.349, 0.686, 0.168, 0.272, 0.534, 0.131];
  const out: number[] = [];
  for (let row = 0; row < 3; row++) {
    for (let column = 0; column < 3; column++) {
      out.push((row === column ? 1 - amount : 0) + amount * full[row * 3 + column]!);
    }
    out.push(0);
  }
  return [
    out[0]!,
    out[1]!,
    out[2]!,
    0,
    out[4]!,
    out[5]!,
    out[6]!,
    0,
    out[8]!,
    out[9]!,
    out[10]!,
    0,
  ];
}
/** Warmer (positive) or cooler (negative), -1–1: red and blue move apart. */
const warm = (w: number): ColourMatrix => gain(1 + 0.12 * w, 1 + 0.02 * w, 1 - 0.12 * w);

// The filters: names and looks after CSSgram's reading of Instagram's (MIT), as Pixelfed offers
// them, here as one colour step and a vignette so every copy of a photo carries them.
const filterLooks = {
  normal: { label: 'Normal', matrix: identityMatrix, vignette: 0 },
  clarendon: {
    label: 'Clarendon',
    matrix: chain(contrast(1.2), saturate(1.35), lift(0, 0.01, 0.03)),
    vignette: 0,
  },
  gingham: {
    label: 'Gingham',
    matrix: chain(fade(0.08), saturate(0.85), warm(-0.2), gain(1.04, 1.04, 1.04)),
    vignette: 0,
  },
  moon: {
    label: 'Moon',
    matrix: chain(saturate(0), contrast(1.1), gain(1.1, 1.1, 1.1)),
    vignette: 0,
  },
  lark: {
    label: 'Lark',
    matrix: chain(contrast(0.9), saturate(0.85), lift(0.03, 0.04, 0.05), warm(-0.15)),
    vignette: 0,
  },
  reyes: {
    label: 'Reyes',
    matrix: chain(sepia(0.22), contrast(0.85), fade(0.08), gain(1.1, 1.1, 1.1), saturate(0.75)),
    vignette: 0,
  },
  juno: { label: 'Juno', matrix: chain(contrast(1.15), saturate(1.4), warm(0.35)), vignette: 0 },
  slumber: {
    label: 'Slumber',
    matrix: chain(saturate(0.66), fade(0.1), warm(0.25), gain(1.05, 1.02, 0.95)),
    vignette: 0.1,
  },
  crema: {
    label: 'Crema',
    matrix: chain(sepia(0.3), contrast(0.9), saturate(0.9), fade(0.05)),
    vignette: 0,
  },
  ludwig: {
    label: 'Ludwig',
    matrix: chain(contrast(1.05), saturate(0.9), gain(1.05, 1.05, 1.05), warm(0.1)),
    vignette: 0.15,
  },
  aden: {
    label: 'Aden',
    matrix: chain(saturate(0.85), contrast(0.9), fade(0.06), warm(-0.1), gain(1.05, 1.03, 1.06)),
    vignette: 0,
  },
  perpetua: {
    label: 'Perpetua',
    matrix: chain(lift(0.0, 0.03, 0.02), contrast(1.05), warm(-0.25), saturate(1.1)),
    vignette: 0,
  },
  inkwell: {
    label: 'Inkwell',
    matrix: chain(sepia(0.3), contrast(1.1), gain(1.1, 1.1, 1.1), saturate(0)),
    vignette: 0,
  },
  valencia: {
    label: 'Valencia',
    matrix: chain(sepia(0.08), contrast(1.08), gain(1.08, 1.08, 1.08), warm(0.3), fade(0.04)),
    vignette: 0,
  },
  nashville: {
    label: 'Nashville',
    matrix: chain(
      sepia(0.2),
      contrast(1.2),
      gain(1.05, 1.05, 1.05),
      saturate(1.2),
      lift(0.04, 0.0, 0.06),
    ),
    vignette: 0,
  },
} as const satisfies Record<string, { label: string; matrix: ColourMatrix; vignette: number }>;

export type FilterName = keyof typeof filterLooks;
export const filterNames = Object.keys(filterLooks) as FilterName[];

export interface FilterDefinition {
  name: FilterName;
  label: string;
  matrix: ColourMatrix;
  /** Added to the vignette adjustment (0–1 of full strength). */
  vignette: number;
}

export function filterDefinition(name: FilterName): FilterDefinition {
  return { name, ...filterLooks[name] };
}

export const filterSchema = z.object({ name: z.string(), label: z.string() });
/** `GET /api/filters`: Normal first, then the looks in the order the studio shows them. */
export const filtersResponseSchema = z.object({ filters: z.array(filterSchema) });
export type FiltersResponse = z.infer<typeof filtersResponseSchema>;

export function filtersResponse(): FiltersResponse {
  return { filters: filterNames.map((name) => ({ name, label: filterLooks[name].label })) };
}

export const adjustmentNames = [
  'brightness',
  'contrast',
  'saturation',
  'warmth',
  'fade',
  'vignette',
] as const;
export type AdjustmentName = (typeof adjustmentNames)[number];
export const adjustmentLimit = 100;

/** What each adjustment's ±100 does, as a colour step (the vignette is drawn apart). */
const adjustmentSteps: Record<Exclude<AdjustmentName, 'vignette'>, (t: number) => ColourMatrix> = {
  brightness: (t) => {
    const factor = 1 + (t >= 0 ? 0.35 : 0.45) * t;
    return gain(factor, factor, factor);
  },
  contrast: (t) => contrast(1 + 0.5 * t),
  saturation: (t) => saturate(1 + t),
  warmth: (t) => warm(t),
  fade: (t) => (t >= 0 ? fade(0.2 * t) : contrast(1 - 0.2 * t)),
};

const fraction = z.number().finite().min(0).max(1);
const minimumCropSide = 0.02;

export const cropSchema = z
  .object({ x: fraction, y: fraction, width: fraction, height: fraction })
  .strict()
  .refine((crop) => crop.width >= minimumCropSide && crop.height >= minimumCropSide, {
    message: 'A crop keeps at least 2% of the picture on each side',
  })
  .refine((crop) => crop.x + crop.width <= 1 + 1e-6 && crop.y + crop.height <= 1 + 1e-6, {
    message: 'A crop stays inside the picture',
  });
export type Crop = z.infer<typeof cropSchema>;

const adjustmentValue = z.number().int().min(-adjustmentLimit).max(adjustmentLimit);
export const adjustmentsSchema = z
  .object(Object.fromEntries(adjustmentNames.map((name) => [name, adjustmentValue.optional()])))
  .strict() as z.ZodType<Partial<Record<AdjustmentName, number>>>;
export type Adjustments = Partial<Record<AdjustmentName, number>>;

export const photoEditSchema = z
  .object({
    crop: cropSchema.optional(),
    filter: z
      .string()
      .refine((name): name is FilterName => name in filterLooks, { message: 'Unknown filter' })
      .optional(),
    adjust: adjustmentsSchema.optional(),
  })
  .strict();
export type PhotoEdit = z.infer<typeof photoEditSchema>;

/** The multipart field `edits`: one entry per file, in order; `null` leaves a photo as it is. */
export const photoEditsSchema = z.array(photoEditSchema.nullable()).max(10);

/** How the multipart form carries `edits`, for the API reference: a JSON text. */
export const photoEditsFieldSchema = z
  .string()
  .describe(
    "Optional: a JSON array, one entry per photo in order, each null (untouched) or { crop?: { x, y, width, height } (fractions 0–1 of the upright picture), filter?: a name from GET /api/filters, adjust?: { brightness, contrast, saturation, warmth, fade, vignette } (integers −100…100) }. Applied before the variants are made; a carousel takes the first photo's aspect",
  );

/** The colour step of an edit: its filter's, then each adjustment in `adjustmentNames` order. */
export function colourMatrixOf(edit: PhotoEdit | null | undefined): ColourMatrix {
  const filter = edit?.filter ? filterLooks[edit.filter].matrix : identityMatrix;
  const steps: ColourMatrix[] = [filter];
  for (const name of adjustmentNames) {
    if (name === 'vignette') continue;
    const value = edit?.adjust?.[name] ?? 0;
    if (value !== 0) steps.push(adjustmentSteps[name](value / adjustmentLimit));
  }
  return chain(...steps);
}

/** -1 (lighter corners) to 1 (darker corners): the filter's and the adjustment's together. */
export function vignetteOf(edit: PhotoEdit | null | undefined): number {
  const filter = edit?.filter ? filterLooks[edit.filter].vignette : 0;
  const adjustment = (edit?.adjust?.vignette ?? 0) / adjustmentLimit;
  return Math.max(-1, Math.min(1, filter + adjustment));
}

/**
 * The vignette's factor at a point of the (cropped) picture, `u` and `v` from 0 to 1 across it:
 * 1 inside a centre oval, then down (or up, for a negative strength) towards the corners.
 */
export function vignetteFactor(strength: number, u: number, v: number): number {
  if (strength === 0) return 1;
  const dx = (u - 0.5) * 2;
  const dy = (v - 0.5) * 2;
  const distance = Math.sqrt(dx * dx + dy * dy) / Math.SQRT2;
  const edge = Math.min(1, Math.max(0, (distance - 0.35) / 0.65));
  const smooth = edge * edge * (3 - 2 * edge);
  return strength > 0 ? 1 - 0.65 * strength * smooth : 1 - 0.5 * strength * smooth;
}

/** Whether an edit changes the colours or the vignette (a crop alone does not). */
export function changesColours(edit: PhotoEdit | null | undefined): boolean {
  return (
    colourMatrixOf(edit).some((value, index) => value !== identityMatrix[index]) ||
    vignetteOf(edit) !== 0
  );
}

/** One pixel through the colour step, values 0–1 in and out (clamped): for tests and fallbacks. */
export function applyColourMatrix(
  matrix: ColourMatrix,
  r: number,
  g: number,
  b: number,
): [number, number, number] {
  const clamp = (value: number) => (value < 0 ? 0 : value > 1 ? 1 : value);
  return [
    clamp(matrix[0] * r + matrix[1] * g + matrix[2] * b + matrix[3]),
    clamp(matrix[4] * r + matrix[5] * g + matrix[6] * b + matrix[7]),
    clamp(matrix[8] * r + matrix[9] * g + matrix[10] * b + matrix[11]),
  ];
}

/** The aspects the crop step offers (width ÷ height); `original` is the photo's own. */
export const cropAspects = {
  original: null,
  square: 1,
  portrait: 4 / 5,
  landscape: 1.91,
  wide: 16 / 9,
} as const;
export type CropAspect = keyof typeof cropAspects;

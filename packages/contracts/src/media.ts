import { z } from 'zod';

/**
 * Media attachments (API.md Part 4): what a post shows, one item per photo or video, in the
 * author's order. A video's `url` is its H.264/AAC MP4 (empty until it is `ready`), its
 * `poster` the still with its variants, and `variants` empty (the poster has them).
 */

export const imageVariantSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ImageVariant = z.infer<typeof imageVariantSchema>;

export const mediaTypes = ['image', 'video'] as const;
export type MediaType = (typeof mediaTypes)[number];

/**
 * `processing` while a video is transcoded, `failed` when it could not be: its post is then
 * shown to its author only (who may delete it or remove that item).
 */
export const mediaStatuses = ['ready', 'processing', 'failed'] as const;
export type MediaStatus = (typeof mediaStatuses)[number];

/** A video's still, drawn before it plays and in grids. */
export const mediaPosterSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  variants: z.array(imageVariantSchema),
});

/** What the photographer chose to show of their camera (never GPS or serial numbers). */
export const cameraDetailsSchema = z.object({
  make: z.string().nullable(),
  model: z.string().nullable(),
  lens: z.string().nullable(),
  focal_length_mm: z.number().nullable(),
  aperture: z.number().nullable(),
  exposure: z.string().nullable(),
  iso: z.number().int().nullable(),
});

export const mediaAttachmentSchema = z.object({
  id: z.string(),
  type: z.enum(mediaTypes),
  /** The cleaned original (a photo) or the transcoded file (a video); empty while not here. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** A ThumbHash (base64) painted until the media loads; null if none could be made. */
  placeholder: z.string().nullable(),
  /** A BlurHash, what other servers' apps draw instead; null until made. */
  blurhash: z.string().nullable(),
  variants: z.array(imageVariantSchema),
  alt_text: z.string().nullable(),
  duration_s: z.number().nullable(),
  poster: mediaPosterSchema.nullable(),
  status: z.enum(mediaStatuses),
  camera: cameraDetailsSchema.nullable(),
});
export type MediaAttachment = z.infer<typeof mediaAttachmentSchema>;

import { z } from 'zod';
import { photoEditsFieldSchema } from './photo-edits';
import { commentSchema, mentionSchema } from './comment';
import { limits } from './limits';
import { imageVariantSchema, mediaAttachmentSchema } from './media';
import { pageLimit } from './follow';
import { messages } from './messages';

export const postImageSchema = z.object({
  width: z.number().int(),
  height: z.number().int(),
  /** A ThumbHash (base64) painted until the image loads; null if none could be made. */
  placeholder: z.string().nullable(),
  variants: z.array(imageVariantSchema),
});
export type PostImage = z.infer<typeof postImageSchema>;

/**
 * One photo of a post, in the author's order. A superset of `PostImage`, so the same `srcSet`
 * draws either; `url` is the cleaned original, as `image_url` is for the first photo.
 */
export const postPhotoSchema = postImageSchema.extend({
  id: z.string(),
  url: z.string(),
  /** What the photo shows, for people who can't see it; null when the author wrote none. */
  alt_text: z.string().nullable(),
});
export type PostPhoto = z.infer<typeof postPhotoSchema>;

export const postAuthorSchema = z.object({
  id: z.string(),
  username: z.string(),
  avatar_url: z.string().nullable(),
  is_verified: z.boolean(),
});

export const postSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  /** The first photo's original, as before posts had several photos. */
  image_url: z.string(),
  /** The first photo. */
  image: postImageSchema,
  /** Every photo (1–10), in the author's order; the first equals `image_url` / `image`. */
  images: z.array(postPhotoSchema).min(1).max(limits.maxPostImages),
  /** Every photo or video (1–10) in the author's order: `images` for clients that know video. */
  media: z.array(mediaAttachmentSchema).min(1).max(limits.maxPostImages),
  caption: z.string().nullable(),
  /** The caption's hashtags, lowercase, without `#`, in the order first written. */
  hashtags: z.array(z.string()),
  /** The people the caption names with `@` who exist, in the order first named. */
  mentions: z.array(mentionSchema),
  created_at: z.string(),
  /** When the author last changed the caption or photos; null if never (shown as "edited"). */
  edited_at: z.string().nullable(),
  likes_count: z.number().int(),
  comments_count: z.number().int(),
  liked_by_me: z.boolean(),
  /** False when signed out. */
  saved_by_me: z.boolean(),
  author: postAuthorSchema,
  comments_preview: z.array(commentSchema),
  /** A post of a person on another server (its photos are still served from here). */
  is_remote: z.boolean(),
  /** The post's page on its own server; null for local posts. */
  remote_url: z.string().nullable(),
});
export type Post = z.infer<typeof postSchema>;

export const postPageSchema = z.object({
  posts: z.array(postSchema),
  next_cursor: z.string().nullable(),
});
export type PostPage = z.infer<typeof postPageSchema>;

export const likeResultSchema = z.object({ liked: z.boolean(), likes_count: z.number().int() });
export type LikeResult = z.infer<typeof likeResultSchema>;

/** The answer of `PUT` / `DELETE /api/posts/:id/save`. */
export const saveResultSchema = z.object({ saved: z.boolean() });
export type SaveResult = z.infer<typeof saveResultSchema>;

/** Query of `GET /api/me/saved`, newest saved first. */
export const savedPostsQuerySchema = z.object({
  limit: pageLimit(limits.savedDefaultLimit, limits.savedMaxLimit),
  cursor: z
    .string()
    .max(200, 'cursor is invalid')
    .optional()
    .describe('`next_cursor` of the previous page'),
});
export type SavedPostsQuery = z.output<typeof savedPostsQuerySchema>;

/** A photo's alt text as it arrives: optional, at most 1000 characters, blank becomes null. */
export const altTextSchema = z
  .string()
  .max(limits.maxAltTextLength, messages.altTextTooLong)
  .optional()
  .nullable()
  .transform((value) => (value == null || value.trim() === '' ? null : value.trim()));

/** Caption as the multipart field arrives: optional, empty (after trimming) becomes null. */
export const captionSchema = z
  .string()
  .max(limits.captionMaxLength, `Caption must be at most ${limits.captionMaxLength} characters`)
  .optional()
  .nullable()
  .transform((value) => (value == null || value.trim() === '' ? null : value));

/**
 * The multipart form of `POST /api/posts`. The server reads the form as a stream (so an oversized
 * file is refused while it arrives), checking the caption with `captionSchema` and each alt text
 * with `altTextSchema`; this schema describes the form for the API reference.
 */
export const createPostFormSchema = z.object({
  image: z
    .array(z.file())
    .min(1)
    .max(limits.maxPostImages)
    .describe(
      `1–${limits.maxPostImages} photos, one part each, in the post's order; each under 5 MB, its type decided from its bytes, not its name`,
    ),
  alt_text: z
    .array(z.string().max(limits.maxAltTextLength))
    .max(limits.maxPostImages)
    .optional()
    .describe(
      'One part per photo, matched by order; missing or empty (after trimming) becomes null',
    ),
  caption: z
    .string()
    .max(limits.captionMaxLength)
    .optional()
    .describe('Optional; empty (after trimming) becomes null'),
  edits: photoEditsFieldSchema.optional(),
});

/** The body of `PATCH /api/posts/:id`: what is left out stays as it is. */
export const updatePostSchema = z.object({
  caption: z
    .string()
    .max(limits.captionMaxLength, `Caption must be at most ${limits.captionMaxLength} characters`)
    .nullable()
    .optional()
    .transform((value) =>
      value === undefined ? undefined : value === null || value.trim() === '' ? null : value,
    )
    .describe('The new caption; empty (after trimming) or null removes it'),
  images: z
    .array(
      z.object({
        id: z.string().min(1).max(64),
        alt_text: altTextSchema,
      }),
    )
    .min(1, messages.postNeedsPhoto)
    .max(limits.maxPostImages, messages.tooManyPhotos)
    .refine(
      (images) => new Set(images.map((image) => image.id)).size === images.length,
      messages.photoNamedTwice,
    )
    .optional()
    .describe(
      "The post's photos in their new order with their alt texts; photos left out are removed with their files",
    ),
});
export type UpdatePostRequest = z.output<typeof updatePostSchema>;
export type UpdatePostBody = z.input<typeof updatePostSchema>;

const nonNegativeInt = (field: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${field} must be a non-negative whole number`)
    .transform(Number);

/** Query of the feed and profile post lists. A limit above the maximum is clamped, not refused. */
export const postListQuerySchema = z.object({
  limit: nonNegativeInt('limit')
    .refine((n) => n >= 1, 'limit must be at least 1')
    .transform((n) => Math.min(n, limits.feedMaxLimit))
    .optional()
    .describe(
      `Posts per page: default ${limits.feedDefaultLimit}, at most ${limits.feedMaxLimit} (more is clamped)`,
    ),
  offset: nonNegativeInt('offset').optional().describe('Posts to skip (default 0)'),
  cursor: z
    .string()
    .max(200, 'cursor is invalid')
    .optional()
    .describe('`next_cursor` of the previous page; wins over `offset`'),
});
export type PostListQuery = z.output<typeof postListQuerySchema>;

/** Query of `GET /api/posts`: the list query and which feed. */
export const feedQuerySchema = postListQuerySchema.extend({
  feed: z
    .enum(['everyone', 'following'])
    .optional()
    .describe(
      '`everyone` (default): every public post; `following` (signed in): the people you follow and yours',
    ),
});
export type FeedQuery = z.output<typeof feedQuerySchema>;

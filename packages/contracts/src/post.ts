import { z } from 'zod';
import { commentSchema } from './comment';
import { limits } from './limits';
import { messages } from './messages';

export const imageVariantSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ImageVariant = z.infer<typeof imageVariantSchema>;

export const postImageSchema = z.object({
  width: z.number().int(),
  height: z.number().int(),
  /** A ThumbHash (base64) painted until the image loads; null if none could be made. */
  placeholder: z.string().nullable(),
  variants: z.array(imageVariantSchema),
});
export type PostImage = z.infer<typeof postImageSchema>;

export const postAuthorSchema = z.object({
  id: z.string(),
  username: z.string(),
  avatar_url: z.string().nullable(),
  is_verified: z.boolean(),
});

export const postSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  image_url: z.string(),
  image: postImageSchema,
  caption: z.string().nullable(),
  created_at: z.string(),
  likes_count: z.number().int(),
  comments_count: z.number().int(),
  liked_by_me: z.boolean(),
  author: postAuthorSchema,
  comments_preview: z.array(commentSchema),
});
export type Post = z.infer<typeof postSchema>;

export const postPageSchema = z.object({
  posts: z.array(postSchema),
  next_cursor: z.string().nullable(),
});
export type PostPage = z.infer<typeof postPageSchema>;

export const likeResultSchema = z.object({ liked: z.boolean(), likes_count: z.number().int() });
export type LikeResult = z.infer<typeof likeResultSchema>;

/** Caption as the multipart field arrives: optional, empty (after trimming) becomes null. */
export const captionSchema = z
  .string()
  .max(limits.captionMaxLength, `Caption must be at most ${limits.captionMaxLength} characters`)
  .optional()
  .nullable()
  .transform((value) => (value == null || value.trim() === '' ? null : value));

/**
 * The multipart form of `POST /api/posts`. The server reads the form as a stream (so an oversized
 * file is refused while it arrives), checking the caption with `captionSchema`; this schema
 * describes the form for the API reference.
 */
export const createPostFormSchema = z.object({
  image: z
    .file()
    .describe('The photo, under 5 MB; its type is decided from its bytes, not its name'),
  caption: z
    .string()
    .max(limits.captionMaxLength)
    .optional()
    .describe('Optional; empty (after trimming) becomes null'),
});

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

/** Client-side check of a chosen file, with the spec's messages. */
export function checkImageFile(file: { size: number; type: string }): string | null {
  if (file.size > limits.maxUploadBytes) return messages.fileTooLarge;
  if (!file.type.startsWith('image/')) return messages.notAnImage;
  return null;
}

import { z } from 'zod';
import { limits } from './limits';

export const commentAuthorSchema = z.object({
  id: z.string(),
  username: z.string(),
  avatar_url: z.string().nullable(),
});

/** A person named with `@` in a caption or comment who exists (others stay plain text). */
export const mentionSchema = z.object({ id: z.string(), username: z.string() });
export type Mention = z.infer<typeof mentionSchema>;

export const commentSchema = z.object({
  id: z.string(),
  post_id: z.string(),
  user_id: z.string(),
  content: z.string(),
  created_at: z.string(),
  author: commentAuthorSchema,
  /** The people the text names with `@` who exist, in the order first named. */
  mentions: z.array(mentionSchema),
});
export type Comment = z.infer<typeof commentSchema>;

export const createCommentSchema = z.object({
  content: z
    .string({ error: 'Comment is required' })
    .trim()
    .min(1, 'Comment is required')
    .max(limits.commentMaxLength, `Comment must be at most ${limits.commentMaxLength} characters`),
});
export type CreateCommentRequest = z.output<typeof createCommentSchema>;

export const commentListSchema = z.object({ comments: z.array(commentSchema) });
export type CommentList = z.infer<typeof commentListSchema>;

import { z } from 'zod';
import { pageLimit, profileSummarySchema } from './follow';
import { limits } from './limits';
import { postPageSchema } from './post';

export const searchQuerySchema = z.object({
  q: z
    .string({ error: 'Type something to search for' })
    .trim()
    .min(1, 'Type something to search for')
    .max(limits.searchMaxLength, `Search is at most ${limits.searchMaxLength} characters`),
});
export type SearchQuery = z.output<typeof searchQuerySchema>;

export const hashtagSchema = z.object({ name: z.string(), posts_count: z.number().int() });
export type Hashtag = z.infer<typeof hashtagSchema>;

export const searchResultSchema = z.object({
  profiles: z.array(profileSummarySchema),
  hashtags: z.array(hashtagSchema),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const hashtagParamsSchema = z.object({
  name: z
    .string()
    .min(1)
    .max(limits.hashtagMaxLength * 4),
});

export const hashtagPostsSchema = postPageSchema.extend({ hashtag: hashtagSchema });
export type HashtagPosts = z.infer<typeof hashtagPostsSchema>;

/** Query of the grids: explore, a hashtag's posts, a person's tagged posts. */
export const gridQuerySchema = z.object({
  limit: pageLimit(limits.gridDefaultLimit, limits.gridMaxLimit),
  cursor: z
    .string()
    .max(200, 'cursor is invalid')
    .optional()
    .describe('`next_cursor` of the previous page'),
});
export type GridQuery = z.output<typeof gridQuerySchema>;

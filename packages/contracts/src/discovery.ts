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

/**
 * What came of looking up a person of another server the query named (`@user@host`, `user@host`
 * or the https address of a page there): `found` (first among the people), `not_found` (their
 * server has nobody by that name), `unreachable` (their server did not answer in time, or
 * refused), `not_federating` (this server does not talk to others: federation off, or no https
 * PUBLIC_URL), `sign_in` (looking elsewhere is for people signed in).
 */
export const remoteSearchStatuses = [
  'found',
  'not_found',
  'unreachable',
  'not_federating',
  'sign_in',
] as const;
export type RemoteSearchStatus = (typeof remoteSearchStatuses)[number];

export const searchResultSchema = z.object({
  profiles: z.array(profileSummarySchema),
  hashtags: z.array(hashtagSchema),
  /** Only when the query names someone on another server: what looking there came to. */
  remote: z.object({ status: z.enum(remoteSearchStatuses), host: z.string() }).optional(),
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

/** What the search box says when a person of another server was not found, by status. */
export function remoteSearchMessage(status: RemoteSearchStatus, host: string): string | null {
  switch (status) {
    case 'not_found':
      return `No one by that name on ${host}.`;
    case 'unreachable':
      return `Couldn't reach ${host}. Try again later.`;
    case 'not_federating':
      return `This server doesn't connect to other servers, so people on ${host} can't be found from here.`;
    case 'sign_in':
      return `Sign in to find people on ${host}.`;
    case 'found':
      return null;
  }
}

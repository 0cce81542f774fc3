import { z } from 'zod';
import { limits } from './limits';

/** A person in a list (followers, following, suggestions, requests). */
export const profileSummarySchema = z.object({
  id: z.string(),
  username: z.string(),
  full_name: z.string(),
  avatar_url: z.string().nullable(),
  is_verified: z.boolean(),
  /** False when signed out or for yourself. */
  followed_by_me: z.boolean(),
  /** A person of another server: `username` is `user@host` and their page is `/@user@host`. */
  is_remote: z.boolean(),
});
export type ProfileSummary = z.infer<typeof profileSummarySchema>;

export const profileSummaryPageSchema = z.object({
  profiles: z.array(profileSummarySchema),
  next_cursor: z.string().nullable(),
});
export type ProfileSummaryPage = z.infer<typeof profileSummaryPageSchema>;

/** The answer of `PUT` / `DELETE /api/profiles/:id/follow`. */
export const followResultSchema = z.object({
  following: z.boolean(),
  /** True while a request to follow a private account awaits its owner. */
  requested: z.boolean(),
  followers_count: z.number().int(),
});
export type FollowResult = z.infer<typeof followResultSchema>;

/** A list's `limit`: a default, and a maximum above which it is clamped, not refused. */
export const pageLimit = (defaultLimit: number, maxLimit: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, 'limit must be a non-negative whole number')
    .transform(Number)
    .refine((n) => n >= 1, 'limit must be at least 1')
    .transform((n) => Math.min(n, maxLimit))
    .optional()
    .describe(`Items per page: default ${defaultLimit}, at most ${maxLimit} (more is clamped)`);

const pageCursor = z
  .string()
  .max(200, 'cursor is invalid')
  .optional()
  .describe('`next_cursor` of the previous page');

/** Query of the people lists (followers, following, follow requests). */
export const profileListQuerySchema = z.object({
  limit: pageLimit(limits.listDefaultLimit, limits.listMaxLimit),
  cursor: pageCursor,
});
export type ProfileListQuery = z.output<typeof profileListQuerySchema>;

export const suggestionSchema = profileSummarySchema.extend({
  /** Why this person: `Followed by alice + 2 more` or `Popular on Pinhole`. */
  reason: z.string(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

export const suggestionListSchema = z.object({
  profiles: z.array(suggestionSchema),
  next_cursor: z.string().nullable(),
});
export type SuggestionList = z.infer<typeof suggestionListSchema>;

export const suggestionQuerySchema = z.object({
  limit: pageLimit(limits.suggestionsDefaultLimit, limits.suggestionsMaxLimit),
  cursor: pageCursor,
});
export type SuggestionQuery = z.output<typeof suggestionQuerySchema>;

/** The reason shown under a suggestion, from one followed person who follows them. */
export function suggestionReason(mutual: { username: string; count: number } | null): string {
  if (mutual === null || mutual.count === 0) return 'Popular on Pinhole';
  const more = mutual.count - 1;
  return more > 0
    ? `Followed by ${mutual.username} + ${more} more`
    : `Followed by ${mutual.username}`;
}

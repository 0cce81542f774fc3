import { z } from 'zod';

/**
 * A name or key in a path. No id or username holds a control character, and PostgreSQL refuses
 * a NUL in text outright: `%00` would otherwise fail the query instead of naming nothing.
 */
const pathSegment = (what: string) =>
  z
    .string()
    .min(1)
    .max(64)
    .refine((value) => !/\p{Cc}/u.test(value), `Not a valid ${what}`)
    .describe('no control characters');

/** Path parameter of every call addressed by an id (posts, profiles). */
export const idParamsSchema = z.object({ id: pathSegment('id') });
export type IdParams = z.output<typeof idParamsSchema>;

/** Path parameter of a profile looked up by its username (any case). */
export const usernameParamsSchema = z.object({ username: pathSegment('username') });

/** Path of a stored file under `/storage/`: the storage key, checked for its exact shape. */
export const storedFileParamsSchema = z.object({
  '*': z.string().describe('Storage key, e.g. user-uploads/{userId}/posts/{timestamp}.webp'),
});

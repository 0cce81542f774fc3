import { z } from 'zod';

/** Path parameter of every call addressed by an id (posts, profiles). */
export const idParamsSchema = z.object({ id: z.string().min(1).max(64) });
export type IdParams = z.output<typeof idParamsSchema>;

/** Path parameter of a profile looked up by its username (any case). */
export const usernameParamsSchema = z.object({ username: z.string().min(1).max(64) });

/** Path of a stored file under `/storage/`: the storage key, checked for its exact shape. */
export const storedFileParamsSchema = z.object({
  '*': z.string().describe('Storage key, e.g. user-uploads/{userId}/posts/{timestamp}.webp'),
});

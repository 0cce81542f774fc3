import { z } from 'zod';
import { limits } from './limits';
import { usernameSchema } from './username';

/** A profile picture: the square variants (150 and 320 px) and a placeholder. */
export const avatarSchema = z.object({
  placeholder: z.string().nullable(),
  variants: z.array(
    z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }),
  ),
});
export type Avatar = z.infer<typeof avatarSchema>;

export const profileSchema = z.object({
  id: z.string(),
  username: z.string(),
  full_name: z.string(),
  avatar_url: z.string().nullable(),
  avatar: avatarSchema.nullable(),
  bio: z.string().nullable(),
  website: z.string().nullable(),
  is_verified: z.boolean(),
  is_private: z.boolean(),
  posts_count: z.number().int(),
  followers_count: z.number().int(),
  following_count: z.number().int(),
  /** The viewer follows this person (false signed out or for yourself). */
  followed_by_me: z.boolean(),
  /** This person follows the viewer. */
  follows_me: z.boolean(),
  /** The viewer asked to follow this private account and awaits an answer. */
  requested_by_me: z.boolean(),
  /**
   * The viewer blocked this person: their profile shows "You blocked …" with Unblock instead of
   * their posts (which, with their stories and lists, still answer 404). Only ever true for the
   * blocker; someone blocked gets 404 for the blocker's profile.
   */
  blocked_by_me: z.boolean(),
  created_at: z.string(),
  /** A person of another server: `username` is `user@host`. */
  is_remote: z.boolean(),
  /** Their profile page on their own server; null for local people. */
  remote_url: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** True only for absolute http: and https: URLs; anything else must never become a link. */
export function isSafeWebUrl(value: string): boolean {
  // Browsers drop tabs and newlines inside URLs ("java\tscript:"), so refuse any control character.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

// A scheme is letters then `:`, not followed by a digit: `nora.example.com:8080` has none.
const startsWithScheme = /^[a-z][a-z0-9+.-]*:(?!\d)/i;

/**
 * A website as people type it: `nora.example.com` means `https://nora.example.com`, as
 * Instagram reads it. Anything with a scheme is left as typed (and refused unless http or https).
 */
export function withWebScheme(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '' || startsWithScheme.test(trimmed)) return trimmed;
  return `https://${trimmed}`;
}

const websiteTooLong = `Website must be at most ${limits.websiteMaxLength} characters`;

const websiteSchema = z
  .string()
  .trim()
  // Checked as typed (what the API reference shows) and again with the scheme added.
  .max(limits.websiteMaxLength, websiteTooLong)
  .transform(withWebScheme)
  .pipe(
    z
      .string()
      .max(limits.websiteMaxLength, websiteTooLong)
      .refine(
        (value) => value === '' || isSafeWebUrl(value),
        'Website must be an http or https URL',
      ),
  )
  .transform((value) => (value === '' ? null : value))
  .nullable();

export const updateProfileSchema = z.object({
  /** Same rules as sign-up; someone else's → 409. */
  username: usernameSchema.optional(),
  full_name: z
    .string()
    .trim()
    .min(1, 'Full Name is required')
    .max(
      limits.fullNameMaxLength,
      `Full Name must be at most ${limits.fullNameMaxLength} characters`,
    )
    .optional(),
  bio: z
    .string()
    .max(limits.bioMaxLength, `Bio must be at most ${limits.bioMaxLength} characters`)
    .transform((value) => (value.trim() === '' ? null : value))
    .nullable()
    .optional(),
  website: websiteSchema.optional(),
  is_private: z.boolean().optional(),
});
export type UpdateProfileRequest = z.output<typeof updateProfileSchema>;

import { z } from 'zod';
import { limits } from './limits';
import { profileSchema } from './profile';

import { usernameSchema } from './username';

export { usernamePattern, usernameSchema } from './username';

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(limits.emailMaxLength, 'Please enter a valid email address')
  .pipe(z.email({ error: 'Please enter a valid email address' }))
  .transform((email) => email.toLowerCase());

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(limits.passwordMinLength, `Password must be at least ${limits.passwordMinLength} characters`)
  .max(limits.passwordMaxLength, `Password must be at most ${limits.passwordMaxLength} characters`);

// Control and zero-width characters make two names look alike; refuse them.
const invisibleCharacters = /[\p{Cc}\p{Cf}]/u;

export const fullNameSchema = z
  .string({ error: 'Full Name is required' })
  .trim()
  .min(1, 'Full Name is required')
  .max(limits.fullNameMaxLength, `Full Name must be at most ${limits.fullNameMaxLength} characters`)
  .refine((name) => !invisibleCharacters.test(name), 'Full Name contains invalid characters');

export const signUpSchema = z.object({
  full_name: fullNameSchema,
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  /** Needed when the instance runs with `SIGNUPS=invite` (ignored otherwise). */
  invite_code: z.string().trim().max(64, 'This invite code is not valid').optional(),
});
export type SignUpInput = z.input<typeof signUpSchema>;
export type SignUpRequest = z.output<typeof signUpSchema>;

/**
 * Signing in names the account by its email, or by its username: `email` may hold a username
 * (the sign-in form's one field takes either, as Instagram's does), and `username` is kept for
 * clients that send it apart. The account switcher remembers only usernames on the device.
 */
export const signInSchema = z
  .object({
    email: z
      .string({ error: 'Email is required' })
      .trim()
      .min(1, 'Email is required')
      .max(limits.emailMaxLength, messagesTooLong('Email'))
      .transform((email) => email.toLowerCase())
      .optional(),
    username: z
      .string({ error: 'Username is required' })
      .trim()
      .toLowerCase()
      .min(1, 'Username is required')
      .max(limits.usernameMaxLength, messagesTooLong('Username'))
      .optional(),
    password: z
      .string({ error: 'Password is required' })
      .min(1, 'Password is required')
      .max(
        limits.passwordMaxLength,
        `Password must be at most ${limits.passwordMaxLength} characters`,
      ),
  })
  .refine((input) => input.email !== undefined || input.username !== undefined, {
    message: 'Email is required',
    path: ['email'],
  });
export type SignInRequest = z.output<typeof signInSchema>;

function messagesTooLong(field: string): string {
  return `${field} is too long`;
}

/** `role`: what the signed-in person may do; `admin` opens `/admin`. */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(['member', 'admin']),
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({
  user: userSchema,
  profile: profileSchema,
  session: z.object({ token: z.string(), expires_at: z.string() }),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const sessionResponseSchema = z.object({
  user: userSchema.nullable(),
  profile: profileSchema.nullable(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

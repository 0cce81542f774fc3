import { z } from 'zod';
import { passwordSchema } from './auth';
import { limits } from './limits';

/** `POST /api/auth/password`: the current password proves it is you; every other session ends. */
export const changePasswordSchema = z.object({
  current_password: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(limits.passwordMaxLength, 'Current password is incorrect'),
  new_password: passwordSchema,
});
export type ChangePasswordRequest = z.output<typeof changePasswordSchema>;

/** One place the account is signed in; `user_agent` is the raw header, parsed by the client. */
export const accountSessionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  user_agent: z.string().nullable(),
  /** The session that made this request. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsResponseSchema = z.object({
  sessions: z.array(accountSessionSchema),
});
export type AccountSessionsResponse = z.infer<typeof accountSessionsResponseSchema>;

/** `DELETE /api/me`: the password again, so a borrowed unlocked phone cannot erase an account. */
export const deleteAccountSchema = z.object({
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(limits.passwordMaxLength, 'Password is incorrect'),
});
export type DeleteAccountRequest = z.output<typeof deleteAccountSchema>;

export const importStartedSchema = z.object({ id: z.string() });
export type ImportStarted = z.infer<typeof importStartedSchema>;

export const importStatusValues = ['queued', 'running', 'done', 'failed'] as const;

/** One archive item (a post, a photo, a file) that was not imported, and why. */
export const importFailureSchema = z.object({ item: z.string(), reason: z.string() });
export type ImportFailure = z.infer<typeof importFailureSchema>;

export const importStatusSchema = z.object({
  id: z.string(),
  status: z.enum(importStatusValues),
  /** Posts found in the archive. */
  posts_total: z.number().int(),
  /** Posts dealt with so far: imported, already there, or not imported. */
  posts_done: z.number().int(),
  /** Posts this import added. */
  posts_imported: z.number().int(),
  /** Posts the account already had from this archive (an earlier import, or its own export). */
  posts_skipped: z.number().int(),
  failures: z.array(importFailureSchema),
  created_at: z.string(),
});
export type ImportStatus = z.infer<typeof importStatusSchema>;

/** `POST /api/me/import`: read as a stream by the server; this describes the form. */
export const importFormSchema = z.object({
  archive: z
    .file()
    .describe(
      'An Instagram "Download your information" archive (JSON format) or a Pinhole export, as a zip under 2 GB',
    ),
});

export const importIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** `PUT /api/profiles/me/avatar`: read as a stream by the server; this describes the form. */
export const avatarFormSchema = z.object({
  image: z
    .file()
    .describe(
      'The new picture, under 5 MB, its type decided from its bytes; cut to its centre square',
    ),
});

export const sessionIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

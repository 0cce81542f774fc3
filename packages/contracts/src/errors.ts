import { z } from 'zod';

export const errorCodes = [
  'validation_error',
  'invalid_credentials',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'file_too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal',
  'unavailable',
  /** `POST /api/auth/password-reset` on a server with no mail server (503). */
  'mail_unavailable',
  'insufficient_storage',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;

import { z } from 'zod';
import { reservedUsernames } from './addresses';
import { limits } from './limits';
import { messages } from './messages';

/** Letters the spec allows in a username after lowercasing. */
export const usernamePattern = /^[a-z0-9._]+$/;

export const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Username is required')
  .max(limits.usernameMaxLength, `Username must be at most ${limits.usernameMaxLength} characters`)
  .regex(usernamePattern, 'Username may only contain letters, numbers, periods and underscores')
  .refine((name) => !reservedUsernames.has(name), messages.usernameUnavailable);

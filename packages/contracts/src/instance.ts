import { z } from 'zod';
import { limits } from './limits';
import { signupModeSchema } from './safety';

/** What the instance says of itself on its `/about` page, set by an admin in `/admin`. */

/** The bounds of each field, read by the server's validation and the admin's form alike. */
export const instanceLimits = {
  nameMaxLength: 50,
  descriptionMaxLength: 500,
  rulesMax: 20,
  ruleMaxLength: 200,
} as const;

/** What the instance calls itself until an admin names it. */
export const defaultInstanceName = 'Pinhole';

const nameSchema = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(
    instanceLimits.nameMaxLength,
    `Name must be at most ${instanceLimits.nameMaxLength} characters`,
  );

const descriptionSchema = z
  .string()
  .trim()
  .max(
    instanceLimits.descriptionMaxLength,
    `Description must be at most ${instanceLimits.descriptionMaxLength} characters`,
  );

const ruleSchema = z
  .string()
  .trim()
  .min(1, 'A rule cannot be empty')
  .max(
    instanceLimits.ruleMaxLength,
    `A rule must be at most ${instanceLimits.ruleMaxLength} characters`,
  );

const rulesSchema = z
  .array(ruleSchema)
  .max(instanceLimits.rulesMax, `At most ${instanceLimits.rulesMax} rules`);

const anEmail = z.email();
/** An email, or empty for "no contact shown". */
const contactEmailSchema = z
  .string()
  .trim()
  .max(limits.emailMaxLength, 'Please enter a valid email address')
  .refine(
    (email) => email === '' || anEmail.safeParse(email).success,
    'Please enter a valid email address',
  );

/** `PUT /api/admin/instance`: any of the fields; those left out keep their value. */
export const updateInstanceSchema = z.object({
  name: nameSchema.optional(),
  description: descriptionSchema.optional(),
  rules: rulesSchema.optional(),
  contact_email: contactEmailSchema.optional(),
});
export type UpdateInstanceInput = z.input<typeof updateInstanceSchema>;

/** `GET /api/instance`, and the answer of `PUT /api/admin/instance`. */
export const instanceSchema = z.object({
  /** Whether a visitor may make an account (`SIGNUPS`): the sign-up form asks. */
  signups: signupModeSchema,
  name: z.string(),
  description: z.string(),
  rules: z.array(z.string()),
  /** Empty until an admin sets one. */
  contact_email: z.string(),
  /** People and their posts, without suspended accounts. */
  stats: z.object({ users: z.number().int(), posts: z.number().int() }),
  /**
   * Whether a mail server is configured (`SMTP_URL`): without one, Forgot password says to ask
   * the admin for a reset link instead of promising an email.
   */
  mail: z.boolean(),
  /** Whether video can be posted here: ffmpeg and ffprobe were found when the server started. */
  video: z.boolean(),
});
export type Instance = z.infer<typeof instanceSchema>;

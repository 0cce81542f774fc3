import { z } from 'zod';
import { emailSchema, passwordSchema } from './auth';
import { pageLimit, profileSummarySchema } from './follow';
import { limits } from './limits';

/**
 * Safety and moderation: roles, blocks,
 * reports, the admin queue, suspensions, sign-up modes, invites and password reset.
 */

/**
 * The messages of safety and moderation. Apart from `messages` (messages.ts) because that object is in the
 * first script every visitor loads, and none of these is shown before a form or page that is
 * loaded later.
 */
export const safetyMessages = {
  signupsClosed: 'Sign-ups are closed on this instance',
  inviteInvalid: 'This invite code is not valid',
  accountSuspended: 'This account has been suspended',
  resetLinkExpired: 'This link has expired or was already used',
  cannotBlockYourself: "You can't block yourself",
  cannotSuspendYourself: "You can't suspend yourself",
  lastAdmin: 'An instance keeps at least one admin',
  passwordResetSent: 'If an account uses this email, we sent it a link to reset the password',
  /** Said before and instead of asking for a link when the server has no mail server. */
  mailUnavailable: "This server can't send email — ask its admin for a reset link",
} as const;

/** A report's optional note, at most (characters). */
export const reportNoteMaxLength = 1000;

export const roleSchema = z.enum(['member', 'admin']);
export type Role = z.infer<typeof roleSchema>;

/** `SIGNUPS`: who may make an account. */
export const signupModeSchema = z.enum(['open', 'invite', 'closed']);
export type SignupMode = z.infer<typeof signupModeSchema>;

/** `GET /api/instance`: what a signed-out visitor's forms need to know about this instance. */
export const instanceInfoSchema = z.object({ signups: signupModeSchema });
export type InstanceInfo = z.infer<typeof instanceInfoSchema>;

/** `PUT` / `DELETE /api/profiles/:id/block`. */
export const blockResultSchema = z.object({ blocked: z.boolean() });
export type BlockResult = z.infer<typeof blockResultSchema>;

/** `GET /api/me/blocks`: the people you blocked, newest first. */
export const blockedPageSchema = z.object({
  profiles: z.array(profileSummarySchema),
  next_cursor: z.string().nullable(),
});
export type BlockedPage = z.infer<typeof blockedPageSchema>;

export const reportTargetTypeSchema = z.enum(['post', 'comment', 'profile', 'message']);
export type ReportTargetType = z.infer<typeof reportTargetTypeSchema>;

export const reportReasonSchema = z.enum(['spam', 'nudity', 'harassment', 'violence', 'other']);
export type ReportReason = z.infer<typeof reportReasonSchema>;

/** The reasons as the report dialog lists them, in this order. */
export const reportReasonLabels: Record<ReportReason, string> = {
  spam: "It's spam",
  nudity: 'Nudity or sexual activity',
  harassment: 'Bullying or harassment',
  violence: 'Violence or dangerous organizations',
  other: 'Something else',
};

/** `POST /api/reports`. */
export const reportInputSchema = z.object({
  target_type: reportTargetTypeSchema,
  target_id: z.string().min(1).max(100),
  reason: reportReasonSchema,
  note: z
    .string()
    .trim()
    .max(reportNoteMaxLength, `Note must be at most ${reportNoteMaxLength} characters`)
    .optional(),
  /** For a person or post of another server: also send the report there (a `Flag`). */
  forward: z.boolean().optional(),
});
export type ReportInput = z.output<typeof reportInputSchema>;

export const reportCreatedSchema = z.object({ id: z.string() });

export const reportStatusSchema = z.enum(['open', 'resolved']);
export type ReportStatus = z.infer<typeof reportStatusSchema>;

/** What the admin sees of the reported thing (null once it is gone). */
export const reportPreviewSchema = z
  .object({
    /** The post's caption, the comment's text, or the profile's name and bio. */
    text: z.string().nullable(),
    /** The post's first photo (smallest variant) or the profile's picture. */
    image_url: z.string().nullable(),
    /** Who wrote or owns it. */
    author: profileSummarySchema,
    /** Where it lives in the app (`/p/:id`, `/:username`). */
    href: z.string(),
  })
  .nullable();
export type ReportPreview = z.infer<typeof reportPreviewSchema>;

export const reportResolutionSchema = z.enum(['dismiss', 'remove_content', 'suspend_author']);
export type ReportResolution = z.infer<typeof reportResolutionSchema>;

export const reportSchema = z.object({
  id: z.string(),
  target_type: reportTargetTypeSchema,
  target_id: z.string(),
  reason: reportReasonSchema,
  note: z.string().nullable(),
  reporter: profileSummarySchema,
  target_preview: reportPreviewSchema,
  created_at: z.string(),
  status: reportStatusSchema,
  /** How it was resolved (null while open). */
  resolution: reportResolutionSchema.nullable(),
});
export type Report = z.infer<typeof reportSchema>;

export const reportsQuerySchema = z.object({
  status: reportStatusSchema.default('open'),
  limit: pageLimit(limits.listDefaultLimit, limits.listMaxLimit),
  cursor: z.string().max(200, 'cursor is invalid').optional(),
});
export type ReportsQuery = z.output<typeof reportsQuerySchema>;

export const reportsPageSchema = z.object({
  reports: z.array(reportSchema),
  next_cursor: z.string().nullable(),
});
export type ReportsPage = z.infer<typeof reportsPageSchema>;

export const resolveReportSchema = z.object({ action: reportResolutionSchema });

/** A person as the admin's users list shows them. */
export const adminUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  full_name: z.string(),
  email: z.string(),
  avatar_url: z.string().nullable(),
  role: roleSchema,
  /** When suspended, null otherwise. */
  suspended_at: z.string().nullable(),
  posts_count: z.number().int(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** `GET /api/admin/users?q=&cursor=`: newest first; `q` matches username, name or email. */
export const adminUsersQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  limit: pageLimit(limits.listDefaultLimit, limits.listMaxLimit),
  cursor: z.string().max(200, 'cursor is invalid').optional(),
});
export type AdminUsersQuery = z.output<typeof adminUsersQuerySchema>;

export const adminUsersPageSchema = z.object({
  users: z.array(adminUserSchema),
  next_cursor: z.string().nullable(),
});
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

export const adminStatsSchema = z.object({
  users: z.number().int(),
  posts: z.number().int(),
  comments: z.number().int(),
  likes: z.number().int(),
  stories: z.number().int(),
  storage_bytes: z.number().int(),
  signups_last_7_days: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const createInviteSchema = z.object({
  uses: z.number().int().min(1).max(1000).default(1),
  expires_in_days: z.number().int().min(1).max(365).default(7),
});
export type CreateInviteInput = z.input<typeof createInviteSchema>;

export const inviteSchema = z.object({
  code: z.string(),
  uses_left: z.number().int(),
  expires_at: z.string(),
});
export type Invite = z.infer<typeof inviteSchema>;

/** `GET /api/admin/invites`: invites still usable, newest first. */
export const invitesListSchema = z.object({ invites: z.array(inviteSchema) });

/** One line of the audit log: who did what to what, when. */
export const auditEntrySchema = z.object({
  id: z.string(),
  actor: profileSummarySchema.nullable(),
  /** An `AuditAction` code (`report.dismiss`, `user.suspend`…); `auditActionLabel` gives its words. */
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  /** A readable line: `suspended @alice`. */
  summary: z.string(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  next_cursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** `POST /api/auth/password-reset`. */
export const passwordResetRequestSchema = z.object({ email: emailSchema });

/** `POST /api/auth/password-reset/confirm`. */
export const passwordResetConfirmSchema = z.object({
  token: z.string().min(1).max(200),
  new_password: passwordSchema,
});
export type PasswordResetConfirm = z.output<typeof passwordResetConfirmSchema>;

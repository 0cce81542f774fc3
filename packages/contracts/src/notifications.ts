import { z } from 'zod';
import { pageLimit, profileSummarySchema } from './follow';
import { limits } from './limits';

/**
 * `follow_request`: the actor asks to follow your private account; it is there while the request
 * waits (approving or declining it, or its withdrawal, removes it). `follow_accepted`: the actor
 * approved your request.
 */
export const notificationTypes = [
  'like',
  'comment',
  'follow',
  'mention',
  'follow_request',
  'follow_accepted',
] as const;
export type NotificationType = (typeof notificationTypes)[number];

export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(notificationTypes),
  actor: profileSummarySchema,
  /** The post liked, commented on or mentioned in; null for a follow and a follow request. */
  post: z.object({ id: z.string(), thumbnail_url: z.string() }).nullable(),
  /** The comment, for a comment (or a mention in a comment). */
  comment: z.object({ id: z.string(), content: z.string() }).nullable(),
  created_at: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = z.object({
  notifications: z.array(notificationSchema),
  unread_count: z.number().int(),
  next_cursor: z.string().nullable(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const notificationQuerySchema = z.object({
  limit: pageLimit(limits.notificationsDefaultLimit, limits.notificationsMaxLimit),
  cursor: z
    .string()
    .max(200, 'cursor is invalid')
    .optional()
    .describe('`next_cursor` of the previous page'),
});
export type NotificationQuery = z.output<typeof notificationQuerySchema>;

/** The `data` of an `event: notifications` on `GET /api/events`. */
export const notificationsEventSchema = z.object({ unread_count: z.number().int() });
export type NotificationsEvent = z.infer<typeof notificationsEventSchema>;

/**
 * `unread_count` counts up to this many; more reads as this number ("100 or more"). The badge
 * shows `9+` past 9, and counting a busy person's 5,000 unread rows on every read cost PostgreSQL
 * more than the rest of the notifications list together.
 */
export const unreadCountCap = 100;

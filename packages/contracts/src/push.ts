import { z } from 'zod';

/** The instance's VAPID public key (base64url of the 65-byte uncompressed P-256 point). */
export const pushKeySchema = z.object({ public_key: z.string() });
export type PushKey = z.infer<typeof pushKeySchema>;

const base64url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Must be base64url');

/** What `PushManager.subscribe()` gives a browser, as `PushSubscription.toJSON()` writes it. */
export const pushSubscriptionRequestSchema = z.object({
  endpoint: z.string().url('Must be a URL').max(2048),
  keys: z.object({
    p256dh: base64url.min(80).max(100),
    auth: base64url.min(16).max(32),
  }),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequestSchema>;

export const pushSubscriptionSchema = z.object({ id: z.string() });

export const pushUnsubscribeRequestSchema = z.object({ endpoint: z.string().max(2048) });

/** The kinds of notification a push may be sent for, each on unless turned off. */
export const pushKinds = ['likes', 'comments', 'follows', 'follow_requests', 'mentions'] as const;
export type PushKind = (typeof pushKinds)[number];

export const notificationSettingsSchema = z.object({
  push: z.object({
    likes: z.boolean(),
    comments: z.boolean(),
    follows: z.boolean(),
    follow_requests: z.boolean(),
    mentions: z.boolean(),
  }),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** What a push carries (encrypted): what the notification says and the page it opens. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

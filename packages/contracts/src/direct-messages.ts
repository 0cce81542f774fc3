import { z } from 'zod';
import { mediaStatuses } from './media';
import { pageLimit, profileSummarySchema } from './follow';
import { postImageSchema } from './post';
import { directMessageLimits, directMessageTexts } from './direct-message-limits';

export const allowMessagesFromSchema = z.enum(['everyone', 'following', 'nobody']);
export type AllowMessagesFrom = z.infer<typeof allowMessagesFromSchema>;

/**
 * A photo of a message, or a video: then `video` (its MP4, once transcoded) and the poster as the
 * picture. While `status` is `processing` (or `failed`) the picture is empty (`url` "", no
 * variants): the upload as it came is never shown, not even to the conversation.
 */
export const messageImageSchema = postImageSchema.extend({
  url: z.string(),
  video: z.object({ url: z.string(), duration_s: z.number() }).nullable().optional(),
  status: z.enum(mediaStatuses).optional(),
});

export const sharedPostSchema = z.object({
  id: z.string(),
  thumbnail_url: z.string(),
  author: profileSummarySchema,
});

/**
 * The story a message replies to. `available` while the story lives and the reader may still
 * see it (its thumbnail then, else null): expired, deleted, or out of the reader's sight (a
 * block, an unfollowed private account) all read "Story unavailable".
 */
export const messageStorySchema = z.object({
  id: z.string(),
  thumbnail_url: z.string().nullable(),
  available: z.boolean(),
});
export type MessageStory = z.infer<typeof messageStorySchema>;

export const messageSchema = z.object({
  id: z.string(),
  sender: profileSummarySchema,
  text: z.string().nullable(),
  images: z.array(messageImageSchema),
  shared_post: sharedPostSchema.nullable(),
  /** The story this message replies to, or null. */
  story: messageStorySchema.nullable(),
  created_at: z.string(),
  /** Who has read up to this message, apart from its sender. */
  seen_by: z.array(profileSummarySchema),
});
export type Message = z.infer<typeof messageSchema>;

export const conversationSchema = z.object({
  id: z.string(),
  /** Everyone in it but you. */
  participants: z.array(profileSummarySchema),
  is_group: z.boolean(),
  name: z.string().nullable(),
  last_message: messageSchema.nullable(),
  unread_count: z.number().int(),
  is_request: z.boolean(),
  muted: z.boolean(),
  updated_at: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

const cursorSchema = z
  .string()
  .max(200, 'cursor is invalid')
  .optional()
  .describe('`next_cursor` of the previous page');

export const conversationListQuerySchema = z.object({
  folder: z.enum(['inbox', 'requests']).default('inbox'),
  limit: pageLimit(
    directMessageLimits.conversationsDefaultLimit,
    directMessageLimits.conversationsMaxLimit,
  ),
  cursor: cursorSchema,
});
export type ConversationListQuery = z.output<typeof conversationListQuerySchema>;

export const conversationPageSchema = z.object({
  conversations: z.array(conversationSchema),
  next_cursor: z.string().nullable(),
});
export type ConversationPage = z.infer<typeof conversationPageSchema>;

export const createConversationSchema = z.object({
  participant_ids: z
    .array(z.string().min(1).max(200))
    .min(1, 'Choose at least one person')
    .max(directMessageLimits.maxParticipants, directMessageTexts.tooManyParticipants),
  name: z.string().trim().max(directMessageLimits.groupNameMaxLength).optional(),
});
export type CreateConversationRequest = z.output<typeof createConversationSchema>;

export const messageListQuerySchema = z.object({
  limit: pageLimit(directMessageLimits.messagesDefaultLimit, directMessageLimits.messagesMaxLimit),
  cursor: cursorSchema,
});
export type MessageListQuery = z.output<typeof messageListQuerySchema>;

export const messagePageSchema = z.object({
  messages: z.array(messageSchema),
  next_cursor: z.string().nullable(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

export const sendMessageSchema = z.object({
  text: z
    .string()
    .max(
      directMessageLimits.textMaxLength,
      `A message can be at most ${directMessageLimits.textMaxLength} characters`,
    )
    .optional(),
  post_id: z.string().min(1).max(200).optional(),
  /**
   * A reply to this story: a live one the sender may see, by someone in the conversation. It
   * goes with text (or photos); the story alone is not a message.
   */
  story_id: z.string().min(1).max(200).optional(),
});
export type SendMessageRequest = z.output<typeof sendMessageSchema>;

/**
 * The multipart form of `POST /api/conversations/:id/messages` (photos, with optional text). The
 * server reads it as a stream, as a post's upload, checking `text` with `sendMessageSchema`.
 */
export const sendMessageFormSchema = z.object({
  image: z
    .array(z.file())
    .min(1)
    .max(directMessageLimits.maxImages)
    .describe(
      `1–${directMessageLimits.maxImages} photos, each under 5 MB; stored as private files only the participants can fetch`,
    ),
  text: z.string().max(directMessageLimits.textMaxLength).optional(),
});

export const messagingSettingsSchema = z.object({ allow_from: allowMessagesFromSchema });
export type MessagingSettings = z.infer<typeof messagingSettingsSchema>;

/** `event: messages` on `GET /api/events`. */
export const messagesEventSchema = z.object({
  conversation_id: z.string().nullable(),
  unread_total: z.number().int(),
});

export type MessagesEvent = z.infer<typeof messagesEventSchema>;

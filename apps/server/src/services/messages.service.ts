import type {
  Conversation,
  ConversationListQuery,
  ConversationPage,
  CreateConversationRequest,
  Message,
  MessageListQuery,
  MessagePage,
  MessagingSettings,
  ProfileSummary,
  SendMessageRequest,
} from '@pinhole/contracts';
import { directMessageLimits, directMessageTexts } from '@pinhole/contracts';
import type { Infrastructure } from '../context';
import { AppError, notFound } from '../errors';
import { newId, nowIso } from '../ids';
import * as repo from '../repositories/conversations.repository';
import { followedAmong } from '../repositories/follows.repository';
import { updateProfile } from '../repositories/profiles.repository';
import { requireVisiblePost } from '../policies/visibility';
import { decodeCursor, encodeCursor } from '../pagination/post-cursor';
import { toProfileSummary } from '../views/profile-summary';
import { mediaUrls } from '../storage/media-urls';
import type { MessageImage } from '../repositories/message-images.repository';
import * as images from '../repositories/message-images.repository';
import { keysOfUploads, storeUploads } from '../media/store-uploads';
import { insertVideoJobs } from '../repositories/video-jobs.repository';
import type { VideoJobsService } from './video-jobs.service';
import type { Membership } from '../policies/conversation-access';
import { admissions, requireConversationMember } from '../policies/conversation-access';
import { toMessage } from '../views/message-json';
import { replyStories, requireRepliableStory } from './story-replies';

/**
 * Direct messages between people of this instance: one-to-one conversations (found again when
 * started twice) and named groups. Only members read a conversation; nobody else, admins
 * included, sees a message unless it is reported. A conversation started by someone a member does
 * not follow waits in that member's Requests until they accept it or reply.
 */
export class MessagesService {
  constructor(
    private readonly infra: Infrastructure,
    private readonly videoJobs?: VideoJobsService,
  ) {}

  private get db() {
    return this.infra.database.db;
  }

  /** Starts a conversation; `created` is false when the one-to-one conversation existed. */
  async start(
    viewerId: string,
    request: CreateConversationRequest,
  ): Promise<{ conversation: Conversation; created: boolean }> {
    const others = [...new Set(request.participant_ids)].filter((id) => id !== viewerId);
    if (others.some((id) => id.includes('@')))
      throw new AppError('validation_error', directMessageTexts.remoteNotAvailable);
    if (others.length === 0)
      throw new AppError('validation_error', directMessageTexts.messageToYourself);
    const requests = await admissions(this.db, viewerId, others);
    const isGroup = others.length > 1;
    const pairKey = isGroup ? null : [viewerId, ...others].sort().join(':');
    const now = nowIso();
    const { id, created } = await this.db.transaction().execute(async (trx) => {
      const existing = pairKey ? await repo.findConversationByPair(trx, pairKey) : undefined;
      const conversationId = existing?.id ?? newId();
      if (!existing) {
        await repo.insertConversation(trx, {
          id: conversationId,
          is_group: isGroup ? 1 : 0,
          name: isGroup && request.name ? request.name : null,
          pair_key: pairKey,
          created_by: viewerId,
          created_at: now,
        });
      }
      await repo.insertMember(trx, {
        conversation_id: conversationId,
        user_id: viewerId,
        is_request: 0,
        joined_at: now,
      });
      for (const other of others) {
        await repo.insertMember(trx, {
          conversation_id: conversationId,
          user_id: other,
          is_request: requests.has(other) ? 1 : 0,
          joined_at: now,
        });
      }
      return { id: conversationId, created: !existing };
    });
    return { conversation: await this.conversation(viewerId, id), created };
  }

  async list(viewerId: string, query: ConversationListQuery): Promise<ConversationPage> {
    const limit = query.limit ?? directMessageLimits.conversationsDefaultLimit;
    const after = query.cursor !== undefined ? decodeCursor(query.cursor) : undefined;
    const rows = await repo.listConversations(
      this.db,
      viewerId,
      query.folder,
      limit + 1,
      after && { updatedAt: after.createdAt, id: after.id },
    );
    const page = rows.slice(0, limit);
    const conversations = await this.toConversations(viewerId, page);
    const last = page.at(-1);
    return {
      conversations,
      next_cursor:
        rows.length > limit && last
          ? encodeCursor({ createdAt: last.updated_at, id: last.id })
          : null,
    };
  }

  async conversation(viewerId: string, conversationId: string): Promise<Conversation> {
    const membership = await this.requireMember(viewerId, conversationId);
    const [conversation] = await this.toConversations(viewerId, [membership]);
    if (!conversation) throw notFound();
    return conversation;
  }

  async messages(
    viewerId: string,
    conversationId: string,
    query: MessageListQuery,
  ): Promise<MessagePage> {
    await this.requireMember(viewerId, conversationId);
    const limit = query.limit ?? directMessageLimits.messagesDefaultLimit;
    const after = query.cursor !== undefined ? decodeCursor(query.cursor) : undefined;
    const rows = await repo.listMessages(this.db, conversationId, limit + 1, after);
    const page = rows.slice(0, limit);
    const members = await repo.listMembers(this.db, [conversationId]);
    const last = page.at(-1);
    return {
      messages: await this.toMessages(viewerId, page, members),
      next_cursor:
        rows.length > limit && last
          ? encodeCursor({ createdAt: last.created_at, id: last.id })
          : null,
    };
  }

  /**
   * Sends text, a shared post, photos (temporary files from the upload, 1–10) or some of these.
   * Photos are checked before any is stored and stored before the message is written; should
   * anything fail, the files already written are removed, so no file outlives a refused message.
   */
  async send(
    viewerId: string,
    conversationId: string,
    input: SendMessageRequest,
    photos: readonly string[] = [],
    /** Which of `photos` were sent as videos (type or name), in order. */
    declaredVideos: readonly boolean[] = [],
  ): Promise<Message> {
    const text = input.text?.trim() ? input.text : null;
    if (text === null && input.post_id === undefined && photos.length === 0)
      throw new AppError('validation_error', directMessageTexts.emptyMessage);
    const membership = await this.requireMember(viewerId, conversationId);
    const members = await repo.listMembers(this.db, [conversationId]);
    const others = members.map((m) => m.user_id).filter((id) => id !== viewerId);
    // Someone who left a one-to-one conversation is written to again: they come back.
    const pair = membership.pair_key?.split(':').filter((id) => id !== viewerId) ?? [];
    const returning = pair.filter((id) => !others.includes(id));
    const requests = returning.length > 0 ? await admissions(this.db, viewerId, returning) : null;
    if (input.post_id !== undefined) await requireVisiblePost(this.db, input.post_id, viewerId);
    if (input.story_id !== undefined)
      await requireRepliableStory(this.infra, viewerId, input.story_id, [
        ...members.map((m) => m.user_id),
        ...returning,
      ]);
    const row: repo.MessageRow = {
      id: newId(),
      conversation_id: conversationId,
      sender_id: viewerId,
      text,
      post_id: input.post_id ?? null,
      story_id: input.story_id ?? null,
      created_at: nowIso(),
    };
    const uploads = await storeUploads(this.infra, 'messages', viewerId, photos, null, {
      tools: this.infra.videoTools,
      maxSeconds: this.infra.config.video.maxSeconds,
      declared: declaredVideos,
    });
    const stored: MessageImage[] = uploads.map((item, index) => ({
      id: newId(),
      message_id: row.id,
      position: index,
      image_key: item.key,
      width: item.width,
      height: item.height,
      placeholder: item.placeholder,
      variants: item.variants,
      // A video waits for its transcode (VideoJobsService); its picture is empty until then.
      ...(item.type === 'video'
        ? { status: 'processing' as const, duration_s: item.durationS }
        : {}),
    }));
    const videos = stored.filter((item) => item.status === 'processing');
    try {
      await this.db.transaction().execute(async (trx) => {
        for (const id of returning) {
          await repo.insertMember(trx, {
            conversation_id: conversationId,
            user_id: id,
            is_request: requests?.has(id) ? 1 : 0,
            joined_at: row.created_at,
          });
        }
        await repo.insertMessage(trx, row);
        await images.insertMessageImages(trx, stored);
        await insertVideoJobs(
          trx,
          videos.map((item) => ({
            mediaId: item.id,
            kind: 'message' as const,
            ownerId: viewerId,
            now: row.created_at,
          })),
        );
        // Replying accepts a request, and what you wrote is read by you.
        await repo.updateMembership(trx, conversationId, viewerId, {
          is_request: 0,
          last_read_at: row.created_at,
        });
      });
    } catch (error) {
      await this.infra.storage.discard(keysOfUploads(uploads));
      throw error;
    }
    if (videos.length > 0) this.videoJobs?.kick();
    await this.infra.events.publish({
      type: 'message.sent',
      messageId: row.id,
      conversationId,
      senderId: viewerId,
      recipientIds: [...others, ...returning],
    });
    const [message] = await this.toMessages(viewerId, [row], members, stored);
    if (!message) throw notFound();
    return message;
  }

  async read(viewerId: string, conversationId: string): Promise<void> {
    await this.requireMember(viewerId, conversationId);
    await repo.updateMembership(this.db, conversationId, viewerId, { last_read_at: nowIso() });
    await this.changed(conversationId, viewerId);
  }

  async accept(viewerId: string, conversationId: string): Promise<Conversation> {
    await this.requireMember(viewerId, conversationId);
    await repo.updateMembership(this.db, conversationId, viewerId, { is_request: 0 });
    await this.changed(conversationId, viewerId);
    return this.conversation(viewerId, conversationId);
  }

  async mute(viewerId: string, conversationId: string, muted: boolean): Promise<Conversation> {
    await this.requireMember(viewerId, conversationId);
    await repo.updateMembership(this.db, conversationId, viewerId, { muted: muted ? 1 : 0 });
    await this.changed(conversationId, viewerId);
    return this.conversation(viewerId, conversationId);
  }

  async leave(viewerId: string, conversationId: string): Promise<void> {
    await this.requireMember(viewerId, conversationId);
    await this.db.transaction().execute(async (trx) => {
      await repo.deleteMember(trx, conversationId, viewerId);
      await repo.deleteConversationIfEmpty(trx, conversationId);
    });
    await this.changed(conversationId, viewerId);
  }

  /** Unsends a message for everyone: only its sender may. */
  async unsend(viewerId: string, messageId: string): Promise<void> {
    const message = await repo.findMessage(this.db, messageId);
    if (!message) throw notFound();
    await this.requireMember(viewerId, message.conversation_id);
    if (message.sender_id !== viewerId)
      throw new AppError('forbidden', directMessageTexts.notYourMessage);
    await this.remove(message);
  }

  /** A reported message removed by an admin: gone for everyone, as if unsent. */
  async removeByAdmin(messageId: string): Promise<void> {
    const message = await repo.findMessage(this.db, messageId);
    if (!message) throw notFound();
    await this.remove(message);
  }

  private async remove(message: { id: string; conversation_id: string }): Promise<void> {
    const messageId = message.id;
    const keys = await images.listMessageFileKeys(this.db, messageId);
    await repo.deleteMessage(this.db, messageId);
    await this.infra.storage.discard(keys);
    const members = await repo.listMembers(this.db, [message.conversation_id]);
    await this.infra.events.publish({
      type: 'messages.changed',
      conversationId: message.conversation_id,
      userIds: members.map((member) => member.user_id),
    });
  }

  async setMessaging(viewerId: string, settings: MessagingSettings): Promise<MessagingSettings> {
    await updateProfile(this.db, viewerId, { allow_messages_from: settings.allow_from });
    return settings;
  }

  private async changed(conversationId: string, userId: string): Promise<void> {
    await this.infra.events.publish({
      type: 'messages.changed',
      conversationId,
      userIds: [userId],
    });
  }

  private async requireMember(viewerId: string, conversationId: string): Promise<Membership> {
    return requireConversationMember(this.db, viewerId, conversationId);
  }

  private async summaries(viewerId: string, ids: readonly string[]) {
    const unique = [...new Set(ids)];
    const [people, followed] = await Promise.all([
      repo.findPeople(this.db, unique),
      followedAmong(this.db, viewerId, unique),
    ]);
    return new Map<string, ProfileSummary>(
      people.map((person) => [
        person.id,
        toProfileSummary(person, this.infra.storage, followed.has(person.id)),
      ]),
    );
  }

  private async toConversations(
    viewerId: string,
    rows: readonly repo.ConversationRow[],
  ): Promise<Conversation[]> {
    const ids = rows.map((row) => row.id);
    const [members, lasts, unread] = await Promise.all([
      repo.listMembers(this.db, ids),
      repo.lastMessages(this.db, ids),
      repo.unreadCounts(this.db, viewerId, ids),
    ]);
    const people = await this.summaries(
      viewerId,
      members.map((member) => member.user_id),
    );
    const lastMessages = await this.toMessages(viewerId, lasts, members);
    return rows.map((row) => ({
      id: row.id,
      participants: members
        .filter((member) => member.conversation_id === row.id && member.user_id !== viewerId)
        .flatMap((member) => people.get(member.user_id) ?? []),
      is_group: Boolean(row.is_group),
      name: row.name,
      last_message:
        lastMessages.find(
          (message) => lasts.find((last) => last.id === message.id)?.conversation_id === row.id,
        ) ?? null,
      unread_count: unread.get(row.id) ?? 0,
      is_request: Boolean(row.is_request),
      muted: Boolean(row.muted),
      updated_at: row.updated_at,
    }));
  }

  private async toMessages(
    viewerId: string,
    rows: readonly repo.MessageRow[],
    members: readonly { conversation_id: string; user_id: string; last_read_at: string | null }[],
    known?: readonly MessageImage[],
  ): Promise<Message[]> {
    const postIds = rows.flatMap((row) => (row.post_id ? [row.post_id] : []));
    const storyIds = [...new Set(rows.flatMap((row) => (row.story_id ? [row.story_id] : [])))];
    const [posts, stories, photos] = await Promise.all([
      repo.findSharedPosts(this.db, postIds),
      replyStories(this.infra, viewerId, storyIds),
      known ??
        images.listMessageImages(
          this.db,
          rows.map((row) => row.id),
        ),
    ]);
    const people = await this.summaries(viewerId, [
      ...rows.map((row) => row.sender_id),
      ...members.map((member) => member.user_id),
      ...posts.map((post) => post.user_id),
    ]);
    const urls = mediaUrls(this.infra.storage, this.infra.signer);
    return rows.flatMap(
      (row) => toMessage(row, { people, posts, images: photos, stories, members, urls }) ?? [],
    );
  }
}

import type { Message, MessageStory, ProfileSummary } from '@pinhole/contracts';
import type { MessageRow } from '../repositories/conversations.repository';
import type { MessageImage } from '../repositories/message-images.repository';
import type { MediaUrls } from '../storage/media-urls';

/**
 * A message photo's URL: always through `/storage` on this server, which asks for a
 * participant's session (never the bucket's public URL, never a signed URL that works for
 * whoever holds it).
 */
const privateFileUrl = (key: string) => `/storage/${key}`;

export interface MessageContext {
  people: ReadonlyMap<string, ProfileSummary>;
  posts: readonly { id: string; file_key: string; user_id: string; is_private: number }[];
  images: readonly MessageImage[];
  /** The replied-to stories the reader may see now; any other story id reads as unavailable. */
  stories: ReadonlyMap<string, MessageStory>;
  members: readonly { conversation_id: string; user_id: string; last_read_at: string | null }[];
  urls: MediaUrls;
}

/** A message as the API answers it; null when its sender is gone from view (suspended). */
export function toMessage(row: MessageRow, context: MessageContext): Message | null {
  const { people, posts, images, stories, members, urls } = context;
  const sender = people.get(row.sender_id);
  if (!sender) return null;
  const post = posts.find((candidate) => candidate.id === row.post_id);
  const author = post && people.get(post.user_id);
  return {
    id: row.id,
    sender,
    text: row.text,
    images: images
      .filter((image) => image.message_id === row.id)
      .map((image) => {
        // A video still transcoding: its upload as it came (GPS and all) is never shown.
        const ready = (image.status ?? 'ready') === 'ready';
        return {
          url: ready ? privateFileUrl(image.image_key) : '',
          width: image.width,
          height: image.height,
          placeholder: image.placeholder,
          variants: image.variants.map((variant) => ({
            url: privateFileUrl(variant.key),
            width: variant.width,
            height: variant.height,
          })),
          video:
            ready && image.video_key
              ? { url: privateFileUrl(image.video_key), duration_s: image.duration_s ?? 0 }
              : null,
          status: image.status ?? 'ready',
        };
      }),
    shared_post:
      post && author
        ? {
            id: post.id,
            thumbnail_url: urls.post(post.file_key, Boolean(post.is_private)),
            author,
          }
        : null,
    story:
      row.story_id === null
        ? null
        : (stories.get(row.story_id) ?? {
            id: row.story_id,
            thumbnail_url: null,
            available: false,
          }),
    created_at: row.created_at,
    seen_by: members
      .filter(
        (member) =>
          member.conversation_id === row.conversation_id &&
          member.user_id !== row.sender_id &&
          member.last_read_at !== null &&
          member.last_read_at >= row.created_at,
      )
      .flatMap((member) => people.get(member.user_id) ?? []),
  };
}

import type { Comment, MediaAttachment, Post } from '@pinhole/contracts';
import { hashtagsOf, isRemoteUsername } from '@pinhole/contracts';
import type { CommentRow } from '../repositories/comments.repository';
import type { MediaAttachmentRow } from '../repositories/media-attachments.repository';
import type { PostRow } from '../repositories/posts.repository';
import { isMissingRemoteKey } from '../repositories/remote-posts.repository';
import type { Storage } from '../storage/storage';
import type { MediaUrls } from '../storage/media-urls';
import { avatarUrl } from '../storage/media-urls';
import type { MentionedPeople } from './mentioned-people';
import { mentionsIn } from './mentioned-people';

export function toComment(row: CommentRow, storage: Storage, people: MentionedPeople): Comment {
  return {
    id: row.id,
    post_id: row.post_id,
    user_id: row.user_id,
    content: row.content,
    created_at: row.created_at,
    author: {
      id: row.user_id,
      username: row.author_username,
      avatar_url: avatarUrl(storage, row.author_avatar_key),
    },
    mentions: mentionsIn(row.content, people),
  };
}

/** What differs between readers of the same post. */
export interface ViewerPostState {
  liked: boolean;
  saved: boolean;
}

export const noViewerState: ViewerPostState = { liked: false, saved: false };

/** One attachment as the API answers it (API.md Part 4: `Post.media`). */
export function toMediaAttachment(
  item: MediaAttachmentRow,
  urls: MediaUrls,
  isPrivate: boolean,
): MediaAttachment {
  const variants = item.variants.map((variant) => ({
    url: urls.post(variant.key, isPrivate),
    width: variant.width,
    height: variant.height,
  }));
  const base = {
    id: item.id,
    type: item.type,
    width: item.width,
    height: item.height,
    placeholder: item.placeholder,
    blurhash: item.blurhash,
    alt_text: item.alt_text,
    status: item.status,
    camera: null,
  };
  if (item.type === 'video') {
    // Until transcoded, `file_key` is the upload as it came: never shown. The poster's variants
    // are the poster's; the video itself has one size.
    const ready = item.status === 'ready';
    return {
      ...base,
      url: ready ? urls.post(item.file_key, isPrivate) : '',
      variants: [],
      duration_s: item.duration_s,
      poster:
        ready && item.poster
          ? {
              url: urls.post(item.poster.key, isPrivate),
              width: item.poster.width,
              height: item.poster.height,
              variants,
            }
          : null,
    };
  }
  return {
    ...base,
    // A remote photo not copied here (yet, or any more): its placeholder and no URL at all,
    // never a link to a file that is not there or to the remote server.
    url: isMissingRemoteKey(item.file_key) ? '' : urls.post(item.file_key, isPrivate),
    variants,
    duration_s: null,
    poster: null,
  };
}

/**
 * A post as the API answers it. `media` comes from `media_attachments`, in order; `images`
 * repeats it for older clients, and `image_url` and `image` are its first item, as before posts
 * had several photos. `media` is never empty: a post without any is one being deleted, and the
 * reader leaves it out.
 */
export function toPost(
  row: PostRow,
  attachments: readonly MediaAttachmentRow[],
  urls: MediaUrls,
  state: ViewerPostState,
  commentsPreview: Comment[],
  people: MentionedPeople,
  /** A remote post's page on its own server. */
  remoteUrl: string | null = null,
): Post {
  const isPrivate = Boolean(row.author_is_private);
  const media = attachments.map((item) => toMediaAttachment(item, urls, isPrivate));
  // Older clients know photos only: a video's entry is its poster (empty until transcoded).
  const photos = media.map((item) => ({
    id: item.id,
    url: item.poster ? item.poster.url : item.type === 'video' ? '' : item.url,
    width: item.poster?.width ?? item.width,
    height: item.poster?.height ?? item.height,
    placeholder: item.placeholder,
    variants: item.poster?.variants ?? item.variants,
    alt_text: item.alt_text,
  }));
  const first = photos[0]!;
  return {
    id: row.id,
    user_id: row.user_id,
    image_url: first.url,
    image: {
      width: first.width,
      height: first.height,
      placeholder: first.placeholder,
      variants: first.variants,
    },
    images: photos,
    media,
    caption: row.caption,
    hashtags: row.caption ? hashtagsOf(row.caption) : [],
    mentions: mentionsIn(row.caption, people),
    created_at: row.created_at,
    edited_at: row.edited_at,
    likes_count: Number(row.likes_count),
    comments_count: Number(row.comments_count),
    liked_by_me: state.liked,
    saved_by_me: state.saved,
    author: {
      id: row.user_id,
      username: row.author_username,
      avatar_url: urls.avatar(row.author_avatar_key),
      is_verified: Boolean(row.author_is_verified),
    },
    comments_preview: commentsPreview,
    is_remote: isRemoteUsername(row.author_username),
    remote_url: remoteUrl,
  };
}

/** A post's JSON without what differs between readers and its closing brace: the shared part. */
export function openPostJson({
  liked_by_me: _liked,
  saved_by_me: _saved,
  ...shared
}: Post): string {
  return JSON.stringify(shared).slice(0, -1);
}

/** Joins shared post JSON into a page body (`PostPage`), adding each post's reader state last. */
export function pageJson(
  posts: readonly { id: string; openJson: string }[],
  nextCursor: string | null,
  stateOf: (postId: string) => ViewerPostState,
  head = '',
): string {
  const items = posts.map((post) => {
    const state = stateOf(post.id);
    return `${post.openJson},"liked_by_me":${state.liked},"saved_by_me":${state.saved}}`;
  });
  return `{${head}"posts":[${items.join(',')}],"next_cursor":${JSON.stringify(nextCursor)}}`;
}

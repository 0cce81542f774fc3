import type { Comment, Post } from '@pinhole/contracts';
import type { CommentRow } from '../repositories/comments.repository';
import type { PostRow } from '../repositories/posts.repository';
import type { Storage } from '../storage/storage';
import type { MediaUrls } from './media-urls';
import { avatarUrl } from './media-urls';

export function toComment(row: CommentRow, storage: Storage): Comment {
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
  };
}

export function toPost(
  row: PostRow,
  urls: MediaUrls,
  likedByMe: boolean,
  commentsPreview: Comment[],
): Post {
  const isPrivate = Boolean(row.author_is_private);
  const image = {
    width: row.image_width,
    height: row.image_height,
    placeholder: row.image_placeholder,
    variants: row.image_variants.map((variant) => ({
      url: urls.post(variant.key, isPrivate),
      width: variant.width,
      height: variant.height,
    })),
  };
  const imageUrl = urls.post(row.image_key, isPrivate);
  return {
    id: row.id,
    user_id: row.user_id,
    image_url: imageUrl,
    image,
    images: [{ ...image, id: row.id, url: imageUrl, alt_text: null }],
    caption: row.caption,
    created_at: row.created_at,
    edited_at: null,
    likes_count: Number(row.likes_count),
    comments_count: Number(row.comments_count),
    liked_by_me: likedByMe,
    saved_by_me: false,
    author: {
      id: row.user_id,
      username: row.author_username,
      avatar_url: urls.avatar(row.author_avatar_key),
      is_verified: Boolean(row.author_is_verified),
    },
    comments_preview: commentsPreview,
  };
}

/** A post's JSON without `liked_by_me` and its closing brace: the part every reader shares. */
export function openPostJson({ liked_by_me: _perReader, ...shared }: Post): string {
  return JSON.stringify(shared).slice(0, -1);
}

/** Joins shared post JSON into a page body (`PostPage`), adding each post's `liked_by_me` last. */
export function pageJson(
  posts: readonly { id: string; openJson: string }[],
  nextCursor: string | null,
  likedByMe: (postId: string) => boolean,
): string {
  const items = posts.map((post) => `${post.openJson},"liked_by_me":${likedByMe(post.id)}}`);
  return `{"posts":[${items.join(',')}],"next_cursor":${JSON.stringify(nextCursor)}}`;
}

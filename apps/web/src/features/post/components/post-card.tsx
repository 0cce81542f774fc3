import type { Post } from '@pinhole/contracts';
import type { ReactNode } from 'react';
import { likesLabel } from '@/lib/likes-label';
import { PostLink } from '@/lib/post-link';
import { CommentButton } from './comment-button';
import { LikeButton, useLikeOnDoubleTap } from './like-button';
import { LikesLink } from './likes-link';
import { PostAuthor } from './post-author';
import { PostImage } from './post-image';
import { PostOptions } from './post-options';
import { PostTime } from './post-time';
import { SaveButton } from './save-button';
import { ShareButton } from '@/domain/messages/components/share-button';
import { FoldedText } from '@/components/ui/folded-text';
import { LinkedText } from '@/components/ui/linked-text';
import { ProfileName } from '@/components/ui/profile-name';

interface PostCardProps {
  post: Post;
  /** True for the first post on screen. */
  priority?: boolean;
  /**
   * Draws the comments; the app layer supplies them. Receives the time label, which the spec
   * places between the comments preview and the comment form.
   */
  renderComments?: (time: ReactNode) => ReactNode;
}

export function PostCard({ post, priority = false, renderComments }: PostCardProps) {
  const likes = likesLabel(post.likes_count);
  const likeOnDoubleTap = useLikeOnDoubleTap(post);

  // The time label is the post's permalink, as on Instagram.
  const time = (
    <PostLink postId={post.id} className="self-start hover:underline">
      <PostTime createdAt={post.created_at} editedAt={post.edited_at} />
    </PostLink>
  );

  return (
    <article
      aria-label={`Post by ${post.author.username}`}
      className="border-b border-line bg-white pb-3 sm:rounded-lg sm:border"
    >
      <header className="flex items-center gap-3 px-3 py-1.5">
        <PostAuthor author={post.author} />
        <PostOptions post={post} />
      </header>
      <PostImage post={post} priority={priority} onDoubleTap={likeOnDoubleTap} fit="cover" />
      <div className="flex flex-col gap-1.5 px-3 pt-1.5">
        <div className="-ml-2 flex items-center">
          <LikeButton post={post} />
          <CommentButton postId={post.id} />
          <ShareButton postId={post.id} />
          <SaveButton post={post} />
        </div>
        {likes && <LikesLink postId={post.id} label={likes} />}
        {post.caption && <PostCaption post={post} />}
        {renderComments ? renderComments(time) : time}
      </div>
    </article>
  );
}

/** Folded after two lines with "… more" (Instagram); the post's own page shows it whole. */
export function PostCaption({ post }: { post: Post }) {
  return (
    <FoldedText className="text-sm break-words whitespace-pre-line">
      <ProfileName username={post.author.username} />{' '}
      <LinkedText text={post.caption ?? ''} mentions={post.mentions} />
    </FoldedText>
  );
}

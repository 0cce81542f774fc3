import { postPageImageSizes, type Post } from '@pinhole/contracts';
import type { CSSProperties, ReactNode } from 'react';
import { LinkedText } from '@/components/ui/linked-text';
import { ProfileName } from '@/components/ui/profile-name';
import { likesLabel } from '@/lib/likes-label';
import { CommentButton } from './comment-button';
import { LikeButton, useLikeOnDoubleTap } from './like-button';
import { LikesLink } from './likes-link';
import { PostAuthor } from './post-author';
import { boxRatio, PostImage } from './post-image';
import { PostOptions } from './post-options';
import { PostTime } from './post-time';
import { SaveButton } from './save-button';
import { ShareButton } from '@/domain/messages/components/share-button';

/** Instagram's column beside the photo; with the photo's 600 px it fills a 935 px page. */
const sideWidth = '335px';

interface PostDetailProps {
  post: Post;
  /** A page of its own (`/p/:id`), or a dialog over the page it was opened from. */
  variant: 'page' | 'dialog';
  /** Every comment and the comment form; the app layer supplies them (another feature). */
  comments: ReactNode;
  commentForm: ReactNode;
  /** After its author deleted it: the page or dialog leaves. */
  onDeleted?: () => void;
}

/**
 * One post with all its comments. Wide screens put the photo on the left and a column on the
 * right whose height follows the photo's (the comments scroll inside it); phones stack it all
 * like a feed post.
 */
export function PostDetail({ post, variant, comments, commentForm, onDeleted }: PostDetailProps) {
  const likes = likesLabel(post.likes_count);
  const likeOnDoubleTap = useLikeOnDoubleTap(post);
  const ratio = boxRatio(post.image);
  // The photo is 600 px wide at most, leaves room for the column, and in a dialog also fits the
  // screen's height (the column then matches it).
  const imageWidth =
    variant === 'dialog'
      ? `min(600px, calc(100vw - ${sideWidth} - 4rem), calc((100dvh - 4rem) * ${ratio}))`
      : `min(600px, calc(100% - ${sideWidth}))`;
  const header = (
    <header className="flex items-center gap-3 border-line px-3 py-1.5 md:border-b">
      <PostAuthor author={post.author} />
      <PostOptions post={post} onDeleted={onDeleted} onItsPage={variant === 'page'} />
    </header>
  );

  return (
    <article
      aria-label={`Post by ${post.author.username}`}
      className={`flex flex-col bg-white md:flex-row ${variant === 'page' ? 'mx-auto w-full max-w-[600px] md:max-w-[935px] md:border md:border-line' : ''}`}
      style={{ '--image-width': imageWidth, '--side-width': sideWidth } as CSSProperties}
    >
      <div className="md:hidden">{header}</div>
      <div className="flex items-center bg-black md:min-h-[450px] md:w-(--image-width) md:shrink-0">
        <PostImage
          post={post}
          priority
          sizes={postPageImageSizes}
          onDoubleTap={likeOnDoubleTap}
          className="bg-neutral-900"
        />
      </div>
      <div className="relative md:w-(--side-width) md:shrink-0 md:border-l md:border-line">
        <div className="flex flex-col md:absolute md:inset-0">
          <div className="hidden md:block">{header}</div>
          <div className="order-2 flex flex-col gap-2 px-3 py-2 md:order-none md:min-h-0 md:flex-1 md:overflow-y-auto md:py-3">
            {post.caption && (
              <p className="text-sm break-words whitespace-pre-line">
                <ProfileName username={post.author.username} />{' '}
                <LinkedText text={post.caption} mentions={post.mentions} />
              </p>
            )}
            {comments}
          </div>
          <div className="order-1 flex flex-col gap-1 px-3 pt-1.5 md:order-none md:border-t md:border-line">
            <div className="-ml-2 flex items-center">
              <LikeButton post={post} />
              <CommentButton postId={post.id} onItsPage />
              <ShareButton postId={post.id} />
              <SaveButton post={post} />
            </div>
            {likes && <LikesLink postId={post.id} label={likes} />}
          </div>
          <div className="order-3 flex flex-col px-3 pb-3 md:order-none">
            <PostTime createdAt={post.created_at} editedAt={post.edited_at} />
            {commentForm}
          </div>
        </div>
      </div>
    </article>
  );
}

import { limits, type Comment, type Post } from '@pinhole/contracts';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { useHoldDraft } from '@/components/ui/discard-guard';
import { MentionField } from '@/components/ui/mention-field';
import { LinkedText } from '@/components/ui/linked-text';
import { ProfileName } from '@/components/ui/profile-name';
import { useAuth } from '@/lib/auth/use-auth';
import { useAddComment } from '@/features/comments/api/add-comment';
import { useComments } from '@/features/comments/api/get-comments';
import { CommentMenu } from './comment-menu';
import { formatCount } from '@/lib/format';
import { PostLink } from '@/lib/post-link';

interface CommentsSectionProps {
  post: Post;
  /** Drawn between the comments and the form (the post's time label). */
  beforeForm?: ReactNode;
}

export function CommentsSection({ post, beforeForm }: CommentsSectionProps) {
  // Comments this reader just wrote stay visible even when the preview is already full.
  const [justPosted, setJustPosted] = useState<Comment[]>([]);

  const preview = post.comments_preview.slice(0, limits.commentsPreviewCount);
  const shown = [
    ...preview,
    ...justPosted.filter((mine) => !preview.some((c) => c.id === mine.id)),
  ];
  const forgetMine = (commentId: string) =>
    setJustPosted((mine) => mine.filter((comment) => comment.id !== commentId));

  return (
    <>
      {/* Opens the post, where every comment is (a dialog on wide screens, its page on phones),
          as on Instagram: a long thread unrolled inside the feed pushed every post below away. */}
      {post.comments_count > limits.commentsPreviewCount && (
        <PostLink postId={post.id} className="self-start text-sm text-muted hover:text-neutral-900">
          View all {formatCount(post.comments_count)} comments
        </PostLink>
      )}
      <CommentList comments={shown} post={post} onDeleted={forgetMine} />
      {beforeForm}
      <CommentForm
        postId={post.id}
        onPosted={(comment) => setJustPosted((mine) => [...mine, comment])}
      />
    </>
  );
}

/**
 * Every comment of a post, for its own page: the preview at once, the whole list once loaded
 * (the list grows as the reader comments, through the comments cache). Here someone else's
 * comment may also be reported.
 */
export function PostComments({ post }: { post: Post }) {
  const { data: allComments } = useComments(post.id, true);
  return (
    <CommentList
      comments={allComments ?? post.comments_preview}
      post={post}
      reportable
      withAvatars
    />
  );
}

interface CommentListProps {
  comments: Comment[];
  post: Post;
  onDeleted?: (commentId: string) => void;
  /** On the post's own page each comment has its author's picture, as the post header does. */
  withAvatars?: boolean;
  /** Someone else's comment can be reported (the post's page, not the feed's preview). */
  reportable?: boolean;
}

function CommentList({
  comments,
  post,
  onDeleted,
  withAvatars = false,
  reportable = false,
}: CommentListProps) {
  const viewerId = useAuth().user?.id;
  if (comments.length === 0) return null;
  return (
    <ul className={`flex flex-col ${withAvatars ? 'gap-3' : 'gap-0.5'}`} aria-label="Comments">
      {comments.map((comment) => {
        const text = (
          <>
            <ProfileName username={comment.author.username} />{' '}
            <LinkedText text={comment.content} mentions={comment.mentions} />
            {viewerId && (
              <CommentMenu
                comment={comment}
                canDelete={viewerId === comment.user_id || viewerId === post.user_id}
                canReport={reportable && viewerId !== comment.user_id}
                onDeleted={onDeleted}
              />
            )}
          </>
        );
        return withAvatars ? (
          <li key={comment.id} className="flex items-start gap-3 text-sm">
            <Avatar name={comment.author.username} src={comment.author.avatar_url} size={32} />
            <p className="min-w-0 pt-1.5 break-words whitespace-pre-line">{text}</p>
          </li>
        ) : (
          <li key={comment.id} className="text-sm break-words whitespace-pre-line">
            {text}
          </li>
        );
      })}
    </ul>
  );
}

/** The spec's comment form, for readers who are signed in. */
export function CommentForm({
  postId,
  onPosted,
}: {
  postId: string;
  onPosted?: (comment: Comment) => void;
}) {
  const signedIn = useAuth().user !== null;
  if (!signedIn) return null;
  return <SignedInCommentForm postId={postId} onPosted={onPosted} />;
}

function SignedInCommentForm({
  postId,
  onPosted,
}: {
  postId: string;
  onPosted?: (comment: Comment) => void;
}) {
  const inputId = useId();
  const [text, setText] = useState('');
  const { mutate, isPending } = useAddComment(postId);
  const trimmed = text.trim();
  // Closing the post's dialog with words here asks "Discard comment?" first.
  useHoldDraft('comment', trimmed !== '');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (trimmed === '' || isPending) return;
    mutate(trimmed, {
      onSuccess: (comment) => {
        setText('');
        onPosted?.(comment);
      },
    });
  };

  return (
    <form onSubmit={submit} className="mt-1 flex items-center gap-2 border-t border-line pt-2">
      <label htmlFor={inputId} className="sr-only">
        Add a comment
      </label>
      <MentionField
        id={inputId}
        value={text}
        onValueChange={setText}
        placeholder="Add a comment..."
        maxLength={limits.commentMaxLength}
        disabled={isPending}
        autoComplete="off"
        wrapperClassName="min-w-0 flex-1"
        // The page's focus ring (index.css), kept: without it a keyboard reader could not tell
        // the box was the one typing would go into. `data-comment-box`: the post's speech bubble
        // brings the focus here.
        data-comment-box
        className="w-full rounded-sm bg-transparent px-1 py-1 text-sm disabled:opacity-60"
      />
      <button
        type="submit"
        disabled={trimmed === '' || isPending}
        className="text-sm font-semibold text-brand hover:text-brand-dark disabled:cursor-default disabled:opacity-40"
      >
        {isPending ? 'Posting...' : 'Post'}
      </button>
    </form>
  );
}

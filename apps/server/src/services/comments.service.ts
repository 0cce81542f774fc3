import type { Comment } from '@pinhole/contracts';
import { messages } from '@pinhole/contracts';
import type { Infrastructure } from '../context';
import { AppError, notFound } from '../errors';
import { newId, nowIso } from '../ids';
import {
  deleteComment,
  findCommentById,
  findCommentOwners,
  insertComment,
  listComments,
  updateCommentContent,
} from '../repositories/comments.repository';
import { addToCommentsCount } from '../repositories/posts.repository';
import { findPostParties } from '../repositories/remote-people.repository';
import { findMentionedPeople } from '../views/mentioned-people';
import { toComment } from '../views/post-json';
import { requireVisiblePost } from '../policies/visibility';

export class CommentsService {
  constructor(private readonly infra: Infrastructure) {}

  private get db() {
    return this.infra.database.db;
  }

  /** Every comment of a post, oldest first. */
  async list(postId: string, viewerId: string | null): Promise<Comment[]> {
    await requireVisiblePost(this.db, postId, viewerId);
    const rows = await listComments(this.db, postId, viewerId);
    const people = await findMentionedPeople(
      this.db,
      rows.map((row) => row.content),
    );
    return rows.map((row) => toComment(row, this.infra.storage, people));
  }

  /** Adds a comment and moves the post's counter in the same transaction. */
  async add(postId: string, userId: string, content: string): Promise<Comment> {
    const id = newId();
    const parties = await this.db.transaction().execute(async (trx) => {
      await requireVisiblePost(trx, postId, userId);
      await insertComment(trx, {
        id,
        post_id: postId,
        user_id: userId,
        content,
        created_at: nowIso(),
      });
      await addToCommentsCount(trx, postId, 1);
      // Where the comment goes besides here (a remote post's server), for its event.
      const parties = await findPostParties(trx, postId, userId);
      if (!parties) throw notFound();
      return parties;
    });
    await this.infra.events.publish({
      type: 'comment.added',
      commentId: id,
      postId,
      userId,
      commenterRemote: parties.actorRemote,
      authorRemote: parties.authorRemote,
    });
    const people = await findMentionedPeople(this.db, [content]);
    return toComment(await findCommentById(this.db, id), this.infra.storage, people);
  }

  /**
   * Deletes a comment: its author or the post's author may. 404 when it does not exist (a
   * second delete) or its post is out of the viewer's sight; the post's counter moves with it,
   * and its notifications go with it (the foreign key cascades).
   */
  async remove(commentId: string, userId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const owners = await findCommentOwners(trx, commentId);
      if (!owners) throw notFound();
      await requireVisiblePost(trx, owners.post_id, userId);
      if (owners.user_id !== userId && owners.post_author_id !== userId) {
        throw new AppError('forbidden', messages.notYourComment);
      }
      if (!(await deleteComment(trx, commentId))) throw notFound();
      await addToCommentsCount(trx, owners.post_id, -1);
    });
  }

  /**
   * A comment's new text, by its author only: a remote person edits their reply on their own
   * server. Nobody is told again (as Mastodon does not notify an edit).
   */
  async edit(commentId: string, userId: string, content: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const owners = await findCommentOwners(trx, commentId);
      if (!owners) throw notFound();
      if (owners.user_id !== userId) throw new AppError('forbidden', messages.notYourComment);
      if (!(await updateCommentContent(trx, commentId, content))) throw notFound();
    });
  }

  /** An admin removing a reported comment: the counter moves as in `remove`. */
  async removeByAdmin(commentId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const found = await findCommentOwners(trx, commentId);
      if (!found || !(await deleteComment(trx, commentId))) throw notFound();
      await addToCommentsCount(trx, found.post_id, -1);
    });
  }
}

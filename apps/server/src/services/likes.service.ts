import type { LikeResult, ProfileListQuery, ProfileSummaryPage } from '@pinhole/contracts';
import type { Infrastructure } from '../context';
import { notFound } from '../errors';
import { newId, nowIso } from '../ids';
import {
  deleteLike,
  insertLike,
  listLikers,
  setLikeInOneStatement,
} from '../repositories/likes.repository';
import { notifyOfLike } from '../repositories/notification-records.repository';
import { deleteLikeNotification } from '../repositories/notifications.repository';
import { addToLikesCount, getLikesCount } from '../repositories/posts.repository';
import { findPostParties } from '../repositories/remote-people.repository';
import { peoplePage } from '../views/people-page';
import { requireVisiblePost } from '../policies/visibility';

export class LikesService {
  constructor(private readonly infra: Infrastructure) {}

  /**
   * Sets or clears the viewer's like. Idempotent; the counter moves only when a row was really
   * added or removed, in the same transaction, so it always equals the number of like rows. The
   * author's notification is written (or removed) in that transaction too, not by a subscriber
   * after it: a like is the busiest write, and on PostgreSQL that saved a round trip per like and
   * the row hold a later write needed against an unlike committing in between. The same
   * statement tells whether the liker or the author is of another server, so the event carries it
   * and nothing reads it again to decide where the like goes.
   */
  async set(postId: string, userId: string, liked: boolean): Promise<LikeResult> {
    const { changed, likesCount, likerRemote, authorRemote } =
      this.infra.database.dialect === 'postgres'
        ? await this.#setInOneStatement(postId, userId, liked)
        : await this.#setInTransaction(postId, userId, liked);
    if (changed) {
      await this.infra.events.publish({
        type: liked ? 'like.added' : 'like.removed',
        postId,
        userId,
        likesCount,
        likerRemote,
        authorRemote,
      });
    }
    return { liked, likes_count: likesCount };
  }

  /** PostgreSQL: access check, like row and counter in one statement, one round trip. */
  async #setInOneStatement(postId: string, userId: string, liked: boolean) {
    const outcome = await setLikeInOneStatement(this.infra.database.db, {
      id: newId(),
      notificationId: newId(),
      postId,
      userId,
      createdAt: nowIso(),
      liked,
    });
    if (!outcome?.visible) throw notFound();
    return outcome;
  }

  /** SQLite has no writing CTEs; its statements are calls into the process, not round trips. */
  async #setInTransaction(postId: string, userId: string, liked: boolean) {
    return this.infra.database.db.transaction().execute(async (trx) => {
      await requireVisiblePost(trx, postId, userId);
      const parties = await findPostParties(trx, postId, userId);
      if (!parties) throw notFound();
      const createdAt = nowIso();
      const changed = liked
        ? await insertLike(trx, {
            id: newId(),
            post_id: postId,
            user_id: userId,
            created_at: createdAt,
          })
        : await deleteLike(trx, postId, userId);
      // A remote author reads their notifications on their own server, which hears the Like.
      if (changed && liked && !parties.authorRemote) {
        await notifyOfLike(trx, { id: newId(), actorId: userId, postId, createdAt });
      } else if (changed) {
        await deleteLikeNotification(trx, userId, postId);
      }
      const likesCount = changed
        ? await addToLikesCount(trx, postId, liked ? 1 : -1)
        : await getLikesCount(trx, postId);
      if (likesCount === undefined) throw notFound();
      return {
        changed,
        likesCount,
        likerRemote: parties.actorRemote,
        authorRemote: parties.authorRemote,
      };
    });
  }

  /**
   * Who liked a post, newest like first: 404 when the viewer may not see the post (as
   * `GET /api/posts/:id` answers), without suspended people and those hidden from the viewer.
   */
  async likers(
    postId: string,
    viewerId: string | null,
    query: ProfileListQuery,
  ): Promise<ProfileSummaryPage> {
    const db = this.infra.database.db;
    await requireVisiblePost(db, postId, viewerId);
    return peoplePage(db, this.infra.storage, query, viewerId, (options) =>
      listLikers(db, postId, { ...options, viewerId }),
    );
  }
}

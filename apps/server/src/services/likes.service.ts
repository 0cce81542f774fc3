import type { LikeResult, ProfileListQuery, ProfileSummaryPage } from '@pinhole/contracts';
import type { Infrastructure } from '../context';
import { notFound } from '../errors';
import { newId, nowIso } from '../ids';
import { setLike } from '../repositories/like-writes.repository';
import { listLikers } from '../repositories/likes.repository';
import { peoplePage } from '../views/people-page';
import { requireVisiblePost } from '../policies/visibility';

export class LikesService {
  constructor(private readonly infra: Infrastructure) {}

  /**
   * Sets or clears the viewer's like. Idempotent; the counter moves only when a row was really
   * added or removed, in the same transaction, so it always equals the number of like rows. The
   * author's notification is written (or removed) in that transaction too, not by a subscriber
   * after it: a like is the busiest write, and on PostgreSQL that saved a round trip per like and
   * the row hold a later write needed against an unlike committing in between. The repository
   * picks the statements for the database it runs on (repositories/like-writes.repository.ts).
   * The same write tells whether the liker or the author is of another server, so the event
   * carries it and nothing reads it again to decide where the like goes.
   */
  async set(postId: string, userId: string, liked: boolean): Promise<LikeResult> {
    const outcome = await setLike(this.infra.database.db, {
      id: newId(),
      notificationId: newId(),
      postId,
      userId,
      createdAt: nowIso(),
      liked,
    });
    if (!outcome?.visible) throw notFound();
    const { changed, likeId, likesCount, likerRemote, authorRemote } = outcome;
    if (changed && likeId) {
      await this.infra.events.publish({
        type: liked ? 'like.added' : 'like.removed',
        postId,
        userId,
        likeId,
        likesCount,
        likerRemote,
        authorRemote,
      });
    }
    return { liked, likes_count: likesCount };
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

import type { PostPage, SaveResult, SavedPostsQuery } from '@pinhole/contracts';
import { limits } from '@pinhole/contracts';
import type { Infrastructure } from '../context';
import { nowIso } from '../ids';
import { listSavedPosts } from '../repositories/posts.repository';
import { deleteSave, insertSave } from '../repositories/saves.repository';
import { decodeCursor, encodeCursor } from '../pagination/post-cursor';
import type { PostReadsService } from './post-reads.service';
import { requireVisiblePost } from '../policies/visibility';

/** Posts people save to look at again; only ever seen by the one who saved them. */
export class SavesService {
  constructor(
    private readonly infra: Infrastructure,
    private readonly postReads: PostReadsService,
  ) {}

  /** Saves or unsaves a post the viewer may see. Idempotent. */
  async set(postId: string, userId: string, saved: boolean): Promise<SaveResult> {
    await this.infra.database.db.transaction().execute(async (trx) => {
      await requireVisiblePost(trx, postId, userId);
      if (saved) await insertSave(trx, { user_id: userId, post_id: postId, created_at: nowIso() });
      else await deleteSave(trx, userId, postId);
    });
    return { saved };
  }

  /**
   * The viewer's saved posts, newest saved first. Posts of a private account the viewer no
   * longer follows are left out (and come back if they follow again); deleted posts took their
   * saves with them. Not cached: one person's list, read when they open it.
   */
  async list(userId: string, query: SavedPostsQuery): Promise<PostPage> {
    const limit = query.limit ?? limits.savedDefaultLimit;
    const after = query.cursor !== undefined ? decodeCursor(query.cursor) : undefined;
    const rows = await listSavedPosts(this.infra.database.db, userId, { limit: limit + 1, after });
    const pageRows = rows.slice(0, limit);
    const last = pageRows.at(-1);
    const nextCursor =
      rows.length > limit && last ? encodeCursor({ createdAt: last.saved_at, id: last.id }) : null;
    return { posts: await this.postReads.forViewer(pageRows, userId), next_cursor: nextCursor };
  }
}

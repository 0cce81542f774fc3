import type {
  Report,
  ReportInput,
  ReportPreview,
  ReportResolution,
  ReportsPage,
  ReportsQuery,
} from '@pinhole/contracts';
import { limits, pagePaths } from '@pinhole/contracts';
import type { Infrastructure } from '../context';
import { AppError, notFound } from '../errors';
import { newId, nowIso } from '../ids';
import { findProfileById } from '../repositories/profiles.repository';
import {
  findCommentTarget,
  findPeople,
  findPostTarget,
  findReport,
  insertReportOnce,
  listReports,
  resolveReportsOn,
  type ReportRow,
} from '../repositories/reports.repository';
import { storedVariants } from '../repositories/stored-variants';
import type { CommentsService } from './comments.service';
import type { MessagesService } from './messages.service';
import { findMessage } from '../repositories/conversations.repository';
import { requireConversationMember } from '../policies/conversation-access';
import { mediaUrls } from '../storage/media-urls';
import { audit, type ModerationService } from './moderation.service';
import { decodeCursor, encodeCursor } from '../pagination/post-cursor';
import type { PostEditsService } from './post-edits.service';
import { toProfileSummary } from '../views/profile-summary';
import { canSeeContentOf } from '../policies/visibility';

type Target = { type: Report['target_type']; id: string };

/** Reports from members, and the admin queue that answers them. */
export class ReportsService {
  constructor(
    private readonly infra: Infrastructure,
    private readonly moderation: ModerationService,
    private readonly postEdits: PostEditsService,
    private readonly comments: CommentsService,
    private readonly messages: MessagesService,
  ) {}

  private get db() {
    return this.infra.database.db;
  }

  /**
   * Whose content the target is, when the reporter may see it; 404 otherwise (a report cannot
   * tell whether a hidden post exists).
   */
  async #authorOf(target: Target, viewerId: string): Promise<string> {
    if (target.type === 'post') {
      const post = await findPostTarget(this.db, target.id);
      if (!post) throw notFound();
      const owner = {
        id: post.author_id,
        is_private: post.is_private,
        suspended_at: post.suspended_at,
      };
      if (!(await canSeeContentOf(this.db, viewerId, owner))) throw notFound();
      return post.author_id;
    }
    if (target.type === 'comment') {
      const comment = await findCommentTarget(this.db, target.id);
      if (!comment || comment.suspended_at !== null) throw notFound();
      const owner = {
        id: comment.post_author_id,
        is_private: comment.post_author_is_private,
        suspended_at: comment.post_author_suspended_at,
      };
      if (!(await canSeeContentOf(this.db, viewerId, owner))) throw notFound();
      return comment.author_id;
    }
    if (target.type === 'message') {
      // Only someone in the conversation can report one of its messages (and so show it).
      const message = await findMessage(this.db, target.id);
      if (!message) throw notFound();
      await requireConversationMember(this.db, viewerId, message.conversation_id);
      return message.sender_id;
    }
    const profile = await findProfileById(this.db, target.id);
    if (!profile || profile.suspended_at !== null) throw notFound();
    return profile.id;
  }

  /**
   * One report per reporter and target (the table's key decides, so two quick clicks make one).
   * Reporting your own post, comment or profile is refused with 400: it can only be a mistake.
   */
  async report(input: ReportInput, reporterId: string): Promise<{ id: string; created: boolean }> {
    const target = { type: input.target_type, id: input.target_id };
    const authorId = await this.#authorOf(target, reporterId);
    if (authorId === reporterId) {
      throw new AppError('validation_error', "You can't report your own content");
    }
    const result = await insertReportOnce(this.db, {
      id: newId(),
      reporter_id: reporterId,
      target_type: target.type,
      target_id: target.id,
      target_user_id: authorId,
      reason: input.reason,
      note: input.note || null,
      resolution: null,
      resolved_by: null,
      resolved_at: null,
      created_at: nowIso(),
    });
    // Sent on (as a Flag) only when the author is on another server: federation/flags.ts.
    if (input.forward) {
      await this.infra.events.publish({ type: 'report.forwarded', reportId: result.id });
    }
    return result;
  }

  /**
   * Another server's report (a `Flag`) of a local post or person, by that server's actor. It saw
   * the content on its side: no visibility check here. Unknown targets are ignored.
   */
  async reportFromServer(
    reporterId: string,
    target: { type: 'post' | 'profile'; id: string },
    note: string | null,
  ): Promise<void> {
    const authorId =
      target.type === 'post'
        ? (await findPostTarget(this.db, target.id))?.author_id
        : (await findProfileById(this.db, target.id))?.id;
    if (!authorId) return;
    await insertReportOnce(this.db, {
      id: newId(),
      reporter_id: reporterId,
      target_type: target.type,
      target_id: target.id,
      target_user_id: authorId,
      reason: 'other',
      note,
      resolution: null,
      resolved_by: null,
      resolved_at: null,
      created_at: nowIso(),
    });
  }

  async list(query: ReportsQuery): Promise<ReportsPage> {
    const limit = query.limit ?? limits.listDefaultLimit;
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    const rows = await listReports(this.db, query.status, limit + 1, after);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      reports: await Promise.all(page.map((row) => this.#toReport(row))),
      next_cursor:
        rows.length > limit && last
          ? encodeCursor({ createdAt: last.created_at, id: last.id })
          : null,
    };
  }

  /**
   * Applies the decision and resolves every open report on the same target, with one audit
   * line. Removing content uses the authors' own delete paths (files, counters, caches); for a
   * profile it suspends. Resolving an already resolved report answers it as it is.
   */
  async resolve(reportId: string, action: ReportResolution, adminId: string): Promise<Report> {
    const report = await findReport(this.db, reportId);
    if (!report) throw notFound();
    if (report.status === 'open') {
      const target: Target = { type: report.target_type, id: report.target_id };
      const suspends =
        action === 'suspend_author' || (action === 'remove_content' && target.type === 'profile');
      if (suspends) await this.moderation.suspend(report.target_user_id, adminId);
      else if (action === 'remove_content') await this.#remove(target);
      await this.db.transaction().execute(async (trx) => {
        await resolveReportsOn(trx, target, action, adminId, nowIso());
        await audit(trx, adminId, {
          action: `report.${action}`,
          targetType: target.type,
          targetId: target.id,
          summary: `${action.replace('_', ' ')} on a ${target.type} reported for ${report.reason}`,
        });
      });
    }
    const resolved = await findReport(this.db, reportId);
    if (!resolved) throw notFound();
    return this.#toReport(resolved);
  }

  /** Already gone (its author deleted it) is fine: the decision still stands. */
  async #remove(target: Target): Promise<void> {
    try {
      if (target.type === 'post') await this.postEdits.removeByAdmin(target.id);
      else if (target.type === 'message') await this.messages.removeByAdmin(target.id);
      else await this.comments.removeByAdmin(target.id);
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'not_found')) throw error;
    }
  }

  async #toReport(row: ReportRow): Promise<Report> {
    const storage = this.infra.storage;
    return {
      id: row.id,
      target_type: row.target_type,
      target_id: row.target_id,
      reason: row.reason,
      note: row.note,
      reporter: toProfileSummary(
        {
          id: row.reporter_id,
          username: row.reporter_username,
          full_name: row.reporter_full_name,
          avatar_key: row.reporter_avatar_key,
          is_verified: row.reporter_is_verified,
        },
        storage,
        false,
      ),
      target_preview: await this.#preview(row),
      created_at: row.created_at,
      status: row.status,
      resolution: row.resolution,
    };
  }

  async #preview(row: ReportRow): Promise<ReportPreview> {
    const [author] = await findPeople(this.db, [row.target_user_id]);
    if (!author) return null;
    const summary = toProfileSummary(author, this.infra.storage, false);
    const urls = mediaUrls(this.infra.storage, this.infra.signer);
    if (row.target_type === 'post') {
      const post = await findPostTarget(this.db, row.target_id);
      if (!post) return null;
      const smallest = storedVariants.decode(post.cover_variants)[0];
      return {
        text: post.text,
        image_url: smallest ? urls.post(smallest.key, Boolean(post.is_private)) : null,
        author: summary,
        href: pagePaths.post.to(post.id),
      };
    }
    if (row.target_type === 'comment') {
      const comment = await findCommentTarget(this.db, row.target_id);
      if (!comment) return null;
      return {
        text: comment.text,
        image_url: null,
        author: summary,
        href: pagePaths.post.to(comment.post_id),
      };
    }
    if (row.target_type === 'message') {
      // What was reported is shown to the admin: its text (its photos stay private).
      const message = await findMessage(this.db, row.target_id);
      if (!message) return null;
      return {
        text: message.text,
        image_url: null,
        author: summary,
        href: pagePaths.profile.to(author.username),
      };
    }
    const text = [author.full_name, author.bio].filter(Boolean).join('\n');
    return {
      text: text || null,
      image_url: urls.avatar(author.avatar_key),
      author: summary,
      href: pagePaths.profile.to(author.username),
    };
  }
}

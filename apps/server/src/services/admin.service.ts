import { randomBytes } from 'node:crypto';
import type {
  AdminStats,
  AdminUsersPage,
  AdminUsersQuery,
  CreateInviteInput,
  Invite,
} from '@pinhole/contracts';
import { limits } from '@pinhole/contracts';
import type { Infrastructure } from '../context';
import { nowIso } from '../ids';
import { insertInvite, listLiveInvites } from '../repositories/invites.repository';
import { instanceCounts, listAdminUsers } from '../repositories/moderation.repository';
import { bucketName } from '../storage/storage';
import { avatarUrl } from '../storage/media-urls';
import { audit, type Actor } from './moderation.service';
import { decodeCursor, encodeCursor } from '../pagination/post-cursor';

const dayMs = 24 * 60 * 60 * 1000;
/** Enough for any admin's list of live invites; older ones are past use anyway. */
const invitesShown = 200;
/** Files looked up at once while adding up what storage holds. */
const sizeLookups = 16;

/** The admin page's numbers, its users list and invites. */
export class AdminService {
  constructor(private readonly infra: Infrastructure) {}

  private get db() {
    return this.infra.database.db;
  }

  /**
   * The instance's numbers. File sizes are not recorded in the database, so `storage_bytes` adds
   * up what the store says of each file it lists (local disk or S3): exact, and costs one look
   * per file, which an admin's occasional visit can afford.
   */
  async stats(): Promise<AdminStats> {
    const since = new Date(this.infra.clock.now().getTime() - 7 * dayMs).toISOString();
    const counts = await instanceCounts(this.db, since);
    return { ...counts, storage_bytes: await this.#storageBytes() };
  }

  async #storageBytes(): Promise<number> {
    let total = 0;
    let batch: string[] = [];
    const flush = async () => {
      const sizes = await Promise.all(batch.map((key) => this.infra.storage.head(key)));
      for (const info of sizes) total += info?.size ?? 0;
      batch = [];
    };
    for await (const item of this.infra.storage.list(bucketName)) {
      batch.push(item.key);
      if (batch.length >= sizeLookups) await flush();
    }
    await flush();
    return total;
  }

  async users(query: AdminUsersQuery): Promise<AdminUsersPage> {
    const limit = query.limit ?? limits.listDefaultLimit;
    const rows = await listAdminUsers(this.db, {
      q: query.q || undefined,
      limit: limit + 1,
      after: query.cursor ? decodeCursor(query.cursor) : undefined,
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      users: page.map((row) => ({
        id: row.id,
        username: row.username,
        full_name: row.full_name,
        email: row.email,
        avatar_url: avatarUrl(this.infra.storage, row.avatar_key),
        role: row.role,
        suspended_at: row.suspended_at,
        posts_count: Number(row.posts_count),
        created_at: row.created_at,
      })),
      next_cursor:
        rows.length > limit && last
          ? encodeCursor({ createdAt: last.created_at, id: last.id })
          : null,
    };
  }

  /** A random, URL-safe code (18 bytes: 24 characters), written with its audit line. */
  async createInvite(input: Required<CreateInviteInput>, actor: Actor): Promise<Invite> {
    const code = randomBytes(18).toString('base64url');
    const now = this.infra.clock.now();
    const expiresAt = new Date(now.getTime() + input.expires_in_days * dayMs).toISOString();
    await this.db.transaction().execute(async (trx) => {
      await insertInvite(trx, {
        code,
        uses_left: input.uses,
        expires_at: expiresAt,
        created_by: actor,
        created_at: nowIso(),
      });
      await audit(trx, actor, {
        action: 'invite.create',
        targetType: 'invite',
        targetId: code,
        summary: `created an invite for ${input.uses} sign-up${input.uses === 1 ? '' : 's'}`,
      });
    });
    return { code, uses_left: input.uses, expires_at: expiresAt };
  }

  async invites(): Promise<{ invites: Invite[] }> {
    const rows = await listLiveInvites(this.db, this.infra.clock.now().toISOString(), invitesShown);
    return { invites: rows.map((row) => ({ ...row, uses_left: Number(row.uses_left) })) };
  }
}

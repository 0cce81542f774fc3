import type { AuditAction, AuditPage, Profile, Role } from '@pinhole/contracts';
import { safetyMessages } from '@pinhole/contracts';
import type { Kysely } from 'kysely';
import type { Infrastructure } from '../context';
import type { DB } from '../db/schema';
import { AppError, notFound } from '../errors';
import { newId, nowIso } from '../ids';
import {
  countActiveAdmins,
  deleteAllSessionsOf,
  findAccount,
  insertAudit,
  listAudit,
  setRole,
  setSuspendedAt,
} from '../repositories/moderation.repository';
import { decodeCursor, encodeCursor } from '../pagination/post-cursor';
import { toProfileSummary } from '../views/profile-summary';
import type { ProfilesService } from './profiles.service';

/** Who did it: an admin's id, or null for the command line (`npm run admin`). */
export type Actor = string | null;

export interface AuditLine {
  /** A code with words in the contracts, so the admin's log never shows a bare code. */
  action: AuditAction;
  targetType: string;
  targetId: string;
  summary: string;
}

/** Writes an audit line inside the action's own transaction: no action without its line. */
export async function audit(db: Kysely<DB>, actor: Actor, line: AuditLine): Promise<void> {
  await insertAudit(db, {
    id: newId(),
    actor_id: actor,
    action: line.action,
    target_type: line.targetType,
    target_id: line.targetId,
    summary: line.summary,
    created_at: nowIso(),
  });
}

const lastAdmin = () => new AppError('validation_error', safetyMessages.lastAdmin);

/** Suspensions and roles: the admin actions on accounts, each with its audit line. */
export class ModerationService {
  constructor(
    private readonly infra: Infrastructure,
    private readonly profiles: ProfilesService,
  ) {}

  private get db() {
    return this.infra.database.db;
  }

  /**
   * Suspends an account: it cannot sign in, its sessions end (each delete's trigger tells every
   * instance's session cache), and its content is hidden (migration 0012's trigger). Idempotent.
   */
  async suspend(targetId: string, actor: Actor): Promise<Profile> {
    if (actor === targetId) {
      throw new AppError('validation_error', safetyMessages.cannotSuspendYourself);
    }
    await this.db.transaction().execute(async (trx) => {
      const account = await findAccount(trx, { id: targetId });
      if (!account) throw notFound();
      if (account.suspended_at !== null) return;
      if (account.role === 'admin' && (await countActiveAdmins(trx)) <= 1) throw lastAdmin();
      await setSuspendedAt(trx, targetId, nowIso());
      await deleteAllSessionsOf(trx, targetId);
      await audit(trx, actor, {
        action: 'user.suspend',
        targetType: 'profile',
        targetId,
        summary: `suspended @${account.username}`,
      });
    });
    return this.profiles.get(targetId, actor);
  }

  async unsuspend(targetId: string, actor: Actor): Promise<Profile> {
    await this.db.transaction().execute(async (trx) => {
      const account = await findAccount(trx, { id: targetId });
      if (!account) throw notFound();
      if (account.suspended_at === null) return;
      await setSuspendedAt(trx, targetId, null);
      await audit(trx, actor, {
        action: 'user.unsuspend',
        targetType: 'profile',
        targetId,
        summary: `unsuspended @${account.username}`,
      });
    });
    return this.profiles.get(targetId, actor);
  }

  /**
   * Grants or revokes the admin role by username (the command line). Revoking the last admin
   * who can act is refused: the instance would have nobody to run it.
   */
  async setRoleByUsername(username: string, role: Role, actor: Actor): Promise<string> {
    return this.db.transaction().execute(async (trx) => {
      const account = await findAccount(trx, { username });
      if (!account) throw new AppError('not_found', `No account is called @${username}`);
      if (account.role === role) return account.username;
      if (role === 'member' && (await countActiveAdmins(trx)) <= 1) throw lastAdmin();
      await setRole(trx, account.id, role);
      await audit(trx, actor, {
        action: role === 'admin' ? 'role.grant' : 'role.revoke',
        targetType: 'profile',
        targetId: account.id,
        summary: `${role === 'admin' ? 'made' : 'removed'} @${account.username} ${role === 'admin' ? 'an admin' : 'as admin'}`,
      });
      return account.username;
    });
  }

  async auditPage(limit: number, cursor?: string): Promise<AuditPage> {
    const rows = await listAudit(this.db, limit + 1, cursor ? decodeCursor(cursor) : undefined);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      entries: page.map((row) => ({
        id: row.id,
        actor:
          row.actor_id && row.actor_username
            ? toProfileSummary(
                {
                  id: row.actor_id,
                  username: row.actor_username,
                  full_name: row.actor_full_name ?? '',
                  avatar_key: row.actor_avatar_key,
                  is_verified: row.actor_is_verified ?? 0,
                },
                this.infra.storage,
                false,
              )
            : null,
        action: row.action,
        target_type: row.target_type,
        target_id: row.target_id,
        summary: row.summary,
        created_at: row.created_at,
      })),
      next_cursor:
        rows.length > limit && last
          ? encodeCursor({ createdAt: last.created_at, id: last.id })
          : null,
    };
  }
}

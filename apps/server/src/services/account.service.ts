import { createHash } from 'node:crypto';
import type { AccountSession, Profile } from '@pinhole/contracts';
import { hashPassword, verifyPassword } from '../auth/password';
import type { Infrastructure } from '../context';
import { AppError, notFound } from '../errors';
import { nowIso } from '../ids';
import { keysOfUploads, storeUploads } from '../media/store-uploads';
import {
  deleteAccountRows,
  deleteSessionsExcept,
  deleteSessionsOf,
  findAvatarKeys,
  findPasswordHash,
  listPostFileKeysOf,
  listSessionsOf,
  setAvatar,
  touchSession,
  updatePasswordHash,
} from '../repositories/account.repository';
import { listRemoteFollowers } from '../repositories/federation-actors.repository';
import { findProfileById } from '../repositories/profiles.repository';
import { listStoryFileKeysOf } from '../repositories/stories.repository';
import { storedVariants } from '../repositories/stored-variants';
import { bucketName, mediaKindOf } from '../storage/storage';
import type { ProfilesService } from './profiles.service';

/** A session's id as the API shows it: derived from the stored hash, never the hash itself. */
export const publicSessionId = (tokenHash: string) =>
  createHash('sha256').update(`session:${tokenHash}`).digest('base64url').slice(0, 22);

/** How often a session's `last_seen_at` is written: "last active" is shown to the minute or so. */
const lastSeenEveryMs = 5 * 60 * 1000;

export const incorrectPassword = (field: string, message: string) =>
  new AppError('validation_error', message, { [field]: message });

/** Your account: password, sessions, profile picture, and leaving. */
export class AccountService {
  /** Per session, when this instance last wrote its `last_seen_at`. */
  readonly #lastSeenWritten = new Map<string, number>();

  constructor(
    private readonly infra: Infrastructure,
    private readonly profiles: ProfilesService,
  ) {}

  private get db() {
    return this.infra.database.db;
  }

  /**
   * Records that a session was used, at most every few minutes per instance. Never fails a
   * request: "last active" is a convenience, not a promise.
   */
  noteSeen(tokenHash: string): void {
    const now = Date.now();
    const last = this.#lastSeenWritten.get(tokenHash);
    // The first sighting only starts the clock: a session just made or just used elsewhere
    // needs no write, and a read stays one query until minutes have passed.
    if (last === undefined) {
      this.#lastSeenWritten.set(tokenHash, now);
      return;
    }
    if (now - last < lastSeenEveryMs) return;
    if (this.#lastSeenWritten.size > 10_000) this.#lastSeenWritten.clear();
    this.#lastSeenWritten.set(tokenHash, now);
    touchSession(this.db, tokenHash, new Date(now).toISOString()).catch(() => undefined);
  }

  async #checkPassword(userId: string, password: string, field: string, message: string) {
    const hash = await findPasswordHash(this.db, userId);
    if (!hash || !(await verifyPassword(hash, password))) throw incorrectPassword(field, message);
  }

  /** A new password; every other session of the account ends, on every instance. */
  async changePassword(
    userId: string,
    currentTokenHash: string,
    change: { current_password: string; new_password: string },
  ): Promise<void> {
    await this.#checkPassword(
      userId,
      change.current_password,
      'current_password',
      'Current password is incorrect',
    );
    const hash = await hashPassword(change.new_password);
    await this.db.transaction().execute(async (trx) => {
      await updatePasswordHash(trx, userId, hash);
      await deleteSessionsExcept(trx, userId, currentTokenHash);
    });
  }

  async listSessions(userId: string, currentTokenHash: string): Promise<AccountSession[]> {
    const rows = await listSessionsOf(this.db, userId, nowIso());
    return rows.map((row) => ({
      id: publicSessionId(row.id),
      created_at: row.created_at,
      last_seen_at: row.last_seen_at ?? row.created_at,
      user_agent: row.user_agent,
      current: row.id === currentTokenHash,
    }));
  }

  /** Ends one of your sessions by its public id; someone else's or an unknown one is 404. */
  async endSession(userId: string, publicId: string): Promise<void> {
    const rows = await listSessionsOf(this.db, userId, nowIso());
    const ids = rows.filter((row) => publicSessionId(row.id) === publicId).map((row) => row.id);
    if ((await deleteSessionsOf(this.db, userId, ids)) === 0) throw notFound();
  }

  async endOtherSessions(userId: string, currentTokenHash: string): Promise<void> {
    await deleteSessionsExcept(this.db, userId, currentTokenHash);
  }

  /**
   * A new profile picture from the photo in `file`: checked like a post's, cut to its centre
   * square, stored as WebP at 150 and 320 px. The old picture's files go once the new one is
   * recorded; if anything fails first, the new files are removed and the old picture stays.
   */
  async changeAvatar(userId: string, file: string): Promise<Profile> {
    const [avatar] = await storeUploads(this.infra, 'avatars', userId, [file]);
    let oldKeys: string[];
    try {
      oldKeys = await this.db.transaction().execute(async (trx) => {
        const old = await findAvatarKeys(trx, userId);
        await setAvatar(trx, userId, {
          key: avatar!.key,
          variants: storedVariants.encode(avatar!.variants),
          placeholder: avatar!.placeholder,
        });
        return old;
      });
    } catch (error) {
      await this.infra.storage.discard(keysOfUploads([avatar!]));
      throw error;
    }
    await this.#discardAvatarFiles(oldKeys);
    return this.profiles.get(userId);
  }

  async removeAvatar(userId: string): Promise<Profile> {
    const oldKeys = await this.db.transaction().execute(async (trx) => {
      const old = await findAvatarKeys(trx, userId);
      await setAvatar(trx, userId, null);
      return old;
    });
    await this.#discardAvatarFiles(oldKeys);
    return this.profiles.get(userId);
  }

  /** Only files of the avatars folder: a seeded picture may be one of the person's post photos. */
  async #discardAvatarFiles(keys: string[]) {
    await this.infra.storage.discard(keys.filter((key) => mediaKindOf(key) === 'avatars'));
  }

  /**
   * Deletes the account with everything it made, after its password. The rows go in one
   * transaction (other people's counters adjusted first); then every file under the account's
   * folder in the store. Should the store fail there, the files have no owner row any more and
   * the sweep removes them.
   */
  async deleteAccount(userId: string, password: string): Promise<void> {
    await this.#checkPassword(userId, password, 'password', 'Password is incorrect');
    const { keys, deleted } = await this.db.transaction().execute(async (trx) => {
      const profile = await findProfileById(trx, userId);
      // Read before the follows go: their servers are told the account is gone.
      const remoteFollowers = await listRemoteFollowers(trx, userId);
      const postKeys = await listPostFileKeysOf(trx, userId);
      const avatarKeys = await findAvatarKeys(trx, userId);
      const storyKeys = await listStoryFileKeysOf(trx, userId);
      // Stories, their views and notifications go with the account through their cascades.
      if (!profile || !(await deleteAccountRows(trx, userId))) throw notFound();
      return {
        keys: [
          ...postKeys,
          ...storyKeys,
          ...avatarKeys.filter((key) => mediaKindOf(key) === 'avatars'),
        ],
        deleted: { userId, username: profile.username, remoteFollowers },
      };
    });
    await this.infra.storage.discard(keys);
    await this.#discardFolder(userId);
    await this.infra.events.publish({ type: 'account.deleted', ...deleted });
  }

  /** Whatever else is under the account's folder (an import's archive, a file a crash left). */
  async #discardFolder(userId: string) {
    try {
      const rest: string[] = [];
      for await (const object of this.infra.storage.list(`${bucketName}/${userId}/`)) {
        rest.push(object.key);
      }
      await this.infra.storage.discard(rest);
    } catch {
      // The sweep finds files without an owner row.
    }
  }
}

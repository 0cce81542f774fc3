import type { AuthResponse, Role, SignInRequest, SignUpRequest } from '@pinhole/contracts';
import { messages, safetyMessages } from '@pinhole/contracts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/password';
import {
  hashSessionToken,
  newSessionToken,
  sessionLifetimeMs,
  sessionRefreshAfterMs,
} from '../auth/session-token';
import type { Infrastructure } from '../context';
import { uniqueViolation } from '../db/errors';
import { AppError, conflictFor } from '../errors';
import { newId, nowIso } from '../ids';
import { consumeInvite } from '../repositories/invites.repository';
import { insertProfile, usernameExists } from '../repositories/profiles.repository';
import {
  deleteExpiredSessions,
  deleteSession,
  extendSession,
  findLiveSession,
  insertSession,
} from '../repositories/sessions.repository';
import {
  claimFirstAdmin,
  emailExists,
  findUserByEmail,
  findUserByUsername,
  firstAdminClaimed,
  insertUser,
} from '../repositories/users.repository';
import { cacheTags } from '../cache/cache-tags';
import { indexPersonNames } from '../discovery/discovery-index';
import type { ProfilesService } from './profiles.service';

/** Enough to tell a browser and system apart; a longer header is cut, not refused. */
const maxUserAgentLength = 512;

/** Expired sessions deleted per statement by the periodic purge. */
const sessionPurgeBatch = 500;

const inviteInvalid = () =>
  new AppError('validation_error', safetyMessages.inviteInvalid, {
    invite_code: safetyMessages.inviteInvalid,
  });

export interface Viewer {
  userId: string;
  email: string;
  role: Role;
  tokenHash: string;
  /** Set when this request slid the session forward: the cookie is sent again. */
  renewedExpiresAt?: string;
}

export class AuthService {
  constructor(
    private readonly infra: Infrastructure,
    private readonly profiles: ProfilesService,
  ) {}

  private get db() {
    return this.infra.database.db;
  }

  /** Creates the user and their profile in one transaction, then a session. */
  async signUp(input: SignUpRequest, userAgent: string | null = null): Promise<AuthResponse> {
    const mode = this.infra.config.signups;
    if (mode === 'closed') throw new AppError('forbidden', safetyMessages.signupsClosed);
    // With invites, the instance's first account needs none (nobody could have made one): it
    // signs up without a code only if it does become the first admin, decided in the transaction.
    const inviteCode = mode === 'invite' ? (input.invite_code ?? '') : null;
    if (inviteCode === '' && (await firstAdminClaimed(this.db))) throw inviteInvalid();
    const [emailTaken, usernameTaken] = await Promise.all([
      emailExists(this.db, input.email),
      usernameExists(this.db, input.username),
    ]);
    if (emailTaken || usernameTaken) throw conflictFor(emailTaken, usernameTaken);
    const passwordHash = await hashPassword(input.password);
    const userId = newId();
    const createdAt = nowIso();
    let role: Role = 'member';
    try {
      await this.db.transaction().execute(async (trx) => {
        // The invite's use and the account stand or fall together.
        if (inviteCode && !(await consumeInvite(trx, inviteCode, createdAt))) throw inviteInvalid();
        await insertUser(trx, {
          id: userId,
          email: input.email,
          password_hash: passwordHash,
          created_at: createdAt,
        });
        await insertProfile(trx, {
          id: userId,
          username: input.username,
          full_name: input.full_name,
          avatar_key: null,
          avatar_variants: null,
          bio: null,
          website: null,
          created_at: createdAt,
        });
        await indexPersonNames(trx, userId, {
          username: input.username,
          fullName: input.full_name,
        });
        if (await claimFirstAdmin(trx, userId)) role = 'admin';
        else if (inviteCode === '') throw inviteInvalid();
      });
    } catch (error) {
      // Two sign-ups raced past the checks above: the unique index decides, the loser gets 409.
      const violated = uniqueViolation(error);
      if (violated === null) throw error;
      throw conflictFor(violated.includes('email'), !violated.includes('email'));
    }
    return this.#authResponse({ id: userId, email: input.email, role }, userAgent);
  }

  /**
   * By email, or by username (the account switcher's). The same status, body and (one hash)
   * timing for an unknown account and a wrong password.
   */
  async signIn(input: SignInRequest, userAgent: string | null = null): Promise<AuthResponse> {
    // `email` may hold a username (no `@` in it, or only a leading one: `@alice`), as
    // Instagram's sign-in takes either in one field.
    const named = input.email ?? input.username ?? '';
    const user = named.slice(1).includes('@')
      ? await findUserByEmail(this.db, named)
      : await findUserByUsername(this.db, named.replace(/^@/, ''));
    const valid = user
      ? await verifyPassword(user.password_hash, input.password)
      : await verifyAgainstDummy(input.password);
    if (!user || !valid) throw new AppError('invalid_credentials', messages.invalidCredentials);
    // Said only to whoever knows the password: a stranger learns nothing about the account.
    if (user.suspended_at !== null)
      throw new AppError('forbidden', safetyMessages.accountSuspended);
    return this.#authResponse({ id: user.id, email: user.email, role: user.role }, userAgent);
  }

  async signOut(token: string, userId: string | null): Promise<void> {
    const tokenHash = hashSessionToken(token);
    await deleteSession(this.db, tokenHash);
    await this.infra.events.publish({ type: 'session.ended', userId, tokenHash });
  }

  /**
   * The viewer behind a token, sliding the session's expiry forward at most once an hour. With
   * `cached` (reads, after the caches were synced), the session row comes from the session cache
   * until it changes (sign-out, renewal, account change); expiry is still checked every time.
   */
  async resolveViewer(token: string, options: { cached: boolean }): Promise<Viewer | null> {
    const tokenHash = hashSessionToken(token);
    const now = Date.now();
    const nowText = new Date(now).toISOString();
    const found = options.cached
      ? await this.infra.caches.sessions.get(tokenHash, async () => {
          const session = (await findLiveSession(this.db, tokenHash, nowText)) ?? null;
          const tags = [cacheTags.session(tokenHash)];
          if (session) tags.push(cacheTags.user(session.user_id));
          return { value: session, tags };
        })
      : await findLiveSession(this.db, tokenHash, nowText);
    if (!found || Date.parse(found.expires_at) <= now) return null;
    const viewer: Viewer = {
      userId: found.user_id,
      email: found.email,
      role: found.role,
      tokenHash,
    };
    const renewBefore = now + sessionLifetimeMs - sessionRefreshAfterMs;
    if (Date.parse(found.expires_at) < renewBefore) {
      const expiresAt = new Date(now + sessionLifetimeMs).toISOString();
      await extendSession(this.db, tokenHash, expiresAt);
      viewer.renewedExpiresAt = expiresAt;
    }
    return viewer;
  }

  /**
   * Deletes every session past its expiry, a batch at a time; returns how many. Expired sessions
   * are refused from the instant they expire (`resolveViewer` compares `expires_at`); this frees
   * their rows, so a purge a little late changes nothing a person sees. Several instances may run
   * it at once: a row is deleted by whichever gets there first.
   */
  async purgeExpiredSessions(): Promise<number> {
    const now = this.infra.clock.now().toISOString();
    let removed = 0;
    for (;;) {
      const deleted = await deleteExpiredSessions(this.db, now, sessionPurgeBatch);
      if (deleted === 0) return removed;
      removed += deleted;
    }
  }

  async #startSession(userId: string, userAgent: string | null) {
    const token = newSessionToken();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + sessionLifetimeMs).toISOString();
    await insertSession(this.db, {
      id: hashSessionToken(token),
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: expiresAt,
      user_agent: userAgent?.slice(0, maxUserAgentLength) ?? null,
      last_seen_at: now.toISOString(),
    });
    return { token, expires_at: expiresAt };
  }

  async #authResponse(
    user: { id: string; email: string; role: Role },
    userAgent: string | null,
  ): Promise<AuthResponse> {
    const profile = await this.profiles.get(user.id);
    const session = await this.#startSession(user.id, userAgent);
    return { user, profile, session };
  }
}

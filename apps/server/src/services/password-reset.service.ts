import { pagePaths, safetyMessages } from '@pinhole/contracts';
import { hashPassword } from '../auth/password';
import { hashSecretToken, newSecretToken } from '../auth/session-token';
import type { Infrastructure } from '../context';
import { AppError } from '../errors';
import type { Mailer } from '../mail/mailer';
import { createSmtpMailer } from '../mail/mailer';
import { rateLimits } from '../rate-limits';
import { deleteSessionsExcept, updatePasswordHash } from '../repositories/account.repository';
import {
  countPasswordResetsSince,
  deleteExpiredPasswordResets,
  findLivePasswordReset,
  insertPasswordReset,
  markPasswordResetUsed,
  usePasswordResetsOf,
} from '../repositories/password-resets.repository';
import { findProfileById, findProfileByUsername } from '../repositories/profiles.repository';
import { findUserByEmail } from '../repositories/users.repository';

/** How long a reset link works. */
export const resetLinkLifetimeMs = 60 * 60 * 1000;

/** The page of the web client that reads the token. */
export const resetPagePath = pagePaths.account.to('password/reset');

/** Where the work done after a request answered reports: the server's logger. */
export interface ResetLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

const silentLog: ResetLog = { info: () => undefined, warn: () => undefined };

/** 256 random bits: nothing to guess, so one SHA-256 (no slow hash) is enough to store it. */

const mailUnavailable = () => new AppError('mail_unavailable', safetyMessages.mailUnavailable);

export const resetLinkExpired = () =>
  new AppError('validation_error', safetyMessages.resetLinkExpired, {
    token: safetyMessages.resetLinkExpired,
  });

/**
 * Password reset by email. Asking for a link answers at once
 * and does everything else (finding the account, the per-account limit, the token, the email)
 * after the answer: the requester learns nothing, not even from the time it took, about whether
 * the email has an account or whether the mail went out.
 */
export class PasswordResetService {
  readonly #pending = new Set<Promise<void>>();
  #log: ResetLog = silentLog;
  readonly #mailer: Mailer | null;

  constructor(private readonly infra: Infrastructure) {
    const { smtpUrl, mailFrom } = infra.config;
    this.#mailer = smtpUrl ? createSmtpMailer(smtpUrl, mailFrom) : null;
  }

  private get db() {
    return this.infra.database.db;
  }

  reportTo(log: ResetLog): void {
    this.#log = log;
  }

  /**
   * Starts the work behind `POST /api/auth/password-reset`; never waits for it. Throws only when
   * no mail server is configured, whatever the address: then no email can leave for anyone, so
   * saying so tells the asker nothing about accounts, and "we sent a link" would be untrue.
   */
  request(email: string): void {
    if (!this.#mailer) throw mailUnavailable();
    const job: Promise<void> = this.#sendLink(email)
      .catch((error: unknown) => {
        this.#log.warn({ err: error }, 'password reset: the email could not be sent');
      })
      .finally(() => this.#pending.delete(job));
    this.#pending.add(job);
  }

  /** Resolves once the emails asked for so far are sent or failed: tests and shutdown wait here. */
  async idle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }

  /** Waits for emails on their way (each bounded by the SMTP timeouts), then lets go of SMTP. */
  async close(): Promise<void> {
    await this.idle();
    this.#mailer?.close();
  }

  async #sendLink(email: string): Promise<void> {
    const user = await findUserByEmail(this.db, email);
    if (!user || !this.#mailer) return;
    const now = this.infra.clock.now();
    const { max, windowMs } = rateLimits.passwordResetPerAccount;
    const since = new Date(now.getTime() - windowMs).toISOString();
    if ((await countPasswordResetsSince(this.db, user.id, since)) >= max) {
      this.#log.info({ userId: user.id }, 'password reset: per-account limit reached, no email');
      return;
    }
    const profile = await findProfileById(this.db, user.id);
    const link = await this.#issue(user.id, now);
    await this.#mailer.send({
      to: user.email,
      subject: 'Reset your Pinhole password',
      text: resetEmailText(profile?.username ?? user.email, link, this.infra.config.publicUrl),
    });
  }

  /** A new link for the account: its token is returned once and stored only as a hash. */
  async #issue(userId: string, now: Date): Promise<string> {
    const token = newSecretToken();
    await insertPasswordReset(this.db, {
      token_hash: hashSecretToken(token),
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + resetLinkLifetimeMs).toISOString(),
      used_at: null,
    });
    const url = new URL(resetPagePath, this.infra.config.publicUrl);
    url.searchParams.set('token', token);
    return url.href;
  }

  /**
   * `npm run admin -- reset-link <username>`: a link made by someone with a shell on the server,
   * for an instance without SMTP; null for an unknown username. No per-account limit applies.
   */
  async createResetLink(username: string): Promise<{ username: string; url: string } | null> {
    const profile = await findProfileByUsername(this.db, username.replace(/^@/, ''));
    if (!profile) return null;
    return {
      username: profile.username,
      url: await this.#issue(profile.id, this.infra.clock.now()),
    };
  }

  /** Maintenance: links past their hour no longer count or work; their rows can go. */
  deleteExpired(): Promise<number> {
    return deleteExpiredPasswordResets(this.db, this.infra.clock.now().toISOString());
  }

  /**
   * Sets a new password with a link's token. The link is used up, the account's other links stop
   * working, and every session of the account ends (the deleted session rows tell every instance's
   * caches). Anything but a live unused link of an existing account: 400, the same message.
   */
  async confirm(token: string, newPassword: string): Promise<void> {
    const tokenHash = hashSecretToken(token);
    const found = await findLivePasswordReset(
      this.db,
      tokenHash,
      this.infra.clock.now().toISOString(),
    );
    if (!found) throw resetLinkExpired();
    const passwordHash = await hashPassword(newPassword);
    await this.db.transaction().execute(async (trx) => {
      // Checked again inside: the link may have been used, or the account deleted, meanwhile.
      const now = this.infra.clock.now().toISOString();
      if (!(await markPasswordResetUsed(trx, tokenHash, found.user_id, now))) {
        throw resetLinkExpired();
      }
      await updatePasswordHash(trx, found.user_id, passwordHash);
      await usePasswordResetsOf(trx, found.user_id, now);
      await deleteSessionsExcept(trx, found.user_id, null);
    });
  }
}

function resetEmailText(username: string, link: string, publicUrl: URL): string {
  return [
    `Someone, hopefully you, asked to reset the password of @${username} on ${publicUrl.host}.`,
    '',
    'Open this link within 1 hour to choose a new password (it works once):',
    link,
    '',
    'If it was not you, ignore this email: your password stays as it is.',
    '',
  ].join('\n');
}

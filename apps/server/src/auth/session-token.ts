import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: a session or a password-reset link. Only its hash is stored. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 is enough for 256 random bits: there is nothing to guess, only to look up. */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export const newSessionToken = newSecretToken;
export const hashSessionToken = hashSecretToken;

export const sessionCookieName = 'pinhole_session';
export const sessionLifetimeMs = 30 * 24 * 60 * 60 * 1000;
/** A session is extended at most once an hour, so reads stay reads. */
export const sessionRefreshAfterMs = 60 * 60 * 1000;

import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. Only its hash is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export const sessionCookieName = 'pinhole_session';
export const sessionLifetimeMs = 30 * 24 * 60 * 60 * 1000;
/** A session is extended at most once an hour, so reads stay reads. */
export const sessionRefreshAfterMs = 60 * 60 * 1000;

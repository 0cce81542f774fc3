import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Storage } from './storage';

/** The URL of a profile picture from its stored key (null: the initial-on-gradient fallback). */
export function avatarUrl(storage: Storage, key: string | null): string | null {
  return key === null ? null : storage.publicUrl(key);
}

/**
 * Signed URLs are made per window; each is valid until the end of the window after next, so a
 * URL handed out at any moment of a window lives between one and two windows. Cached pages that
 * hold signed URLs are keyed by window (see PostReadsService), so none serves a dead URL.
 */
export const signingWindowMs = 60 * 60 * 1000;

/**
 * The URLs of a private account's stored files: `/storage/<key>?exp=…&sig=…`, an HMAC of the key
 * and expiry with a key every instance shares (migration 0003), always through our own server,
 * which checks it (routes/storage.routes.ts) before it reads the file, from disk or S3. Never the
 * bucket's public URL, so the store need not be public to serve them.
 */
export class MediaUrlSigner {
  readonly #key: Buffer;

  constructor(
    secret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.#key = Buffer.from(secret, 'base64url');
  }

  /** The current signing window: part of the cache key of any page holding signed URLs. */
  window(): number {
    return Math.floor(this.now() / signingWindowMs);
  }

  sign(key: string): string {
    const expires = (this.window() + 2) * (signingWindowMs / 1000);
    return `/storage/${key}?exp=${expires}&sig=${this.#mac(key, expires)}`;
  }

  /** True when `sig` was made by `sign` for this key and `exp` has not passed. */
  verify(key: string, exp: string | undefined, sig: string | undefined): boolean {
    if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
    const expires = Number(exp);
    if (expires * 1000 <= this.now()) return false;
    const expected = Buffer.from(this.#mac(key, expires));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  #mac(key: string, expires: number): string {
    return createHmac('sha256', this.#key).update(`${key}\n${expires}`).digest('base64url');
  }
}

/** Where a post's files are fetched: public URLs, or signed ones for a private account. */
export interface MediaUrls {
  post(key: string, authorIsPrivate: boolean): string;
  avatar(key: string | null): string | null;
}

export function mediaUrls(storage: Storage, signer: MediaUrlSigner): MediaUrls {
  return {
    post: (key, authorIsPrivate) => (authorIsPrivate ? signer.sign(key) : storage.publicUrl(key)),
    avatar: (key) => avatarUrl(storage, key),
  };
}

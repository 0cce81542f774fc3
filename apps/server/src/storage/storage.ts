import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

export interface StoredObjectInfo {
  size: number;
  contentType: string;
  /** Strong validator: stored objects never change once written. */
  etag: string;
}

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

/** Raised by `put` when the key already holds an object; keys are never overwritten. */
export class StorageKeyExistsError extends Error {}

/**
 * The store is unreachable, failing (5xx), too slow (a timeout) or its disk failed: the drivers
 * raise this so a request answers 503 instead of 500. `cause` holds the driver's own error.
 */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}

/** The store has no room left (ENOSPC, a quota, S3's 507): the request answers 507. */
export class StorageFullError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageFullError';
  }
}

/** One interface for every place images live: local disk by default, S3-compatible stores too. */
export interface Storage {
  readonly driver: 'local' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  head(key: string): Promise<StoredObjectInfo | null>;
  read(key: string, range?: ByteRange): Promise<Readable>;
  delete(key: string): Promise<void>;
  /**
   * Removes what a failed upload wrote. Never throws: keys the store would not delete now are
   * retried in the background while it is unreachable (the orphan sweep is the last resort).
   */
  discard(keys: readonly string[]): Promise<void>;
  /** Every key under a prefix, with its age, for the orphan sweeper. */
  list(prefix: string): AsyncIterable<{ key: string; lastModified: Date }>;
  /** The URL a browser fetches the object from. */
  publicUrl(key: string): string;
  ping(): Promise<void>;
}

export const bucketName = 'user-uploads';

const contentTypes: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

export function contentTypeForKey(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  return contentTypes[extension] ?? 'application/octet-stream';
}

/**
 * Every kind of file we store, by the folder its keys use:
 * `user-uploads/{userId}/{folder}/{ms timestamp}[-{width}w].{ext}`. The kind decides who may
 * own a file (see services/sweep.service.ts) and whether `/storage/...` serves it.
 */
export const mediaKinds = {
  /**
   * Post photos: originals and their WebP variants; videos: the upload waiting for its transcode
   * (`.mp4` or `.webm`, referenced by its attachment's `file_key` until then), the MP4 served,
   * and its poster JPEG with variants.
   */
  posts: {
    folder: 'posts',
    served: true,
    extensions: ['jpg', 'png', 'gif', 'webp', 'avif', 'mp4', 'webm'],
  },
  /** Profile pictures and their square variants. */
  avatars: { folder: 'avatars', served: true, extensions: ['jpg', 'png', 'gif', 'webp', 'avif'] },
  /** Story photos and videos (as posts keep them), gone 24 hours after they are shared. */
  stories: {
    folder: 'stories',
    served: true,
    extensions: ['jpg', 'png', 'gif', 'webp', 'avif', 'mp4', 'webm'],
  },
  /**
   * Our copies of remote people's photos (and their variants), under the remote person's id;
   * removed some days after their last view and fetched again when next looked at.
   */
  remoteMedia: {
    folder: 'remote-media',
    served: true,
    extensions: ['jpg', 'png', 'gif', 'webp', 'avif'],
  },
  /**
   * Photos sent in direct messages: served only to the conversation's participants, checked
   * against the session on every request (never a URL that works for whoever holds it).
   */
  messages: {
    folder: 'messages',
    served: true,
    extensions: ['jpg', 'png', 'gif', 'webp', 'avif', 'mp4', 'webm'],
  },
  /** Archives being imported: private to their owner, never served. */
  imports: { folder: 'imports', served: false, extensions: ['zip'] },
} as const;

export type MediaKind = keyof typeof mediaKinds;

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

const keyPatterns = Object.fromEntries(
  Object.entries(mediaKinds).map(([kind, { folder, extensions }]) => [
    kind,
    new RegExp(
      `^${bucketName}/${uuid}/${folder}/\\d{1,16}(-[0-9a-f]{32})?(-\\d{1,5}w)?\\.(${extensions.join('|')})$`,
    ),
  ]),
) as Record<MediaKind, RegExp>;

/**
 * The kind of a key, or null for anything we never write (dot segments, encoded slashes,
 * absolute paths, null bytes, unknown folders).
 */
export function mediaKindOf(key: string): MediaKind | null {
  for (const kind of Object.keys(keyPatterns) as MediaKind[]) {
    if (keyPatterns[kind].test(key)) return kind;
  }
  return null;
}

/** Keys `/storage/...` may serve: the shape of a kind that browsers are shown. */
export function isServedStorageKey(key: string): boolean {
  const kind = mediaKindOf(key);
  return kind !== null && mediaKinds[kind].served;
}

/**
 * `nonce` (32 hex digits) makes a key nobody can guess: a private account's files are then out of
 * reach of anyone who was never shown their URL, even in a public bucket.
 */
export function mediaKey(
  kind: MediaKind,
  userId: string,
  timestamp: number,
  extension: string,
  nonce?: string,
): string {
  const name = nonce === undefined ? `${timestamp}` : `${timestamp}-${nonce}`;
  return `${bucketName}/${userId}/${mediaKinds[kind].folder}/${name}.${extension}`;
}

export const postImageKey = (
  userId: string,
  timestamp: number,
  extension: string,
  nonce?: string,
) => mediaKey('posts', userId, timestamp, extension, nonce);

/** The owner of a stored file: the user id after the bucket name. */
export function ownerOfKey(key: string): string | undefined {
  return key.split('/')[1];
}

/** A key without its extension or variant width: the same for an original and its variants. */
export function fileBaseOf(key: string): string {
  return key.slice(0, key.lastIndexOf('.')).replace(/-\d{1,5}w$/, '');
}

/** 128 random bits as a key nonce. */
export const newKeyNonce = (): string => randomBytes(16).toString('hex');

/** A resized copy's key: the original's with `-{width}w` before a new extension. */
export function variantKey(originalKey: string, width: number, extension: string): string {
  const base = originalKey.slice(0, originalKey.lastIndexOf('.'));
  return `${base}-${width}w.${extension}`;
}

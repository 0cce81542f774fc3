import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { discardEventually } from './discard';
import type { ByteRange, Storage, StoredObjectInfo } from './storage';
import {
  StorageFullError,
  StorageKeyExistsError,
  StorageUnavailableError,
  contentTypeForKey,
} from './storage';

/** No room: the disk is full or the user's quota is spent. */
const fullCodes = new Set(['ENOSPC', 'EDQUOT']);
/** The disk failed, went read-only, or the process ran out of file handles: try again later. */
const unavailableCodes = new Set([
  'EIO',
  'EROFS',
  'EMFILE',
  'ENFILE',
  'EAGAIN',
  'EBUSY',
  'ETIMEDOUT',
]);

/** Translates a file-system error into the storage errors a request answers 503/507 for. */
function toStorageError(error: unknown, action: string): Error {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code && fullCodes.has(code)) {
    return new StorageFullError(`Local storage is full (${action}: ${code})`, { cause: error });
  }
  if (code && unavailableCodes.has(code)) {
    return new StorageUnavailableError(`Local storage failed (${action}: ${code})`, {
      cause: error,
    });
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** Stores objects as files under one root folder; a key is a relative path inside it. */
const temporaryNonceBytes = 6;
const temporaryName = new RegExp(`\\.[0-9a-f]{${temporaryNonceBytes * 2}}\\.tmp$`);

/**
 * A file `put` was writing when its process was killed (`<key>.<hex>.tmp`): no row can name it,
 * and it is of no media kind, so only its name tells the sweeper it may go.
 */
export const isInterruptedWrite = (key: string): boolean => temporaryName.test(key);

export class LocalStorage implements Storage {
  readonly driver = 'local' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  async init(): Promise<void> {
    await fs.mkdir(this.root, { recursive: true });
  }

  /** Resolves a key to a path, refusing anything that would land outside the root. */
  private pathFor(key: string): string {
    if (key.includes('\0') || path.isAbsolute(key)) throw new Error(`Invalid storage key: ${key}`);
    const resolved = path.resolve(this.root, key);
    if (!resolved.startsWith(this.root + path.sep)) throw new Error(`Invalid storage key: ${key}`);
    return resolved;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const target = this.pathFor(key);
    // Write aside, then hard-link into place: readers never see a half-written file, and an
    // existing key is never overwritten (link fails with EEXIST). A write that fails half way
    // (a full disk) must not leave its partial temp file eating the space that is left.
    const temporary = `${target}.${randomBytes(temporaryNonceBytes).toString('hex')}.tmp`;
    try {
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(temporary, data, { flag: 'wx' });
      await fs.link(temporary, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new StorageKeyExistsError(key);
      throw toStorageError(error, 'write');
    } finally {
      await fs.rm(temporary, { force: true });
    }
  }

  async head(key: string): Promise<StoredObjectInfo | null> {
    const target = this.pathFor(key);
    try {
      const stat = await fs.stat(target);
      if (!stat.isFile()) return null;
      return {
        size: stat.size,
        contentType: contentTypeForKey(key),
        etag: `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
      };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return null;
      throw toStorageError(error, 'stat');
    }
  }

  read(key: string, range?: ByteRange): Promise<Readable> {
    const stream = createReadStream(this.pathFor(key), range);
    return new Promise((resolve, reject) => {
      stream.once('open', () => resolve(stream));
      stream.once('error', (error) => reject(toStorageError(error, 'read')));
    });
  }

  async delete(key: string): Promise<void> {
    try {
      await fs.rm(this.pathFor(key), { force: true });
    } catch (error) {
      throw toStorageError(error, 'delete');
    }
  }

  async discard(keys: readonly string[]): Promise<void> {
    await discardEventually((key) => this.delete(key), keys);
  }

  async *list(prefix: string): AsyncIterable<{ key: string; lastModified: Date }> {
    // The prefix names a folder (path.resolve drops a trailing "/.", so no dirname here).
    const base = this.pathFor(prefix.replace(/\/+$/, ''));
    let entries;
    try {
      entries = await fs.readdir(base, { recursive: true, withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const full = path.join(entry.parentPath, entry.name);
      const stat = await fs.stat(full).catch(() => null);
      if (!stat) continue;
      yield {
        key: path.relative(this.root, full).split(path.sep).join('/'),
        lastModified: stat.mtime,
      };
    }
  }

  publicUrl(key: string): string {
    return `/storage/${key}`;
  }

  async ping(): Promise<void> {
    try {
      await fs.access(this.root, fs.constants.W_OK);
    } catch (error) {
      throw toStorageError(error, 'access');
    }
  }
}

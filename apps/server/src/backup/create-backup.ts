import type { Dir } from 'node:fs';
import { createReadStream } from 'node:fs';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { openSqliteFile, snapshotSqlite } from '../db/sqlite-snapshot';
import type { Config } from '../env';
import { countBackupRows, latestMigration } from '../repositories/backup.repository';
import { ownerQueries } from '../services/sweep.service';
import type { BackupManifest } from './backup-format';
import {
  BackupError,
  backupFormat,
  backupFormatVersion,
  databaseEntry,
  manifestEntry,
  refuseUnsupported,
  storageEntryPrefix,
} from './backup-format';
import { describeFsError, exists, isInside } from './files';

export interface BackupOptions {
  /** Replace a file already at the archive's path (without it, that is refused). */
  force?: boolean;
  /** Called after the database snapshot, before the files are copied (a test deletes one). */
  afterSnapshot?: () => Promise<void>;
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: BackupManifest;
}

/** A write to a stored file still in progress (storage/local.ts): not part of any post yet. */
const inProgressWrite = /\.[0-9a-f]{12}\.tmp$/;

/**
 * Backs up a SQLite instance with local storage into one zip at `output`, while a server keeps
 * serving from the same DATA_DIR. The database snapshot comes first, then the stored files:
 * an upload writes its files before its post's row commits, so every file the snapshot's rows
 * name exists by the time the folder is walked. A file written after the snapshot is copied too
 * and is an orphan in the restored instance, which the sweeper removes; a file the snapshot names
 * that was deleted before its copy (a post deleted meanwhile) is counted in `missing_files`.
 *
 * The zip is written to `<output>.partial` and renamed at the end: a failed or interrupted backup
 * never leaves a half archive under the name given, and never replaces an existing file unless
 * `force` is set.
 */
export async function createBackup(
  config: Config,
  output: string,
  options: BackupOptions = {},
): Promise<BackupResult> {
  refuseUnsupported(config);
  if (config.database.kind !== 'sqlite' || config.storage.driver !== 'local') {
    throw new Error('unreachable: refuseUnsupported let a non-local instance through');
  }
  const database = config.database;
  const storageRoot = config.storage.root;
  const file = path.resolve(output);
  if (isInside(file, storageRoot)) {
    throw new BackupError(`Write the backup outside ${storageRoot}: it would copy itself`);
  }
  if (!options.force && (await exists(file))) {
    throw new BackupError(
      `${file} already exists: choose another name, or add --force to replace it`,
    );
  }
  if (!(await exists(database.file))) {
    throw new BackupError(
      `No database at ${database.file}: is DATA_DIR (or DATABASE_URL) the server's?`,
    );
  }

  const partial = `${file}.partial`;
  const snapshot = `${file}.partial-database`;
  // Opened first: an unwritable path fails here, before any work.
  const out = await fs.open(partial, 'w').catch((error: unknown) => {
    throw new BackupError(`Cannot write the backup to ${file}: ${describeFsError(error)}`);
  });
  let bytes = 0;
  let manifest: BackupManifest;
  // The stream owns the handle from here: it syncs the file to disk and closes it when done, or
  // closes it when destroyed (a handle with a stream on it cannot be closed apart from it).
  const sink = out.createWriteStream({ flush: true });
  try {
    const zip = new ZipFile();
    const written = pipeline(zip.outputStream, sink);
    // A failed write (a full disk) or a file yazl could not read settles this, so that nothing
    // waits for a zip that stopped consuming its input.
    let fail: (error: unknown) => void = () => undefined;
    const failed = new Promise<never>((_resolve, reject) => {
      fail = reject;
    });
    failed.catch(() => undefined);
    zip.on('error', fail);
    written.catch(fail);
    try {
      const createdAt = new Date().toISOString();
      await snapshotSqlite(database.file, snapshot, database.queryTimeoutMs);
      const rows = await describeSnapshot(snapshot);
      await options.afterSnapshot?.();
      zip.addReadStream(createReadStream(snapshot), databaseEntry, { compress: true });
      const files = await addStoredFiles(zip, storageRoot, failed, rows.referenced);
      manifest = {
        format: backupFormat,
        format_version: backupFormatVersion,
        created_at: createdAt,
        schema_version: rows.schemaVersion,
        counts: { ...rows.counts, files: files.count, file_bytes: files.bytes },
        missing_files: files.missing,
      };
      zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), manifestEntry);
    } finally {
      zip.end();
    }
    await Promise.race([written, failed]);
    await closed(sink);
    bytes = (await fs.stat(partial)).size;
  } catch (error) {
    sink.destroy();
    await closed(sink);
    await fs.rm(partial, { force: true });
    if (error instanceof BackupError) throw error;
    throw new BackupError(`Cannot write the backup to ${file}: ${describeFsError(error)}`);
  } finally {
    await fs.rm(snapshot, { force: true });
  }
  await moveIntoPlace(partial, file, options.force ?? false);
  return { file, bytes, manifest };
}

/** Resolves once the stream has closed its file (synced first, when it finished). */
async function closed(stream: Writable): Promise<void> {
  if (stream.closed) return;
  await once(stream, 'close');
}

async function describeSnapshot(snapshot: string) {
  const db = openSqliteFile(snapshot);
  try {
    const schemaVersion = await latestMigration(db);
    if (!schemaVersion) {
      throw new BackupError("The database has no Pinhole schema: is DATA_DIR the server's?");
    }
    const referenced = new Set<string>();
    for (const query of Object.values(ownerQueries)) {
      for (const key of await query(db)) referenced.add(key);
    }
    return { schemaVersion, counts: await countBackupRows(db), referenced };
  } finally {
    await db.destroy();
  }
}

/**
 * Adds every stored file, one at a time: each is opened only when the zip is ready for it, so
 * open files stay at one however many there are, and one deleted meanwhile is skipped rather
 * than failing the archive (an open file that is deleted is still read whole). `referenced`, the
 * keys the snapshot's rows name, tells how many of those the archive lacks: listed as a folder is
 * read, a file deleted before its folder was reached never shows up at all.
 */
async function addStoredFiles(
  zip: ZipFile,
  root: string,
  failed: Promise<never>,
  referenced: Set<string>,
) {
  const result = { count: 0, bytes: 0, missing: 0 };
  for await (const full of filesUnder(root)) {
    if (inProgressWrite.test(full)) continue;
    const handle = await fs.open(full, 'r').catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    });
    if (!handle) continue;
    const key = path.relative(root, full).split(path.sep).join('/');
    const stream = handle.createReadStream();
    try {
      const stat = await handle.stat();
      zip.addReadStream(stream, `${storageEntryPrefix}${key}`, {
        compress: false,
        mtime: stat.mtime,
        size: stat.size,
      });
      await Promise.race([finished(stream), failed]);
      result.count += 1;
      result.bytes += stat.size;
      referenced.delete(key);
    } finally {
      // Closes the handle when the copy stopped half way; a no-op once the stream has ended.
      stream.destroy();
    }
  }
  result.missing = referenced.size;
  return result;
}

/**
 * Every file under `root`, folder by folder, each folder read as it is reached (a folder handle
 * per level, not a list of every file in memory). A folder deleted meanwhile is skipped.
 */
async function* filesUnder(root: string): AsyncGenerator<string> {
  let folder: Dir;
  try {
    folder = await fs.opendir(root);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return;
    throw error;
  }
  for await (const entry of folder) {
    const full = path.join(root, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * `<file>.partial` becomes `<file>`. Without --force through a hard link, which fails when a file
 * appeared there meanwhile instead of replacing it; where links are not supported, a rename.
 */
async function moveIntoPlace(partial: string, file: string, force: boolean): Promise<void> {
  try {
    if (force) {
      await fs.rename(partial, file);
      return;
    }
    try {
      await fs.link(partial, file);
      await fs.rm(partial, { force: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error;
      if (await exists(file)) throw Object.assign(new Error('exists'), { code: 'EEXIST' });
      await fs.rename(partial, file);
    }
  } catch (error) {
    await fs.rm(partial, { force: true });
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new BackupError(
        `${file} appeared while the backup ran: nothing was replaced (add --force to replace it)`,
      );
    }
    throw new BackupError(`Cannot write the backup to ${file}: ${describeFsError(error)}`);
  }
}

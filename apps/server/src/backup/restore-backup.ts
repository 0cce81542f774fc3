import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { migrationNames } from '../db/migrate';
import { checkSqliteIntegrity, openSqliteFile } from '../db/sqlite-snapshot';
import type { Config } from '../env';
import { latestMigration } from '../repositories/backup.repository';
import { unsafeNameReason } from '../services/imports/zip-archive';
import type { BackupManifest } from './backup-format';
import {
  BackupError,
  databaseEntry,
  manifestEntry,
  parseManifest,
  refuseUnsupported,
  storageEntryPrefix,
} from './backup-format';
import { describeFsError, exists, isFsError, isInside } from './files';
import { ZipReadError, forEachZipEntry } from './zip-entries';

export interface RestoreResult {
  dataDir: string;
  manifest: BackupManifest;
}

/** A manifest is a few hundred bytes; a large one is not ours. */
const maxManifestBytes = 64 * 1024;

/**
 * Restores an archive of `npm run backup` into the configured DATA_DIR, which must be empty or
 * missing. Everything is checked before anything lands there: a first pass over the archive reads
 * the manifest and refuses a foreign, newer or unsafe archive before a byte is written; a second
 * extracts into a hidden folder, and the counts and the database (`PRAGMA integrity_check`, the
 * schema its manifest names) are checked there. Only then do the database and the storage folder
 * move into place, each in one step (a link, a rename). Any failure removes what the restore
 * made: DATA_DIR is as it was (or absent, if it was). The hidden folder is inside DATA_DIR rather
 * than beside it, so that those steps stay on one file system when DATA_DIR is a mount point (a
 * container volume).
 */
export async function restoreBackup(config: Config, archive: string): Promise<RestoreResult> {
  refuseUnsupported(config);
  if (config.database.kind !== 'sqlite' || config.storage.driver !== 'local') {
    throw new Error('unreachable: refuseUnsupported let a non-local instance through');
  }
  const file = path.resolve(archive);
  const dataDir = config.dataDir;
  const databaseFile = config.database.file;
  const storageRoot = config.storage.root;

  await refuseNonEmpty(dataDir);
  // The database normally lives in DATA_DIR; DATABASE_URL=sqlite:… may put it elsewhere.
  if (!isInside(databaseFile, dataDir) && (await exists(databaseFile))) {
    throw new BackupError(
      `${databaseFile} already exists: restore only where there is no database`,
    );
  }
  await fs.access(file, fs.constants.R_OK).catch((error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    throw new BackupError(
      `Cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : describeFsError(error)}`,
    );
  });

  const manifest = await readArchive(file, scanEntries(file));

  // The first folder mkdir made, if any: removed again when the restore fails.
  const created = await fs.mkdir(dataDir, { recursive: true }).catch((error: unknown) => {
    throw new BackupError(`Cannot create DATA_DIR ${dataDir}: ${describeFsError(error)}`);
  });
  const staging = await fs.mkdtemp(path.join(dataDir, '.restoring-')).catch((error: unknown) => {
    throw new BackupError(`Cannot write in DATA_DIR ${dataDir}: ${describeFsError(error)}`);
  });
  const staged = {
    database: path.join(staging, 'database'),
    storage: path.join(staging, 'storage'),
  };
  const placed: string[] = [];
  try {
    await fs.mkdir(staged.storage);
    const extracted = await readArchive(file, extractEntries(file, staging, staged));
    if (!extracted.database) throw new BackupError(`${file} holds no database`);
    if (extracted.files !== manifest.counts.files) {
      throw new BackupError(
        `${file} is incomplete: its manifest counts ${manifest.counts.files} files, it holds ${extracted.files}`,
      );
    }
    await checkDatabase(staged.database, manifest, file);
    await placeFile(staged.database, databaseFile);
    placed.push(databaseFile);
    await placeFolder(staged.storage, storageRoot);
    placed.push(storageRoot);
    await fs.rmdir(staging);
  } catch (error) {
    // Only what this restore put there: placeFile and placeFolder never replace anything.
    for (const target of placed) await fs.rm(target, { recursive: true, force: true });
    await fs.rm(staging, { recursive: true, force: true });
    if (created) await fs.rm(created, { recursive: true, force: true });
    if (error instanceof BackupError) throw error;
    throw new BackupError(`Cannot restore into ${dataDir}: ${describeFsError(error)}`);
  }
  return { dataDir, manifest };
}

/** Runs one pass, telling an unreadable zip apart from our own refusals. */
async function readArchive<T>(file: string, pass: Promise<T>): Promise<T> {
  try {
    return await pass;
  } catch (error) {
    if (error instanceof ZipReadError) {
      throw new BackupError(`${file} is damaged or not a zip archive: ${error.message}`);
    }
    throw error;
  }
}

/**
 * Checks every name and reads the manifest, writing nothing. A name outside the three a backup
 * holds means a zip of something else; one that leads out of the folder is named as such.
 */
async function scanEntries(file: string): Promise<BackupManifest> {
  // Filled in by the visits (a holder: TypeScript does not see assignments inside callbacks).
  const found: { manifest?: Buffer; database: boolean } = { database: false };
  await forEachZipEntry(file, async (entry) => {
    checkName(entry.name, file);
    if (entry.name === manifestEntry) {
      if (entry.size > maxManifestBytes) {
        throw new BackupError(`${file} is not a Pinhole backup: its manifest.json is too large`);
      }
      found.manifest = await readAll(await entry.open());
    } else if (entry.name === databaseEntry) {
      found.database = true;
    }
  });
  if (!found.manifest) {
    throw new BackupError(`${file} is not a Pinhole backup: it has no manifest.json`);
  }
  const manifest = parseManifest(found.manifest, file);
  if (!migrationNames.includes(manifest.schema_version)) {
    throw new BackupError(
      `${file} was made by a newer Pinhole (database schema ${manifest.schema_version}): restore it with that version or a later one`,
    );
  }
  if (!found.database) throw new BackupError(`${file} holds no database`);
  return manifest;
}

function checkName(name: string, file: string): void {
  if (unsafeNameReason(name)) {
    throw new BackupError(
      `${file} is refused: its entry ${JSON.stringify(name)} would be written outside the ` +
        `folder (an absolute path or "..")`,
    );
  }
  const isStoredFile =
    name.startsWith(storageEntryPrefix) && name.length > storageEntryPrefix.length;
  if (name !== manifestEntry && name !== databaseEntry && !isStoredFile) {
    throw new BackupError(
      `${file} is not a Pinhole backup: it holds ${JSON.stringify(name)}, which a backup never does`,
    );
  }
}

async function extractEntries(
  file: string,
  staging: string,
  target: { database: string; storage: string },
): Promise<{ database: boolean; files: number }> {
  const result = { database: false, files: 0 };
  await forEachZipEntry(file, async (entry) => {
    // Checked again: the file could have changed since the first pass.
    checkName(entry.name, file);
    if (entry.name === manifestEntry || entry.name.endsWith('/')) return;
    let destination = target.database;
    if (entry.name !== databaseEntry) {
      destination = path.resolve(target.storage, entry.name.slice(storageEntryPrefix.length));
      if (!isInside(destination, target.storage)) {
        throw new BackupError(
          `${file} is refused: its entry ${JSON.stringify(entry.name)} would be written outside the folder`,
        );
      }
    } else if (result.database) {
      throw new BackupError(`${file} is damaged: it holds two databases`);
    }
    await fs.mkdir(path.dirname(destination), { recursive: true });
    try {
      // `wx`: the same name twice is a damaged archive, never a silent overwrite.
      await pipeline(await entry.open(), createWriteStream(destination, { flags: 'wx' }));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
        throw new BackupError(`${file} is damaged: it holds ${JSON.stringify(entry.name)} twice`);
      }
      if (error instanceof BackupError || error instanceof ZipReadError) throw error;
      if (isFsError(error)) {
        throw new BackupError(
          `Cannot restore into ${path.dirname(staging)}: ${describeFsError(error)}`,
        );
      }
      // zlib's errors (a damaged deflate stream) and premature ends: the archive's fault.
      throw new ZipReadError(error instanceof Error ? error.message : String(error));
    }
    if (entry.name === databaseEntry) result.database = true;
    else result.files += 1;
  });
  return result;
}

/** The restored database must be whole and of the schema its manifest names. */
async function checkDatabase(file: string, manifest: BackupManifest, archive: string) {
  const integrity = checkSqliteIntegrity(file);
  if (integrity !== 'ok') {
    throw new BackupError(`${archive} holds a damaged database (integrity check: ${integrity})`);
  }
  const db = openSqliteFile(file);
  try {
    const schema = await latestMigration(db);
    if (schema !== manifest.schema_version) {
      throw new BackupError(
        `${archive} is damaged: its database is at schema ${schema ?? 'none'}, its manifest says ${manifest.schema_version}`,
      );
    }
  } finally {
    await db.destroy();
  }
}

async function refuseNonEmpty(dataDir: string): Promise<void> {
  let names: string[];
  try {
    names = await fs.readdir(dataDir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return;
    if (code === 'ENOTDIR') throw new BackupError(`DATA_DIR ${dataDir} is a file, not a folder`);
    throw new BackupError(`Cannot read DATA_DIR ${dataDir}: ${describeFsError(error)}`);
  }
  if (names.length > 0) {
    throw new BackupError(
      `DATA_DIR ${dataDir} is not empty (${names.length} entr${names.length === 1 ? 'y' : 'ies'}): ` +
        `restore only into an empty or new folder; nothing was changed`,
    );
  }
}

/** A staged folder moves in with one rename, which fails rather than replace a folder with files. */
async function placeFolder(from: string, to: string): Promise<void> {
  await fs.mkdir(path.dirname(to), { recursive: true });
  try {
    await fs.rename(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTEMPTY' || code === 'EEXIST') {
      throw new BackupError(`${to} appeared during the restore: nothing was changed`);
    }
    throw error;
  }
}

/**
 * A staged file moves in through a hard link, which fails rather than replace a file that
 * appeared meanwhile; copied instead where no link can be made (a database outside DATA_DIR on
 * another file system).
 */
async function placeFile(from: string, to: string): Promise<void> {
  await fs.mkdir(path.dirname(to), { recursive: true });
  try {
    await fs.link(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new BackupError(`${to} appeared during the restore: nothing was changed`);
    }
    await fs.copyFile(from, to, fs.constants.COPYFILE_EXCL);
  }
  await fs.rm(from, { force: true });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

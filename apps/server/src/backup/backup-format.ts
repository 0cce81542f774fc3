import { z } from 'zod';
import type { Config } from '../env';

/**
 * The archive `npm run backup` writes: one zip holding
 * - `database.sqlite`: the SQLite snapshot (online backup API), deflated;
 * - `storage/<key>`: every stored file under `DATA_DIR/storage`, stored as is (images are
 *   compressed already);
 * - `manifest.json`: what it is and what it holds, written last since it counts the files.
 */
export const backupFormat = 'pinhole-backup';
/** Raised when a change to the layout would make an older `restore` misread an archive. */
export const backupFormatVersion = 1;

export const manifestEntry = 'manifest.json';
export const databaseEntry = 'database.sqlite';
export const storageEntryPrefix = 'storage/';

export const manifestSchema = z.object({
  format: z.literal(backupFormat),
  format_version: z.number().int().positive(),
  created_at: z.iso.datetime(),
  /** The last migration the database had run: a restore refuses one newer than it knows. */
  schema_version: z.string().min(1),
  counts: z.object({
    people: z.number().int().nonnegative(),
    posts: z.number().int().nonnegative(),
    likes: z.number().int().nonnegative(),
    comments: z.number().int().nonnegative(),
    sessions: z.number().int().nonnegative(),
    files: z.number().int().nonnegative(),
    file_bytes: z.number().int().nonnegative(),
  }),
  /**
   * Files the database names that the archive lacks: deleted between the snapshot and their turn
   * to be copied (a post deleted meanwhile), or missing from the instance already.
   */
  missing_files: z.number().int().nonnegative(),
});

export type BackupManifest = z.infer<typeof manifestSchema>;

/** A backup or restore that cannot go on; the message is the one line the command prints. */
export class BackupError extends Error {}

/**
 * Reads `manifest.json`, telling a foreign zip, an archive from a newer Pinhole and a damaged
 * manifest apart, each in its own words.
 */
export function parseManifest(bytes: Buffer, archive: string): BackupManifest {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new BackupError(`${archive} is not a Pinhole backup: its manifest.json is not JSON`);
  }
  const head = z.object({ format: z.unknown(), format_version: z.unknown() }).safeParse(value);
  if (!head.success || head.data.format !== backupFormat) {
    throw new BackupError(`${archive} is not a Pinhole backup: its manifest is of another format`);
  }
  const version = head.data.format_version;
  if (typeof version === 'number' && version > backupFormatVersion) {
    throw new BackupError(
      `${archive} was made by a newer Pinhole (backup format ${version}; this version reads ` +
        `up to ${backupFormatVersion}): restore it with that version or a later one`,
    );
  }
  const parsed = manifestSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BackupError(
      `${archive} has a damaged manifest (${issue?.path.join('.') || 'manifest'}: ${issue?.message ?? 'invalid'})`,
    );
  }
  return parsed.data;
}

/**
 * The commands handle what lives under `DATA_DIR` only. With PostgreSQL or S3 a half backup (the
 * database without the files, or the other way round) would look complete and be useless, so
 * they refuse and point to the provider's own tools.
 */
export function refuseUnsupported(config: Config): void {
  const postgres = config.database.kind === 'postgres';
  const s3 = config.storage.driver === 's3';
  if (!postgres && !s3) return;
  const uses =
    postgres && s3
      ? 'PostgreSQL (DATABASE_URL) and S3 storage (STORAGE_DRIVER=s3)'
      : postgres
        ? 'PostgreSQL (DATABASE_URL)'
        : 'S3 storage (STORAGE_DRIVER=s3)';
  throw new BackupError(
    `This instance uses ${uses}: back it up with pg_dump and a bucket copy as ` +
      `docs/operations.md "Backup and restore" describes; these commands handle SQLite with ` +
      `local storage only`,
  );
}

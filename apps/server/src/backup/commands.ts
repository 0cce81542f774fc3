import type { Config } from '../env';
import type { BackupManifest } from './backup-format';
import { createBackup } from './create-backup';
import { restoreBackup } from './restore-backup';

/** What a command prints: one line, and warnings (each its own line on stderr) before it. */
export interface CommandOutput {
  line: string;
  warnings: string[];
}

/**
 * One `npm run backup|restore -- …` command. `prepare` checks the arguments before any file is
 * opened and answers null when they do not fit the usage; the function it answers runs the
 * command and returns what to print, or throws a BackupError whose message is the line to print
 * (exit code 1).
 */
export interface BackupCommand {
  name: string;
  /** As typed after `npm run `: `backup -- <file> [--force]`. */
  usage: string;
  prepare(args: readonly string[]): ((config: Config) => Promise<CommandOutput>) | null;
}

/** The one file argument, or null (none, several, empty, or an option we do not know). */
function fileArgument(args: readonly string[]): string | null {
  const file = args[0];
  if (args.length !== 1 || !file || file.trim() === '' || file.startsWith('-')) return null;
  return file;
}

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const summary = ({ counts }: BackupManifest) =>
  `${count(counts.people, 'person', 'people')}, ${count(counts.posts, 'post')}, ` +
  `${count(counts.likes, 'like')}, ${count(counts.comments, 'comment')}, ` +
  `${count(counts.files, 'file')} (${megabytes(counts.file_bytes)})`;

/** Files the snapshot names that were gone by their turn to be copied. */
function missingFilesWarning(count: number): string {
  return count === 1
    ? '1 file named by the database was deleted before it could be copied (a post deleted ' +
        'while the backup ran?): the backup has its row but not the file'
    : `${count} files named by the database were deleted before they could be copied (posts ` +
        'deleted while the backup ran?): the backup has their rows but not the files';
}

/**
 * `backup <file> [--force]`: an existing file is only replaced with --force (a backup overwriting
 * yesterday's by a typo would lose it).
 */
export const backupCommand: BackupCommand = {
  name: 'backup',
  usage: 'backup -- <file> [--force]',
  prepare(args) {
    const force = args.includes('--force');
    const file = fileArgument(args.filter((arg) => arg !== '--force'));
    if (!file) return null;
    return async (config) => {
      const result = await createBackup(config, file, { force });
      const missing = result.manifest.missing_files;
      return {
        line: `Backed up ${config.dataDir} into ${result.file} (${megabytes(result.bytes)}): ${summary(result.manifest)}`,
        warnings: missing > 0 ? [missingFilesWarning(missing)] : [],
      };
    };
  },
};

/** `restore <file>`: into the configured DATA_DIR, which must be empty or missing. */
export const restoreCommand: BackupCommand = {
  name: 'restore',
  usage: 'restore -- <file>',
  prepare(args) {
    const file = fileArgument(args);
    if (!file) return null;
    return async (config) => {
      const { dataDir, manifest } = await restoreBackup(config, file);
      return {
        line:
          `Restored ${file} (taken ${manifest.created_at}) into ${dataDir}: ${summary(manifest)}; ` +
          `start the server with this DATA_DIR`,
        warnings: [],
      };
    };
  },
};

/** Every command of backup-cli.ts. */
export const backupCommands: readonly BackupCommand[] = [backupCommand, restoreCommand];

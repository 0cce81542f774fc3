import fs from 'node:fs/promises';
import path from 'node:path';

/** A file-system error in plain words, for the one line a command prints. */
export function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  switch (code) {
    case 'ENOENT':
      return 'the folder does not exist';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'it is a folder';
    case 'ENOTDIR':
      return 'a part of the path is a file, not a folder';
    case 'EROFS':
      return 'the file system is read-only';
    case 'ENOSPC':
    case 'EDQUOT':
      return 'the disk is full';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

/** True for an error of the file system (ENOSPC, EACCES…), as opposed to a damaged archive. */
export function isFsError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' && /^E[A-Z]+$/.test(code);
}

/** True when `file` is strictly inside `folder` (after resolving `..`). */
export function isInside(file: string, folder: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

export async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

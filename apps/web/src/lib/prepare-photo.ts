import { limits, pickedFileProblems } from '@pinhole/contracts';
import { readImageKind, type ImageKind } from './image-bytes';

export type PreparedPhoto = { file: File; problem?: undefined } | { problem: string };

/**
 * A picked file made ready to send, or why not, before any preview: a picture by its bytes (not
 * its name), and one over the server's 5 MB made smaller here rather than refused.
 */
export async function preparePhoto(
  file: File,
  /** Its kind when its first bytes were already read (`null`: not a picture). */
  knownKind?: ImageKind | null,
): Promise<PreparedPhoto> {
  const kind = knownKind !== undefined ? knownKind : await readImageKind(file).catch(() => null);
  if (kind === null) return { problem: pickedFileProblems.notAPicture(file.name) };
  if (file.size <= limits.maxUploadBytes) return { file };
  // Drawing a GIF keeps only its first frame: better refused than silently stilled.
  if (kind === 'gif') return { problem: pickedFileProblems.cannotShrink(file.name) };
  try {
    const { shrinkPhoto } = await import('./shrink-photo');
    const smaller = await shrinkPhoto(file, limits.maxUploadBytes);
    if (smaller) return { file: smaller };
  } catch {
    // The browser cannot decode it (HEIC outside Safari): only the server could, under 5 MB.
  }
  return { problem: pickedFileProblems.cannotShrink(file.name) };
}

/** Each file prepared in order; the ready ones, and the problems of the others. */
export async function preparePhotos(files: Iterable<File>) {
  const ready: File[] = [];
  const problems: string[] = [];
  // One at a time: several 24-megapixel bitmaps at once are too much for a phone's memory.
  for (const file of files) {
    const prepared = await preparePhoto(file);
    if (prepared.problem === undefined) ready.push(prepared.file);
    else problems.push(prepared.problem);
  }
  return { ready, problems };
}

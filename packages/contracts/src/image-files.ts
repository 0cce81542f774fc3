import { limits } from './limits';
import { messages } from './messages';

// No zod here: the home's first script (the stories strip's picker) imports these, and a module
// with schemas would bring zod's 24 KB into it.

/**
 * What the web client's file pickers accept: every image type, and HEIC/HEIF (iPhone photos) by
 * name too, because a browser that cannot show HEIC often gives such a file no type at all.
 */
export const imageFileAccept = 'image/*,.heic,.heif,image/heic,image/heif';

const heicFileName = /\.(heic|heif)$/i;

/** True when a chosen file may be an image: the server then decides from its bytes. */
export function isImageFile(file: { type: string; name?: string }): boolean {
  return file.type.startsWith('image/') || heicFileName.test(file.name ?? '');
}

/** Client-side check of a chosen file, with the spec's messages. */
export function checkImageFile(file: { size: number; type: string; name?: string }): string | null {
  if (file.size > limits.maxUploadBytes) return messages.fileTooLarge;
  if (!isImageFile(file)) return messages.notAnImage;
  return null;
}

/**
 * A picked file's problem, naming the file (one of several picked at once is then found), with
 * the spec's message word for word.
 */
export const pickedFileProblems = {
  notAPicture: (name: string) => `${name} is not a picture. ${messages.notAnImage}`,
  cannotShrink: (name: string) => `${name} could not be made smaller. ${messages.fileTooLarge}`,
};

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

// Videos' beside photos' (one module): the pickers that take both fetch one chunk, not two.

/** The video types Pinhole takes (API.md Part 4, "Video"); the server decides from the bytes. */
export const videoFileTypes = ['video/mp4', 'video/quicktime', 'video/webm'] as const;

/** What a picker adds to its `accept` where the server can take videos (`video: true`). */
export const videoFileAccept = videoFileTypes.join(',');

const videoFileName = /\.(mp4|m4v|mov|webm)$/i;

/** True when a chosen file may be a video by its type or name (its bytes decide in the end). */
export function isVideoFile(file: { type: string; name?: string }): boolean {
  return file.type.startsWith('video/') || videoFileName.test(file.name ?? '');
}

/**
 * Videos' words, the same from the server and the client. Here, not in `messages`: that module is
 * in the first script of every page, and only the pickers and the upload routes need these.
 */
export const videoMessages = {
  /** A server without ffmpeg/ffprobe (`GET /api/instance` says `video: false`) takes no video. */
  needsFfmpeg: 'Videos need ffmpeg on the server',
  /** A file that says it is a video but is not one ffprobe reads as MP4, MOV or WebM. */
  notAVideo: 'This video file is damaged, incomplete or not an MP4, MOV or WebM video',
  hasNoPicture: 'This video has no picture (audio only)',
  /** A video whose transcoding failed: its post stays its author's only. */
  failed: 'This video could not be processed',
  tooLong: (seconds: number) => `Videos must be at most ${seconds} seconds long`,
  tooLarge: (megabytes: number) => `Videos must be smaller than ${megabytes}MB`,
  tooWide: (pixels: number) => `Videos must be at most ${pixels} pixels on each side`,
} as const;

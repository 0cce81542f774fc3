// No zod here, as in image-files.ts: the pickers import these.

/** The video types Pinhole takes (API.md Part 4, "Video"); the server decides from the bytes. */
export const videoFileTypes = ['video/mp4', 'video/quicktime', 'video/webm'] as const;

/** What a picker adds to its `accept` where the server can take videos (`video: true`). */
export const videoFileAccept = videoFileTypes.join(',');

const videoFileName = /\.(mp4|m4v|mov|webm)$/i;

/** True when a chosen file may be a video by its type or name (its bytes decide in the end). */
export function isVideoFile(file: { type: string; name?: string }): boolean {
  return file.type.startsWith('video/') || videoFileName.test(file.name ?? '');
}

/** Videos' words, the same from the server (its 415) and the client (a picked video). */
export const videoMessages = {
  /** A server without ffmpeg (`GET /api/instance` says `video: false`) takes no video. */
  needsFfmpeg: 'Videos need ffmpeg on the server',
} as const;

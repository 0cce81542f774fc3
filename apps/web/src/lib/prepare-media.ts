import { isVideoFile, videoMessages } from '@pinhole/contracts';
import { preparePhoto } from './prepare-photo';
import { readFirstBytes, sniffImageKind } from './image-bytes';
import { sniffVideoKind } from './video-bytes';

export type MediaKind = 'photo' | 'video';

export type PreparedMedia =
  { file: File; kind: MediaKind; problem?: undefined } | { problem: string };

/** Whether the server takes videos: asked only of a video, so a photo never waits on it. */
export type VideoAllowed = () => Promise<boolean>;

/**
 * A picked file made ready to send: a video as it is (the server checks and transcodes it) where
 * the server takes videos, else a photo as `preparePhoto` makes it. A video where the server has
 * no ffmpeg says so, rather than "not a picture".
 */
export async function prepareMedia(file: File, videoAllowed: VideoAllowed): Promise<PreparedMedia> {
  // One read of the first bytes tells a video from a photo (and a photo's kind).
  const head = await readFirstBytes(file).catch(() => null);
  if (head && sniffVideoKind(head) !== null)
    return (await videoAllowed())
      ? { file, kind: 'video' }
      : { problem: videoMessages.needsFfmpeg };
  const photo = await preparePhoto(file, head && sniffImageKind(head));
  if (photo.problem === undefined) return { file: photo.file, kind: 'photo' };
  // Named or typed as a video, bytes not of one we know: still a better word than "not a picture".
  if (isVideoFile(file) && !(await videoAllowed())) return { problem: videoMessages.needsFfmpeg };
  return photo;
}

/** Each file prepared in order (one at a time, as photos are): the ready ones, and problems. */
export async function prepareMediaList(files: Iterable<File>, videoAllowed: VideoAllowed) {
  const ready: { file: File; kind: MediaKind }[] = [];
  const problems: string[] = [];
  for (const file of files) {
    const prepared = await prepareMedia(file, videoAllowed);
    if (prepared.problem === undefined) ready.push({ file: prepared.file, kind: prepared.kind });
    else problems.push(prepared.problem);
  }
  return { ready, problems };
}

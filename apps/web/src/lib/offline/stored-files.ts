/** The parts of a request the worker's rules read (a `Request` has them all). */
export interface StoredFileRequest {
  destination: string;
  headers: { has: (name: string) => boolean };
}

// A video's file by its name: the server stores every video as MP4 (and a remote copy too).
const videoName = /\.(mp4|m4v|mov|webm)$/i;
// A message's files are not kept: the server asks for a participant's session each time, which a
// cached copy would not (another account on this device, or the message unsent).
const messageFile = /^\/storage\/[^/]+\/[^/]+\/messages\//;

/**
 * A video, or a piece of one. The worker leaves these to the browser and the network: a video is
 * megabytes (300 of them would fill a phone's cache), it is played in pieces (`Range` requests
 * answered 206, which a cache cannot store and would answer with the whole file, breaking
 * seeking), and the browser keeps its own media cache.
 */
export function isVideoRequest(request: StoredFileRequest, url: URL): boolean {
  return (
    request.destination === 'video' ||
    request.destination === 'audio' ||
    request.headers.has('range') ||
    videoName.test(url.pathname)
  );
}

/**
 * Whether the worker keeps this stored file (a photo of /storage, which never changes under its
 * address) for reading offline: not a message's file, not a video.
 */
export function isKeptStoredFile(request: StoredFileRequest, url: URL): boolean {
  return (
    url.pathname.startsWith('/storage/') &&
    !messageFile.test(url.pathname) &&
    !isVideoRequest(request, url)
  );
}

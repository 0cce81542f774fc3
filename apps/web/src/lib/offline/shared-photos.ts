import { offlineCaches } from './cache-names';

/**
 * The photos shared to the installed app (the service worker kept them), in the order shared;
 * taken once: they are forgotten here, so a reload does not offer them again.
 */
export async function takeSharedPhotos(): Promise<File[]> {
  if (typeof caches === 'undefined') return [];
  const cache = await caches.open(offlineCaches.shared);
  const requests = await cache.keys();
  const index = (request: Request) => Number(new URL(request.url).pathname.split('/').pop());
  const files: File[] = [];
  for (const request of [...requests].sort((a, b) => index(a) - index(b))) {
    const response = await cache.match(request);
    if (!response) continue;
    const name = decodeURIComponent(response.headers.get('x-file-name') ?? 'photo');
    files.push(
      new File([await response.blob()], name, {
        type: response.headers.get('content-type') ?? '',
      }),
    );
  }
  await caches.delete(offlineCaches.shared);
  return files;
}

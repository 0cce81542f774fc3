import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { shareTarget } from '@pinhole/contracts';
import { keptCopyHeader, offlineCaches } from '@/lib/offline/cache-names';
import { isKeptStoredFile } from '@/lib/offline/stored-files';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

const shellUrl = '/index.html';

// The built files: hashed assets and the bare page, served from the cache first. The bare page
// only answers a navigation that finds neither the network nor a page kept from before: "/" is
// drawn per reader by the server, so it is never answered from the precache by its own address.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();
// A new release takes over at once: its files are all in place before it activates.
void self.skipWaiting();
clientsClaim();

const sameOrigin = (url: URL) => url.origin === self.location.origin;

// Pages: the network first (they carry the reader's session and fresh data), the last copy
// when offline, else the bare page, whose app then reads the API answers kept below.
const pages = new NetworkFirst({
  cacheName: offlineCaches.pages,
  plugins: [new ExpirationPlugin({ maxEntries: 30 })],
});
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && sameOrigin(url),
  async (options) => {
    try {
      return await pages.handle(options);
    } catch {
      return (await matchPrecache(shellUrl)) ?? Response.error();
    }
  },
);

// The live stream never ends (a cache would wait for it forever), and a share is a POST.
const notKept = /^\/api\/(events|openapi\.json)(\/|$)/;
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith('/api/') && !notKept.test(url.pathname),
  new NetworkFirst({
    cacheName: offlineCaches.api,
    plugins: [
      new ExpirationPlugin({ maxEntries: 100 }),
      {
        // NetworkFirst reads its cache only when the network failed: say so to the page.
        cachedResponseWillBeUsed: async ({ cachedResponse }) => {
          if (!cachedResponse) return cachedResponse;
          const headers = new Headers(cachedResponse.headers);
          headers.set(keptCopyHeader, '1');
          return new Response(await cachedResponse.blob(), {
            status: cachedResponse.status,
            statusText: cachedResponse.statusText,
            headers,
          });
        },
      },
    ],
  }),
  'GET',
);

// Stored photos never change under their address. Neither a message's files (asked for with a
// participant's session each time) nor videos (megabytes, played by Range requests) are kept:
// no route takes them, so the browser asks the network itself (stored-files.ts).
registerRoute(
  ({ request, url }) => sameOrigin(url) && isKeptStoredFile(request, url),
  new CacheFirst({
    cacheName: offlineCaches.photos,
    plugins: [new ExpirationPlugin({ maxEntries: 300, purgeOnQuotaError: true })],
  }),
  'GET',
);

/** Where the app finds the photos shared to it, by their place in the share. */
const sharedPhotoUrl = (index: number) => `/shared-photos/${index}`;

// Photos shared from the phone's gallery (the manifest's share_target): kept for the app, which
// the redirect opens with the create dialog. A POST: it never reaches the routes above.
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname === shareTarget.action,
  async ({ request }) => {
    const form = await request.formData();
    const photos = form
      .getAll(shareTarget.field)
      .filter((entry): entry is File => entry instanceof File);
    await caches.delete(offlineCaches.shared);
    const cache = await caches.open(offlineCaches.shared);
    await Promise.all(
      photos.map((photo, index) =>
        cache.put(
          sharedPhotoUrl(index),
          new Response(photo, {
            headers: {
              'content-type': photo.type,
              'x-file-name': encodeURIComponent(photo.name),
            },
          }),
        ),
      ),
    );
    const received = `/?${shareTarget.param}=${shareTarget.received}`;
    return Response.redirect(photos.length > 0 ? received : '/', 303);
  },
  'POST',
);

interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
}

// A push from the server (its body decrypted by the browser): shown as the phone's notification.
self.addEventListener('push', (event) => {
  let message: PushMessage;
  try {
    message = event.data?.json() as PushMessage;
  } catch {
    return;
  }
  if (!message?.title) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: '/pwa-192x192.png',
      badge: '/pwa-64x64.png',
      data: { url: message.url },
    }),
  );
});

// A tap opens the page the push names, in the app's window when one is open.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { url } = (event.notification.data ?? {}) as { url?: string };
  const target = new URL(url ?? '/', self.location.origin);
  if (!sameOrigin(target)) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => sameOrigin(new URL(client.url)));
      if (open) {
        await open.focus();
        await open.navigate(target.href);
      } else {
        await self.clients.openWindow(target.href);
      }
    })(),
  );
});

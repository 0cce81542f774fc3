import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { offlineCaches } from '@/lib/offline/cache-names';

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
    plugins: [new ExpirationPlugin({ maxEntries: 100 })],
  }),
  'GET',
);

// Stored photos never change under their address.
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith('/storage/'),
  new CacheFirst({
    cacheName: offlineCaches.photos,
    plugins: [new ExpirationPlugin({ maxEntries: 300, purgeOnQuotaError: true })],
  }),
  'GET',
);

/**
 * The caches the service worker fills beside its precache, named here once: the worker writes
 * them and the page empties the personal ones when someone signs out.
 */
export const offlineCaches = {
  /** API answers (feed, profiles, posts, the session), kept for reading offline. */
  api: 'pinhole-api',
  /** Pages the server drew for the reader (they carry the session and the page's data). */
  pages: 'pinhole-pages',
  /** Photos from /storage, which may be a private account's. */
  photos: 'pinhole-photos',
  /** Photos shared to the installed app from the phone's gallery, until the app takes them. */
  shared: 'pinhole-shared',
} as const;

/**
 * Set by the worker on an API answer it gives from its cache because the network gave none: the
 * page then knows it is offline even where Chromium's `navigator.onLine` still says online (a
 * page the worker drew offline).
 */
export const keptCopyHeader = 'x-pinhole-kept-copy';

/** Every cache that holds what one person saw: a shared phone must not show it to the next. */
export const personalCaches = [
  offlineCaches.api,
  offlineCaches.pages,
  offlineCaches.photos,
  offlineCaches.shared,
];

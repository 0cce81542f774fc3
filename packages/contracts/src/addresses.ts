/**
 * First path segments the app, the API and the server own (docs/api.md, "Addresses"). A username is
 * also a first segment (`/:username`), so none of these can be one; nor can the names of files
 * served at the root.
 */
export const reservedUsernames: ReadonlySet<string> = new Set([
  // the client's pages
  'p',
  'explore',
  'stories',
  'notifications',
  'accounts',
  'admin',
  // the server
  'api',
  'storage',
  'assets',
  'healthz',
  'readyz',
  'metrics',
  // files at the root
  'robots.txt',
  'favicon.svg',
  'favicon.ico',
  'index.html',
  'sitemap.xml',
  'manifest.webmanifest',
  // dot segments: browsers resolve `/..` before asking, so such a profile could not be opened
  '.',
  '..',
  // pages people expect to exist, or to mean the site itself
  'about',
  'help',
  'legal',
  'privacy',
  'terms',
  'settings',
  'login',
  'signup',
  'direct',
  'reels',
  'static',
  'docs',
  'www',
  'pinhole',
]);

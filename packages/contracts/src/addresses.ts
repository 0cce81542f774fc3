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
  'direct',
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

const segment = encodeURIComponent;

/**
 * A person's first path segment: `alice`, or `@alice@photos.example` for someone of another server
 * (`alice@photos.example`), as Mastodon writes them. The `@`s and a host's port stay readable; the
 * rest is encoded like any segment.
 */
function personSegment(username: string): string {
  const at = username.indexOf('@');
  if (at < 0) return segment(username);
  const host = segment(username.slice(at + 1)).replace(/%3A/gi, ':');
  return `@${segment(username.slice(0, at))}@${host}`;
}

/** The settings pages, each at `/accounts/<name>`. */
export const accountPageNames = [
  'edit',
  'password',
  'sessions',
  'delete',
  'import',
  'blocked',
  'notifications',
  'password/reset',
] as const;
export type AccountPageName = (typeof accountPageNames)[number];

/**
 * The admin page's tabs, each at an address of its own so a reload or a shared link opens the
 * same tab: `/admin` is the first (Reports), the others `/admin/<name>`.
 */
export const adminSections = [
  'reports',
  'users',
  'servers',
  'invites',
  'numbers',
  'about',
  'audit',
] as const;
export type AdminSection = (typeof adminSections)[number];

/**
 * Every page of the app, written once for the server (which answers each address with the app's
 * page, drawn or not) and the web client (whose router matches each `pattern`, and whose links are
 * built by `to`). Usernames and ids are encoded, so a name with odd characters can never reach
 * into another path. No zod here: the first screen's script builds its links from this table.
 */
export const pagePaths = {
  home: { pattern: '/', to: () => '/' },
  profile: { pattern: '/:username', to: (username: string) => `/${personSegment(username)}` },
  profileSaved: {
    pattern: '/:username/saved',
    to: (username: string) => `/${personSegment(username)}/saved`,
  },
  profileTagged: {
    pattern: '/:username/tagged',
    to: (username: string) => `/${personSegment(username)}/tagged`,
  },
  followers: {
    pattern: '/:username/followers',
    to: (username: string) => `/${personSegment(username)}/followers`,
  },
  following: {
    pattern: '/:username/following',
    to: (username: string) => `/${personSegment(username)}/following`,
  },
  post: { pattern: '/p/:id', to: (id: string) => `/p/${segment(id)}` },
  /** Who liked a post: a dialog over the page on wide screens, a page of its own otherwise. */
  likedBy: { pattern: '/p/:id/liked_by', to: (id: string) => `/p/${segment(id)}/liked_by` },
  explore: { pattern: '/explore', to: () => '/explore' },
  explorePeople: { pattern: '/explore/people', to: () => '/explore/people' },
  exploreTag: {
    pattern: '/explore/tags/:tag',
    to: (tag: string) => `/explore/tags/${segment(tag)}`,
  },
  story: {
    pattern: '/stories/:username/:id',
    to: (username: string, id: string) => `/stories/${segment(username)}/${segment(id)}`,
  },
  notifications: { pattern: '/notifications', to: () => '/notifications' },
  directInbox: { pattern: '/direct/inbox', to: () => '/direct/inbox' },
  directRequests: { pattern: '/direct/requests', to: () => '/direct/requests' },
  directThread: { pattern: '/direct/t/:id', to: (id: string) => `/direct/t/${segment(id)}` },
  /** The settings pages, one address each (`/accounts/edit`, …): see `accountPageNames`. */
  account: { to: (page: AccountPageName) => `/accounts/${page}` },
  admin: {
    pattern: '/admin',
    to: (section: AdminSection = 'reports') =>
      section === 'reports' ? '/admin' : `/admin/${section}`,
  },
  /** The instance's name, description, rules and contact. */
  about: { pattern: '/about', to: () => '/about' },
} as const;

/**
 * The installed app's share target (its manifest's `share_target`): a phone posts the photos it
 * shares to `action`, multipart, as `field`. The service worker keeps them and opens
 * `/?shared=photos`; with no worker yet (the first visit) the server keeps nothing and opens
 * `/?shared=unavailable`, where the app asks to be opened once before sharing again.
 */
export const shareTarget = {
  action: '/share',
  field: 'photos',
  param: 'shared',
  received: 'photos',
  unavailable: 'unavailable',
} as const;

/** Every page's route, the settings pages one by one: what the server answers as a page. */
export function pagePatterns(): string[] {
  return [
    ...Object.values(pagePaths).flatMap((page) => ('pattern' in page ? [page.pattern] : [])),
    ...accountPageNames.map((name) => pagePaths.account.to(name)),
    ...adminSections.filter((name) => name !== 'reports').map((name) => pagePaths.admin.to(name)),
  ];
}

/** A person of another server is addressed `user@host`; a local username never holds `@`. */
export function isRemoteUsername(username: string): boolean {
  return username.includes('@');
}

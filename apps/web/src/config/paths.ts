/**
 * Every address the web client owns (API.md, Part 2, "Addresses"), written once: components
 * build links from here, the router matches `pattern`s from here. Usernames and ids are encoded,
 * so a name with odd characters can never reach into another path.
 */
const segment = encodeURIComponent;

/** The pages under `/accounts/`, with the titles their placeholders show until they are built. */
export const accountPages = {
  edit: 'Edit profile',
  password: 'Change password',
  sessions: "Where you're signed in",
  delete: 'Delete account',
  import: 'Import posts',
  blocked: 'Blocked accounts',
  notifications: 'Notifications',
  'password/reset': 'Reset password',
} as const;
export type AccountPage = keyof typeof accountPages;

export const paths = {
  home: { pattern: '/', to: () => '/' },
  profile: { pattern: '/:username', to: (username: string) => `/${segment(username)}` },
  profileSaved: {
    pattern: '/:username/saved',
    to: (username: string) => `/${segment(username)}/saved`,
  },
  profileTagged: {
    pattern: '/:username/tagged',
    to: (username: string) => `/${segment(username)}/tagged`,
  },
  followers: {
    pattern: '/:username/followers',
    to: (username: string) => `/${segment(username)}/followers`,
  },
  following: {
    pattern: '/:username/following',
    to: (username: string) => `/${segment(username)}/following`,
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
  /** The settings pages, one address each (`/accounts/edit`, …); see `accountPages`. */
  account: { to: (page: AccountPage) => `/accounts/${page}` },
  admin: { pattern: '/admin', to: () => '/admin' },
  /** The instance's name, description, rules and contact. */
  about: { pattern: '/about', to: () => '/about' },
} as const;

/** The address to share: absolute, on the origin the reader is using. */
export function absoluteUrl(path: string, origin = window.location.origin): string {
  return new URL(path, origin).href;
}

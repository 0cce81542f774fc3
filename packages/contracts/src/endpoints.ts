/**
 * Every call of the API the web client makes, by name: its method and its route, written as the
 * server registers it (`:id` is a path parameter). Fetchers name a call and never write an
 * address; `endpoint-schemas.ts` gives each name its request and response schemas.
 *
 * No zod here, nor any import that brings it: the first screen's script builds its addresses from
 * this table, and zod (checking answers in development only) must stay out of that script.
 */
export const endpoints = {
  // sessions and accounts
  session: 'GET /api/auth/session',
  signIn: 'POST /api/auth/sign-in',
  signUp: 'POST /api/auth/sign-up',
  signOut: 'POST /api/auth/sign-out',
  requestPasswordReset: 'POST /api/auth/password-reset',
  confirmPasswordReset: 'POST /api/auth/password-reset/confirm',
  changePassword: 'POST /api/auth/password',
  sessions: 'GET /api/auth/sessions',
  endOtherSessions: 'DELETE /api/auth/sessions',
  endSession: 'DELETE /api/auth/sessions/:id',
  updateProfile: 'PATCH /api/profiles/me',
  changeAvatar: 'PUT /api/profiles/me/avatar',
  removeAvatar: 'DELETE /api/profiles/me/avatar',
  deleteAccount: 'DELETE /api/me',
  exportArchive: 'GET /api/me/export',
  startImport: 'POST /api/me/import',
  importStatus: 'GET /api/me/import/:id',
  // posts, likes, saves, comments
  feed: 'GET /api/posts',
  createPost: 'POST /api/posts',
  post: 'GET /api/posts/:id',
  updatePost: 'PATCH /api/posts/:id',
  deletePost: 'DELETE /api/posts/:id',
  like: 'PUT /api/posts/:id/like',
  unlike: 'DELETE /api/posts/:id/like',
  likers: 'GET /api/posts/:id/likes',
  save: 'PUT /api/posts/:id/save',
  unsave: 'DELETE /api/posts/:id/save',
  savedPosts: 'GET /api/me/saved',
  comments: 'GET /api/posts/:id/comments',
  addComment: 'POST /api/posts/:id/comments',
  deleteComment: 'DELETE /api/comments/:id',
  // people
  profileByUsername: 'GET /api/profiles/by-username/:username',
  profilePosts: 'GET /api/profiles/:id/posts',
  taggedPosts: 'GET /api/profiles/:id/tagged',
  followers: 'GET /api/profiles/:id/followers',
  following: 'GET /api/profiles/:id/following',
  follow: 'PUT /api/profiles/:id/follow',
  unfollow: 'DELETE /api/profiles/:id/follow',
  followRequests: 'GET /api/me/follow-requests',
  approveFollowRequest: 'POST /api/me/follow-requests/:profileId/approve',
  declineFollowRequest: 'DELETE /api/me/follow-requests/:profileId',
  block: 'PUT /api/profiles/:id/block',
  unblock: 'DELETE /api/profiles/:id/block',
  blockedPeople: 'GET /api/me/blocks',
  suggestions: 'GET /api/suggestions',
  // discovery
  search: 'GET /api/search',
  explore: 'GET /api/explore',
  hashtagPosts: 'GET /api/hashtags/:name/posts',
  // notifications and stories
  notifications: 'GET /api/notifications',
  markNotificationsRead: 'POST /api/notifications/read',
  events: 'GET /api/events',
  // web push
  pushKey: 'GET /api/push/key',
  subscribePush: 'POST /api/push/subscriptions',
  unsubscribePush: 'DELETE /api/push/subscriptions',
  notificationSettings: 'GET /api/me/notification-settings',
  saveNotificationSettings: 'PUT /api/me/notification-settings',
  // direct messages
  conversations: 'GET /api/conversations',
  conversationMessages: 'GET /api/conversations/:id/messages',
  sendMessage: 'POST /api/conversations/:id/messages',
  markConversationRead: 'POST /api/conversations/:id/read',
  startConversation: 'POST /api/conversations',
  acceptConversation: 'POST /api/conversations/:id/accept',
  leaveConversation: 'DELETE /api/conversations/:id',
  unsendMessage: 'DELETE /api/messages/:id',
  storyTrays: 'GET /api/stories',
  createStory: 'POST /api/stories',
  filters: 'GET /api/filters',
  story: 'GET /api/stories/:id',
  markStoryViewed: 'PUT /api/stories/:id/view',
  storyViewers: 'GET /api/stories/:id/viewers',
  deleteStory: 'DELETE /api/stories/:id',
  // the instance and its moderation
  report: 'POST /api/reports',
  instance: 'GET /api/instance',
  updateInstance: 'PUT /api/admin/instance',
  adminReports: 'GET /api/admin/reports',
  resolveReport: 'POST /api/admin/reports/:id/resolve',
  adminUsers: 'GET /api/admin/users',
  suspendUser: 'POST /api/admin/users/:id/suspend',
  unsuspendUser: 'POST /api/admin/users/:id/unsuspend',
  adminStats: 'GET /api/admin/stats',
  invites: 'GET /api/admin/invites',
  createInvite: 'POST /api/admin/invites',
  auditLog: 'GET /api/admin/audit',
  domainBlocks: 'GET /api/admin/domains',
  putDomainBlock: 'PUT /api/admin/domains/:domain',
  removeDomainBlock: 'DELETE /api/admin/domains/:domain',
  /** The readable API reference: a link, never fetched. */
  apiDocs: 'GET /api/docs',
} as const satisfies Record<string, `${EndpointMethod} /api/${string}`>;

export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type EndpointName = keyof typeof endpoints;

type RouteOf<N extends EndpointName> = (typeof endpoints)[N] extends `${string} ${infer Route}`
  ? Route
  : never;
type ParamNames<Route extends string> = Route extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Route extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path parameters of a call, named as in its route (`{ id }` for `/api/posts/:id`). */
export type EndpointParams<N extends EndpointName> = { [K in ParamNames<RouteOf<N>>]: string };

/** A query string's values; `null` and `undefined` leave the parameter out. */
export type EndpointQuery = Record<string, string | number | boolean | null | undefined>;

/** Calls without path parameters need no `params`. */
export type ParamsArgument<N extends EndpointName> = [ParamNames<RouteOf<N>>] extends [never]
  ? { params?: undefined }
  : { params: EndpointParams<N> };

export function endpointMethod(name: EndpointName): EndpointMethod {
  return endpoints[name].slice(0, endpoints[name].indexOf(' ')) as EndpointMethod;
}

/**
 * The address of a call: its route with each `:name` replaced by the encoded parameter (so an id
 * or a username with odd characters can never reach into another path), and the query string.
 */
export function endpointPath<N extends EndpointName>(
  name: N,
  params?: EndpointParams<N>,
  query?: EndpointQuery,
): string {
  const route = endpoints[name].slice(endpoints[name].indexOf(' ') + 1);
  const values = (params ?? {}) as Record<string, string>;
  const path = route.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(values[key] ?? ''));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) search.set(key, String(value));
  }
  const searchText = search.toString();
  return searchText === '' ? path : `${path}?${searchText}`;
}

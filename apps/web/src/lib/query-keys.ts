/**
 * Cache keys shared across features. Features must not import each other, yet a like or a new
 * comment has to update a post wherever it is cached, so the key layout lives here, in one place.
 */
export const queryKeys = {
  session: ['auth', 'session'] as const,
  /** Every cached list of posts (`InfiniteData<PostPage>`) sits under this prefix. */
  posts: ['posts'] as const,
  /** Both home feeds; `feedOf` one of them. */
  feed: ['posts', 'feed'] as const,
  feedOf: (kind: 'everyone' | 'following') => ['posts', 'feed', kind] as const,
  /** The signed-in reader's chosen home feed (outside `posts`: it is not a list). */
  feedChoice: ['home', 'feed-choice'] as const,
  profilePosts: (profileId: string) => ['posts', 'profile', profileId] as const,
  /** The reader's saved posts, newest saved first (`/:username/saved`). */
  saved: ['posts', 'saved'] as const,
  /** Posts by others that mention a person (`/:username/tagged`). */
  taggedPosts: (profileId: string) => ['posts', 'tagged', profileId] as const,
  /** `/explore`'s grid. */
  explore: ['posts', 'explore'] as const,
  /** A hashtag's posts, by its lowercase name (`/explore/tags/:tag`); each page names the tag. */
  hashtagPosts: (name: string) => ['posts', 'hashtag', name] as const,
  /** One post on its own (`/p/:id`); outside `posts`, which holds only lists. */
  post: (postId: string) => ['post', postId] as const,
  /** Every cached profile sits under this prefix. */
  profiles: ['profiles'] as const,
  /** A profile by its lowercased username, as `/:username` looks it up. */
  profileByUsername: (username: string) => ['profiles', 'by-username', username] as const,
  /** Every cached list of people (`{ profiles }` or its pages) sits under this prefix. */
  people: ['people'] as const,
  suggestions: ['people', 'suggestions'] as const,
  followers: (profileId: string) => ['people', 'followers', profileId] as const,
  following: (profileId: string) => ['people', 'following', profileId] as const,
  followRequests: ['people', 'follow-requests'] as const,
  /** Which kinds of notification the reader gets pushes for. */
  notificationSettings: ['push', 'settings'] as const,
  /** Who liked a post, newest like first (`/p/:id/liked_by`). */
  likers: (postId: string) => ['people', 'likers', postId] as const,
  /**
   * `GET /api/instance` in full (`/about`, the admin's editor). Under `['instance']`, which the
   * sign-up form's smaller reading of the same call uses, so an edit refreshes both.
   */
  instance: ['instance', 'about'] as const,
  comments: (postId: string) => ['comments', postId] as const,
  /** The answer to one search, by the text sent. */
  search: (q: string) => ['search', q] as const,
  /** Everything about the reader's notifications; each key names whose, so a sign-in as someone
   * else never shows the previous reader's. */
  notifications: ['notifications'] as const,
  /** The list (`InfiniteData<NotificationPage>`), newest first. */
  notificationList: (userId: string) => ['notifications', userId, 'list'] as const,
  /** The heart's badge: a number, kept current by the event stream. */
  unreadNotifications: (userId: string) => ['notifications', userId, 'unread'] as const,
  /** Everything about stories sits under this prefix. */
  stories: ['stories'] as const,
  /** The strip's trays (`StoryTrays`), as the reader sees them: who is asking decides the order
   * and `has_unviewed`, so a sign-in as someone else never shows the previous reader's rings. */
  storyTrays: (readerId: string | null) => ['stories', 'trays', readerId ?? 'visitor'] as const,
  /** One story on its own (a deep link to a story outside the trays). */
  story: (storyId: string) => ['stories', 'one', storyId] as const,
  /** Who has seen one of the reader's stories (`StoryViewers`); `storyViewersAll`, every one. */
  storyViewersAll: ['stories', 'viewers'] as const,
  storyViewers: (storyId: string) => ['stories', 'viewers', storyId] as const,
};

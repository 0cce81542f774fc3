/**
 * Cache keys shared across features. Features must not import each other, yet a like or a new
 * comment has to update a post wherever it is cached, so the key layout lives here, in one place.
 */
export const queryKeys = {
  session: ['auth', 'session'] as const,
  /** Every cached list of posts (`InfiniteData<PostPage>`) sits under this prefix. */
  posts: ['posts'] as const,
  feed: ['posts', 'feed'] as const,
  profilePosts: (profileId: string) => ['posts', 'profile', profileId] as const,
  /** One post on its own (`/p/:id`); outside `posts`, which holds only lists. */
  post: (postId: string) => ['post', postId] as const,
  /** Every cached profile sits under this prefix. */
  profiles: ['profiles'] as const,
  /** A profile by its lowercased username, as `/:username` looks it up. */
  profileByUsername: (username: string) => ['profiles', 'by-username', username] as const,
  comments: (postId: string) => ['comments', postId] as const,
};

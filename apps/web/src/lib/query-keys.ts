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
  profile: (profileId: string) => ['profiles', profileId] as const,
  comments: (postId: string) => ['comments', postId] as const,
};

import type { Post, PostPage } from '@pinhole/contracts';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

export type PostPages = InfiniteData<PostPage, string | null>;

/**
 * Applies `change` to the post with `postId` wherever it is cached: every list (feed, profile
 * grids) and the post on its own (`/p/:id`).
 */
export function updateCachedPost(
  queryClient: QueryClient,
  postId: string,
  change: (post: Post) => Post,
): void {
  queryClient.setQueriesData<PostPages>({ queryKey: queryKeys.posts }, (data) => {
    if (!data) return data;
    let touched = false;
    const pages = data.pages.map((page) => {
      if (!page.posts.some((post) => post.id === postId)) return page;
      touched = true;
      return {
        ...page,
        posts: page.posts.map((post) => (post.id === postId ? change(post) : post)),
      };
    });
    return touched ? { ...data, pages } : data;
  });
  queryClient.setQueryData<Post>(queryKeys.post(postId), (post) => post && change(post));
}

/**
 * Takes a deleted post out of every cached list at once; its own entry (`/p/:id`) is dropped, so
 * asking for it again finds it gone.
 */
export function removeCachedPost(queryClient: QueryClient, postId: string): void {
  queryClient.setQueriesData<PostPages>({ queryKey: queryKeys.posts }, (data) => {
    if (!data?.pages.some((page) => page.posts.some((post) => post.id === postId))) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        posts: page.posts.filter((post) => post.id !== postId),
      })),
    };
  });
  queryClient.removeQueries({ queryKey: queryKeys.post(postId), exact: true });
  queryClient.removeQueries({ queryKey: queryKeys.comments(postId), exact: true });
}

/** The post as some cached list already holds it, to draw at once while it is asked for. */
export function findCachedPost(queryClient: QueryClient, postId: string): Post | undefined {
  for (const [, data] of queryClient.getQueriesData<PostPages>({ queryKey: queryKeys.posts })) {
    for (const page of data?.pages ?? []) {
      const post = page.posts.find((candidate) => candidate.id === postId);
      if (post) return post;
    }
  }
  return undefined;
}

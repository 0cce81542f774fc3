import type { Post, PostPage } from '@pinhole/contracts';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

export type PostPages = InfiniteData<PostPage, string | null>;

/** Applies `change` to the post with `postId` in every cached post list (feed, profile grids). */
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
}

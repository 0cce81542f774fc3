import type { SessionResponse } from './auth';
import type { Post, PostPage } from './post';
import type { Profile } from './profile';

/**
 * What the server puts into the HTML of a page so the client draws the first screen without
 * asking for it: always the answer of `GET /api/auth/session`, and what the page's route shows.
 * It travels in `<script type="application/json" id={firstScreenScriptId}>`, which is never run.
 */
export interface FirstScreen {
  session: SessionResponse;
  /** `/` only: the home feed's first page (`GET /api/posts?limit=homeFeedLimit`). */
  feed?: PostPage;
  /** `/` only: which feed `feed` is (signed out always `everyone`); absent means `everyone`. */
  feed_kind?: FeedKind;
  /** `/:username` and its tabs: the profile (`GET /api/profiles/by-username/:username`). */
  profile?: Profile;
  /** `/p/:id`: the post (`GET /api/posts/:id`). */
  post?: Post;
  /**
   * The page's address names nothing (the page's status is 404): the client shows its not-found
   * page without asking the API for the same missing post or profile again.
   */
  not_found?: true;
}

export const firstScreenScriptId = 'first-screen';

/** The two home feeds (`GET /api/posts?feed=`). */
export type FeedKind = 'everyone' | 'following';

/**
 * The reader's remembered home feed, kept in a cookie rather than localStorage so the server
 * draws the same feed the browser then hydrates.
 */
export const feedChoiceCookie = 'pinhole_feed';

/** The remembered feed from a cookie's value: Following unless Everyone was chosen. */
export function feedKindOf(cookieValue: string | undefined): FeedKind {
  return cookieValue === 'everyone' ? 'everyone' : 'following';
}

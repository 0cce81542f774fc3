import type { SessionResponse } from './auth';
import type { PostPage } from './post';

/**
 * What the server puts into the HTML of a page so the client draws the first screen without
 * asking for it: the answers of `GET /api/auth/session` and of the home feed's first page.
 * It travels in `<script type="application/json" id={firstScreenScriptId}>`, which is never run.
 */
export interface FirstScreen {
  session: SessionResponse;
  feed: PostPage;
}

export const firstScreenScriptId = 'first-screen';

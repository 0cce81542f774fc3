import { firstScreenScriptId, type FirstScreen, type PostPage } from '@pinhole/contracts';
import type { InfiniteData } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import {
  makePost,
  makeProfile,
  page,
  signedInSession,
  signedOutSession,
} from '@/testing/factories';
import { testQueryClient } from '@/testing/render';
import { readFirstScreen, seedFirstScreen } from './first-screen';
import { queryKeys } from './query-keys';

type FeedPages = InfiniteData<PostPage, string | null>;

function embed(text: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = firstScreenScriptId;
  script.textContent = text;
  document.body.append(script);
}

afterEach(() => {
  document.getElementById(firstScreenScriptId)?.remove();
});

describe('the first screen embedded in the page', () => {
  it('reads the server’s data, with the script-safe escapes turned back into characters', () => {
    // As the server writes it: every "<" as \u003c, so a caption cannot close the script early.
    embed(
      '{"session":{"user":null,"profile":null},"feed":{"posts":[{"caption":"\\u003c/script>"}],"next_cursor":null}}',
    );
    const data = readFirstScreen();
    expect(data?.session).toEqual({ user: null, profile: null });
    expect(data?.feed?.posts[0]?.caption).toBe('</script>');
  });

  it('is null without the script or with unreadable data (the client then asks the API)', () => {
    expect(readFirstScreen()).toBeNull();
    embed('{"session":');
    expect(readFirstScreen()).toBeNull();
  });

  it('seeds the session and the feed’s first page where the queries look for them', () => {
    const data: FirstScreen = {
      session: signedInSession(),
      feed: page([makePost({ id: 'p1' })], 'cursor-2'),
    };
    const queryClient = testQueryClient();
    seedFirstScreen(queryClient, data);
    expect(queryClient.getQueryData(queryKeys.session)).toEqual(data.session);
    expect(queryClient.getQueryData<FeedPages>(queryKeys.feedOf('everyone'))).toEqual({
      pages: [data.feed],
      pageParams: [null],
    });
    expect(queryClient.getQueryData(queryKeys.feedChoice)).toBe('everyone');
  });

  it('seeds the Following feed and the tab choice when the server drew that feed', () => {
    const data: FirstScreen = {
      session: signedInSession(),
      feed: page([makePost({ id: 'p1' })]),
      feed_kind: 'following',
    };
    const queryClient = testQueryClient();
    seedFirstScreen(queryClient, data);
    expect(queryClient.getQueryData<FeedPages>(queryKeys.feedOf('following'))?.pages).toEqual([
      data.feed,
    ]);
    expect(queryClient.getQueryData(queryKeys.feedOf('everyone'))).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.feedChoice)).toBe('following');
  });

  it('seeds the profile and the post where their pages look for them', () => {
    const profile = makeProfile({ username: 'bob' });
    const post = makePost({ id: 'abc' });
    const queryClient = testQueryClient();
    seedFirstScreen(queryClient, { session: signedOutSession, profile, post });
    expect(queryClient.getQueryData(queryKeys.profileByUsername('bob'))).toEqual(profile);
    expect(queryClient.getQueryData(queryKeys.post('abc'))).toEqual(post);
    expect(queryClient.getQueryData(queryKeys.feedOf('everyone'))).toBeUndefined();
  });
});

import { limits, type ProfileSummary, type SearchResult } from '@pinhole/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProfile, signedInSession } from '@/testing/factories';
import { apiError, callsTo, deferred, json, mockApi, sentUrl } from '@/testing/mock-api';
import { renderAsReader } from '@/testing/render';
import { recentSearchesLimit } from '@/features/search/hooks/use-recent-searches';
import type { SearchItem } from '@/features/search/search-item';
import { SearchBox } from './search-box';

const reader = makeProfile({ id: 'reader-1', username: 'reader' });
const storageKey = 'pinhole:recent-searches:reader-1';

function person(username: string, overrides: Partial<ProfileSummary> = {}): ProfileSummary {
  return {
    id: `id-${username}`,
    username,
    full_name: `${username[0]!.toUpperCase()}${username.slice(1)} Example`,
    avatar_url: null,
    is_verified: false,
    followed_by_me: false,
    is_remote: false,
    ...overrides,
  };
}

const alice = person('alice', { full_name: 'Alice Liddell', followed_by_me: true });
const albert = person('albert');
const bob = person('bob');
const sunset = { name: 'sunset', posts_count: 1234 };

function answer(profiles: ProfileSummary[], hashtags: SearchResult['hashtags'] = []): SearchResult {
  return { profiles, hashtags };
}

/** `GET /api/search` answering each `q` from `answers` (nothing found for any other). */
function searchApi(answers: Record<string, SearchResult> = {}) {
  return mockApi({
    'GET /api/search': ({ url }: { url: URL }) =>
      json(answers[url.searchParams.get('q') ?? ''] ?? answer([])),
  });
}

function renderBox() {
  const user = userEvent.setup();
  const view = renderAsReader(<SearchBox />, signedInSession(reader));
  const box = screen.getByRole('combobox', { name: 'Search' });
  return { user, box, ...view };
}

/** What a row says, without the initial drawn where a picture is missing (aria-hidden). */
function shownText(element: Element | null | undefined): string | null {
  if (!element) return null;
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
  return copy.textContent;
}

const options = () => screen.queryAllByRole('option');
const optionTexts = () => options().map(shownText);
const searches = (fetchMock: ReturnType<typeof mockApi>) =>
  callsTo(fetchMock, 'GET', '/api/search').map((_, index) =>
    sentUrl(fetchMock, 'GET', '/api/search', index).searchParams.get('q'),
  );

beforeEach(() => {
  window.localStorage.clear();
});

describe('SearchBox', () => {
  it('asks the server once typing pauses, not at every key', async () => {
    const fetchMock = searchApi({ ali: answer([alice]) });
    const { user, box } = renderBox();
    await user.type(box, 'ali');
    expect(searches(fetchMock)).toEqual([]);
    expect(await screen.findByRole('option', { name: /^alice/ })).toBeInTheDocument();
    expect(searches(fetchMock)).toEqual(['ali']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(searches(fetchMock)).toEqual(['ali']);
  });

  it('lists people (picture, username, full name, Following) then hashtags (name, posts)', async () => {
    searchApi({
      al: answer(
        [{ ...alice, avatar_url: '/storage/avatars/alice-320.webp', is_verified: true }, albert],
        [sunset],
      ),
    });
    const { user, box } = renderBox();
    await user.type(box, 'al');
    const list = await screen.findByRole('listbox', { name: 'Search results' });
    await waitFor(() => expect(options()).toHaveLength(3));
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', list.id);
    const [first, second, third] = options();
    expect(first).toHaveTextContent('alice');
    expect(first).toHaveTextContent('Alice Liddell • Following');
    expect(first!.querySelector('img')).toHaveAttribute('src', '/storage/avatars/alice-320.webp');
    expect(within(first!).getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    expect(second).toHaveTextContent('Albert Example');
    expect(second).not.toHaveTextContent('Following');
    expect(within(second!).getByTestId('avatar-initial')).toHaveTextContent('A');
    expect(third).toHaveTextContent(`#sunset${(1234).toLocaleString()} posts`);
  });

  it('never shows an answer that arrives after a newer one was asked for', async () => {
    const pending = new Map<string, ReturnType<typeof deferred<Response>>>();
    mockApi({
      'GET /api/search': ({ url }: { url: URL }) => {
        const held = deferred<Response>();
        pending.set(url.searchParams.get('q') ?? '', held);
        return held.promise;
      },
    });
    const { user, box } = renderBox();
    await user.type(box, 'al');
    await waitFor(() => expect(pending.has('al')).toBe(true));
    await user.keyboard('i');
    await waitFor(() => expect(pending.has('ali')).toBe(true));

    // The older question's answer comes first: it is not the box's text any more.
    pending.get('al')!.resolve(json(answer([albert])));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(options()).toHaveLength(0);

    pending.get('ali')!.resolve(json(answer([alice])));
    expect(await screen.findByRole('option', { name: /^alice/ })).toBeInTheDocument();
    expect(optionTexts()).toEqual(['aliceAlice Liddell • Following']);
  });

  it('ignores an older answer arriving after the newer one too', async () => {
    const pending = new Map<string, ReturnType<typeof deferred<Response>>>();
    mockApi({
      'GET /api/search': ({ url }: { url: URL }) => {
        const held = deferred<Response>();
        pending.set(url.searchParams.get('q') ?? '', held);
        return held.promise;
      },
    });
    const { user, box } = renderBox();
    await user.type(box, 'al');
    await waitFor(() => expect(pending.has('al')).toBe(true));
    await user.keyboard('i');
    await waitFor(() => expect(pending.has('ali')).toBe(true));
    pending.get('ali')!.resolve(json(answer([alice])));
    await screen.findByRole('option', { name: /^alice/ });

    pending.get('al')!.resolve(json(answer([albert])));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(optionTexts()).toEqual(['aliceAlice Liddell • Following']);
  });

  it('moves through the list with the arrows, wrapping, and opens the row with Enter', async () => {
    searchApi({ b: answer([alice, bob], [sunset]) });
    const { user, box, location } = renderBox();
    await user.type(box, 'b');
    await waitFor(() => expect(options()).toHaveLength(3));
    const active = () => {
      const id = box.getAttribute('aria-activedescendant');
      const selected = options().filter(
        (option) => option.getAttribute('aria-selected') === 'true',
      );
      expect(selected.map((option) => option.id)).toEqual(id ? [id] : []);
      return id ? shownText(document.getElementById(id)) : null;
    };
    expect(active()).toBeNull();
    await user.keyboard('{ArrowDown}');
    expect(active()).toMatch(/^alice/);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(active()).toMatch(/^#sunset/);
    await user.keyboard('{ArrowDown}');
    expect(active()).toMatch(/^alice/);
    await user.keyboard('{ArrowUp}');
    expect(active()).toMatch(/^#sunset/);
    await user.keyboard('{ArrowUp}');
    expect(active()).toMatch(/^bob/);
    // Focus never left the box.
    expect(box).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(location.current?.pathname).toBe('/bob');
    expect(box).toHaveValue('');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(options()).toHaveLength(0);
  });

  it('closes with Escape; Enter then opens nothing, and an arrow opens the list again', async () => {
    searchApi({ b: answer([bob]) });
    const { user, box, location } = renderBox();
    await user.type(box, 'b');
    await screen.findByRole('option', { name: /^bob/ });
    await user.keyboard('{ArrowDown}{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(options()).toHaveLength(0);
    await user.keyboard('{Enter}');
    expect(location.current?.pathname).toBe('/');

    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(optionTexts()).toEqual(['bobBob Example']);
  });

  it('opens a hashtag at /explore/tags/:tag and a person at /:username on click', async () => {
    searchApi({ s: answer([bob], [sunset]) });
    const { user, box, location } = renderBox();
    await user.type(box, 's');
    await user.click(await screen.findByRole('option', { name: /^#sunset/ }));
    expect(location.current?.pathname).toBe('/explore/tags/sunset');

    await user.type(box, 's');
    await user.click(await screen.findByRole('option', { name: /^bob/ }));
    expect(location.current?.pathname).toBe('/bob');
  });

  it('says No results found. once the answer for the text is empty', async () => {
    const held = deferred<Response>();
    mockApi({ 'GET /api/search': () => held.promise });
    const { user, box } = renderBox();
    await user.type(box, 'zzz');
    expect(screen.queryByText('No results found.')).not.toBeInTheDocument();
    held.resolve(json(answer([])));
    expect(await screen.findByText('No results found.')).toHaveAttribute('role', 'status');
    expect(options()).toHaveLength(0);
  });

  it('sends @name as the name, #tag as it is, and nothing for a lone # or @', async () => {
    const fetchMock = searchApi();
    const { user, box } = renderBox();
    await user.type(box, '@bob');
    await waitFor(() => expect(searches(fetchMock)).toEqual(['bob']));
    await user.clear(box);
    await user.type(box, '#sun');
    await waitFor(() => expect(searches(fetchMock)).toEqual(['bob', '#sun']));
    expect(sentUrl(fetchMock, 'GET', '/api/search', 1).search).toBe('?q=%23sun');
    await user.clear(box);
    await user.type(box, ' # ');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(searches(fetchMock)).toEqual(['bob', '#sun']);
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveAttribute('maxlength', String(limits.searchMaxLength));
  });

  it('says so when the search fails, and logs it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({ 'GET /api/search': apiError(500, 'internal', 'Something went wrong') });
    const { user, box } = renderBox();
    await user.type(box, 'bob');
    expect(await screen.findByText("Couldn't search. Please try again.")).toHaveAttribute(
      'role',
      'status',
    );
    expect(log).toHaveBeenCalledWith('Error searching', expect.anything());
  });

  describe('recent searches', () => {
    it('remembers chosen rows in this browser, newest first and once each', async () => {
      searchApi({ s: answer([bob], [sunset]) });
      const { user, box } = renderBox();
      await user.click(box);
      expect(screen.getByRole('heading', { name: 'Recent' })).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('No recent searches.');
      expect(screen.queryByRole('button', { name: 'Clear all' })).not.toBeInTheDocument();

      await user.type(box, 's');
      await user.click(await screen.findByRole('option', { name: /^bob/ }));
      await user.type(box, 's');
      await user.click(await screen.findByRole('option', { name: /^#sunset/ }));
      await user.type(box, 's');
      await user.click(await screen.findByRole('option', { name: /^bob/ }));

      await user.click(box);
      expect(screen.getByRole('listbox', { name: 'Recent searches' })).toBeInTheDocument();
      // A remembered person is not said to be followed: that may have changed since.
      expect(optionTexts()).toEqual(['bobBob Example', `#sunset${(1234).toLocaleString()} posts`]);
      const stored = JSON.parse(window.localStorage.getItem(storageKey) ?? '[]') as SearchItem[];
      expect(stored.map((item) => item.kind)).toEqual(['profile', 'hashtag']);
    });

    it('opens a remembered row from the keyboard', async () => {
      window.localStorage.setItem(
        storageKey,
        JSON.stringify([
          { kind: 'hashtag', hashtag: sunset },
          { kind: 'profile', profile: bob },
        ]),
      );
      const fetchMock = searchApi();
      const { user, box, location } = renderBox();
      await user.click(box);
      await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
      expect(location.current?.pathname).toBe('/bob');
      expect(callsTo(fetchMock, 'GET', '/api/search')).toHaveLength(0);
    });

    it('forgets them all with Clear all', async () => {
      window.localStorage.setItem(storageKey, JSON.stringify([{ kind: 'profile', profile: bob }]));
      const { user, box } = renderBox();
      await user.click(box);
      expect(optionTexts()).toEqual(['bobBob Example']);
      await user.click(screen.getByRole('button', { name: 'Clear all' }));
      expect(options()).toHaveLength(0);
      expect(screen.getByRole('status')).toHaveTextContent('No recent searches.');
      expect(window.localStorage.getItem(storageKey)).toBeNull();
      // The list stays open, the box keeps focus.
      expect(box).toHaveFocus();
    });

    it(`keeps the ${recentSearchesLimit} newest`, async () => {
      const many = Array.from({ length: recentSearchesLimit }, (_, index) => ({
        kind: 'hashtag',
        hashtag: { name: `tag${index}`, posts_count: index },
      }));
      window.localStorage.setItem(storageKey, JSON.stringify(many));
      searchApi({ b: answer([bob]) });
      const { user, box } = renderBox();
      await user.type(box, 'b');
      await user.click(await screen.findByRole('option', { name: /^bob/ }));
      await user.click(box);
      const texts = optionTexts();
      expect(texts).toHaveLength(recentSearchesLimit);
      expect(texts[0]).toBe('bobBob Example');
      expect(texts.at(-1)).toMatch(/^#tag8/);
    });

    it('drops anything in storage that is not a remembered row', async () => {
      window.localStorage.setItem(
        storageKey,
        JSON.stringify([
          { kind: 'profile', profile: { id: 1 } },
          'x',
          { kind: 'profile', profile: bob },
        ]),
      );
      const { user, box } = renderBox();
      await user.click(box);
      expect(optionTexts()).toEqual(['bobBob Example']);

      window.localStorage.setItem(storageKey, '{not json');
      await user.keyboard('{Escape}');
      await user.click(box);
      expect(screen.getByRole('status')).toHaveTextContent('No recent searches.');
    });

    it("are each reader's own: another reader on this browser does not see them", async () => {
      window.localStorage.setItem(storageKey, JSON.stringify([{ kind: 'profile', profile: bob }]));
      const user = userEvent.setup();
      renderAsReader(<SearchBox />, signedInSession(makeProfile({ id: 'someone-else' })));
      await user.click(screen.getByRole('combobox', { name: 'Search' }));
      expect(screen.getByRole('status')).toHaveTextContent('No recent searches.');
      expect(options()).toHaveLength(0);
    });

    it('closes when focus leaves the box and its list', async () => {
      const { user, box } = renderBox();
      await user.click(box);
      expect(box).toHaveAttribute('aria-expanded', 'true');
      await user.click(document.body);
      expect(box).toHaveAttribute('aria-expanded', 'false');
      expect(screen.queryByRole('heading', { name: 'Recent' })).not.toBeInTheDocument();
    });
  });
});

import { pagePaths, type StoryTrays } from '@pinhole/contracts';
import { limits } from '@pinhole/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useParams } from 'react-router-dom';
import { queryKeys } from '@/lib/query-keys';
import { makeProfile, signedInSession, signedOutSession } from '@/testing/factories';
import { callsTo, json, mockApi } from '@/testing/mock-api';
import { renderAsReader, testQueryClient } from '@/testing/render';
import { makeStory, storyPerson, tray } from '@/testing/stories';
import { StoriesStrip } from './stories-strip';
import { StoryViewer } from './story-viewer';

const alice = makeProfile({ id: 'alice-id', username: 'alice' });
const bobTray = tray([makeStory('b1', 'bob'), makeStory('b2', 'bob', { hoursOld: 1 })]);
const carolTray = tray([makeStory('c1', 'carol')]);
const twoPeople: StoryTrays = { trays: [bobTray, carolTray] };

const noContent = () => new Response(null, { status: 204 });

/** The viewer at its address, as the router draws it. */
function Viewer() {
  const { id = '' } = useParams();
  return <StoryViewer storyId={id} />;
}

/**
 * Opens `path` with the trays already loaded (as when the strip was on screen). Every story can
 * be marked viewed; `routes` adds or replaces answers.
 */
function openStory(
  path: string,
  {
    data = twoPeople,
    session = signedInSession(alice),
    routes = {},
  }: { data?: StoryTrays; session?: ReturnType<typeof signedInSession>; routes?: object } = {},
) {
  const views: Record<string, unknown> = {};
  for (const t of data.trays)
    for (const story of t.stories) views[`PUT /api/stories/${story.id}/view`] = noContent();
  const fetchMock = mockApi({ 'GET /api/stories': data, ...views, ...routes });
  const queryClient = testQueryClient();
  queryClient.setQueryData(queryKeys.storyTrays(session.user?.id ?? null), data);
  const view = renderAsReader(
    <Routes>
      <Route path={pagePaths.story.pattern} element={<Viewer />} />
      <Route path={pagePaths.home.pattern} element={<p>Home</p>} />
    </Routes>,
    session,
    queryClient,
    { path },
  );
  return { fetchMock, ...view };
}

/** The photo on screen has loaded: its time starts to run. */
function photoLoads(username: string) {
  fireEvent.load(screen.getByRole('img', { name: `Story by ${username}` }));
}

async function elapse(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

function useFakeClock() {
  // Timers and Date only: promises (fetch, the cache) go on as usual.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('StoryViewer', () => {
  it('shows the story with its author, time label and one bar per story; marks it viewed', async () => {
    const { fetchMock, queryClient } = openStory('/stories/bob/b1');
    const dialog = screen.getByRole('dialog', { name: 'Story by bob' });
    expect(within(dialog).getByRole('img', { name: 'Story by bob' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^\/storage\/stories\/b1-\d+\.webp$/),
    );
    expect(within(dialog).getByRole('link', { name: 'bob' })).toHaveAttribute('href', '/bob');
    expect(within(dialog).getByText('2h')).toBeInTheDocument();
    expect(within(dialog).getByText('Story 1 of 2')).toBeInTheDocument();
    // Another person's story: no viewers, no delete.
    expect(within(dialog).queryByRole('button', { name: /Seen by/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();

    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/stories/b1/view')).toHaveLength(1));
    const trays = queryClient.getQueryData<StoryTrays>(queryKeys.storyTrays('alice-id'));
    expect(trays?.trays[0]?.stories[0]?.viewed_by_me).toBe(true);
    // Bob still has an unseen story; the trays will be read afresh when the strip shows again.
    expect(trays?.trays[0]?.has_unviewed).toBe(true);
    await waitFor(() =>
      expect(queryClient.getQueryState(queryKeys.storyTrays('alice-id'))?.isInvalidated).toBe(true),
    );
    await waitFor(() => expect(document.title).toBe('Stories • Pinhole'));
  });

  it('moves on after limits.storyShowMs once the photo has loaded, then to the next person, then closes', async () => {
    useFakeClock();
    const { location } = openStory('/stories/bob/b1');
    // Not before the photo is there.
    await elapse(limits.storyShowMs * 2);
    expect(location.current?.pathname).toBe('/stories/bob/b1');

    photoLoads('bob');
    expect(screen.getByTestId('story-progress-current')).toHaveAttribute('data-running', 'true');
    await elapse(limits.storyShowMs - 1);
    expect(location.current?.pathname).toBe('/stories/bob/b1');
    await elapse(1);
    expect(location.current?.pathname).toBe('/stories/bob/b2');
    expect(screen.getByText('Story 2 of 2')).toBeInTheDocument();

    // After bob's last story, carol's.
    photoLoads('bob');
    await elapse(limits.storyShowMs);
    expect(location.current?.pathname).toBe('/stories/carol/c1');
    expect(screen.getByRole('dialog', { name: 'Story by carol' })).toBeInTheDocument();
    expect(screen.getByText('Story 1 of 1')).toBeInTheDocument();

    // After the last person's last story, the viewer closes (a link from outside: home).
    photoLoads('carol');
    await elapse(limits.storyShowMs);
    expect(location.current?.pathname).toBe('/');
  });

  it('pauses while held, and a hold is not a tap: letting go finishes the story’s time', async () => {
    useFakeClock();
    const { location } = openStory('/stories/bob/b1');
    photoLoads('bob');
    await elapse(2000);
    const next = screen.getByRole('button', { name: 'Next story' });
    fireEvent.pointerDown(next, { button: 0 });
    expect(screen.getByTestId('story-progress-current')).toHaveAttribute('data-running', 'false');
    await elapse(limits.storyShowMs * 3);
    expect(location.current?.pathname).toBe('/stories/bob/b1');
    fireEvent.pointerUp(next, { button: 0 });
    fireEvent.click(next);
    expect(location.current?.pathname).toBe('/stories/bob/b1');
    await elapse(limits.storyShowMs - 2000 - 1);
    expect(location.current?.pathname).toBe('/stories/bob/b1');
    await elapse(1);
    expect(location.current?.pathname).toBe('/stories/bob/b2');
  });

  it('the pause button stops the clock until pressed again', async () => {
    useFakeClock();
    const { location } = openStory('/stories/bob/b1');
    photoLoads('bob');
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    await elapse(limits.storyShowMs * 2);
    expect(location.current?.pathname).toBe('/stories/bob/b1');
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    await elapse(limits.storyShowMs);
    expect(location.current?.pathname).toBe('/stories/bob/b2');
  });

  it('a tap on the right half goes on, on the left half back', async () => {
    const user = userEvent.setup();
    const { location } = openStory('/stories/bob/b1');
    await user.click(screen.getByRole('button', { name: 'Next story' }));
    expect(location.current?.pathname).toBe('/stories/bob/b2');
    await user.click(screen.getByRole('button', { name: 'Previous story' }));
    expect(location.current?.pathname).toBe('/stories/bob/b1');
  });

  it('→ and ← move through both people’s stories; Escape closes', async () => {
    const user = userEvent.setup();
    const { location, fetchMock } = openStory('/stories/bob/b1');
    const at = () => location.current?.pathname;
    await user.keyboard('{ArrowRight}');
    expect(at()).toBe('/stories/bob/b2');
    await user.keyboard('{ArrowRight}');
    expect(at()).toBe('/stories/carol/c1');
    // Back from a person's first story: the previous person's last.
    await user.keyboard('{ArrowLeft}');
    expect(at()).toBe('/stories/bob/b2');
    await user.keyboard('{ArrowLeft}');
    expect(at()).toBe('/stories/bob/b1');
    // Before the very first story there is nothing: it stays.
    await user.keyboard('{ArrowLeft}');
    expect(at()).toBe('/stories/bob/b1');
    // Each story opened was marked viewed, once.
    await waitFor(() => {
      for (const id of ['b1', 'b2', 'c1'])
        expect(callsTo(fetchMock, 'PUT', `/api/stories/${id}/view`)).toHaveLength(1);
    });

    await user.keyboard('{Escape}');
    expect(at()).toBe('/');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('two presses of → before the screen catches up move two stories, not one', async () => {
    const { location } = openStory('/stories/bob/b1');
    const at = () => location.current?.pathname;
    // One act: the router's transition renders only after both keys (as on a busy machine).
    act(() => {
      fireEvent.keyDown(window, { key: 'ArrowRight' });
      fireEvent.keyDown(window, { key: 'ArrowRight' });
    });
    expect(at()).toBe('/stories/carol/c1');
    act(() => {
      fireEvent.keyDown(window, { key: 'ArrowLeft' });
      fireEvent.keyDown(window, { key: 'ArrowLeft' });
    });
    expect(at()).toBe('/stories/bob/b1');
    expect(screen.getByText('Story 1 of 2')).toBeInTheDocument();
  });

  it('the × button closes it too', async () => {
    const { location } = openStory('/stories/bob/b1');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(location.current?.pathname).toBe('/');
  });

  it('your own story shows Seen by N, opening who saw it; Delete asks, then deletes', async () => {
    const mine = tray([
      makeStory('a1', 'alice', { viewed_by_me: true }),
      makeStory('a2', 'alice', { viewed_by_me: true }),
    ]);
    const bob = storyPerson('bob', { full_name: 'Bob Builder' });
    const { fetchMock, location, queryClient } = openStory('/stories/alice/a1', {
      data: { trays: [mine, bobTray] },
      routes: {
        'GET /api/stories/a1/viewers': {
          viewers: [{ profile: bob, viewed_at: '2026-03-01T11:00:00.000Z' }],
          views_count: 1,
        },
        'GET /api/stories/a2/viewers': { viewers: [], views_count: 0 },
        'DELETE /api/stories/a1': noContent(),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Seen by 1' }));
    const list = await screen.findByRole('dialog', { name: 'Viewers' });
    const [row] = await within(list).findAllByTestId('story-viewer');
    expect(within(row!).getByRole('link', { name: 'bob' })).toHaveAttribute('href', '/bob');
    expect(row).toHaveTextContent('Bob Builder');
    expect(within(row!).getByRole('button', { name: 'Follow bob' })).toBeInTheDocument();
    // Escape closes the list only; → does nothing while it is open.
    await user.keyboard('{ArrowRight}');
    expect(location.current?.pathname).toBe('/stories/alice/a1');
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Viewers' })).not.toBeInTheDocument(),
    );
    expect(location.current?.pathname).toBe('/stories/alice/a1');

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete story?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(location.current?.pathname).toBe('/stories/alice/a2'));
    expect(callsTo(fetchMock, 'DELETE', '/api/stories/a1')).toHaveLength(1);
    const trays = queryClient.getQueryData<StoryTrays>(queryKeys.storyTrays('alice-id'));
    expect(trays?.trays[0]?.stories.map((s) => s.id)).toEqual(['a2']);
    // The deleted story was never looked for on its own.
    expect(callsTo(fetchMock, 'GET', '/api/stories/a1')).toHaveLength(0);
  });

  it('a story outside the trays (a link from elsewhere) is read on its own and plays alone', async () => {
    const dave = makeStory('d1', 'dave');
    const { fetchMock, location } = openStory('/stories/dave/d1', {
      routes: { 'GET /api/stories/d1': dave, 'PUT /api/stories/d1/view': noContent() },
    });
    expect(await screen.findByRole('dialog', { name: 'Story by dave' })).toBeInTheDocument();
    expect(screen.getByText('Story 1 of 1')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/stories/d1')).toHaveLength(1);
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/stories/d1/view')).toHaveLength(1));
    // Nothing comes after it.
    await userEvent.keyboard('{ArrowRight}');
    expect(location.current?.pathname).toBe('/');
  });

  it.each([
    ['expired', { trays: [tray([makeStory('x1', 'bob', { hoursOld: 24 })])] }],
    ['unknown or deleted', twoPeople],
  ])('an %s story is not found, with a way back', async (_, data) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { location, fetchMock } = openStory('/stories/bob/x1', { data });
    expect(
      await screen.findByRole('heading', { name: "Sorry, this story isn't available." }),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/stories/x1/view')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(location.current?.pathname).toBe('/');
  });

  it('signed out, plays stories without marking them', async () => {
    const user = userEvent.setup();
    const { fetchMock, location } = openStory('/stories/bob/b1', { session: signedOutSession });
    await user.keyboard('{ArrowRight}');
    expect(location.current?.pathname).toBe('/stories/bob/b2');
    expect(callsTo(fetchMock, 'PUT', '/api/stories/b1/view')).toHaveLength(0);
    expect(callsTo(fetchMock, 'PUT', '/api/stories/b2/view')).toHaveLength(0);
  });

  it('fetches the next story’s photo ahead, the very one its viewer will ask for', async () => {
    // Every `src` given to an image: the viewer's own, and those fetched ahead.
    const sources: string[] = [];
    const property = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'src')!;
    Object.defineProperty(HTMLImageElement.prototype, 'src', {
      ...property,
      set(this: HTMLImageElement, value: string) {
        sources.push(value);
        property.set?.call(this, value);
      },
    });
    try {
      const { location } = openStory('/stories/bob/b2');
      const shown = screen.getByRole('img', { name: 'Story by bob' }).getAttribute('src');
      // After bob's last story comes carol's: it is fetched while bob's shows.
      const ahead = sources.filter((source) => source !== shown);
      expect(ahead).toEqual([expect.stringMatching(/^\/storage\/stories\/c1-\d+\.webp$/)]);
      await userEvent.keyboard('{ArrowRight}');
      expect(location.current?.pathname).toBe('/stories/carol/c1');
      expect(screen.getByRole('img', { name: 'Story by carol' })).toHaveAttribute('src', ahead[0]);
    } finally {
      Object.defineProperty(HTMLImageElement.prototype, 'src', property);
    }
  });

  it('the bar does not animate for people who ask for reduced motion', () => {
    openStory('/stories/bob/b1');
    expect(screen.getByTestId('story-progress-current')).toHaveClass(
      'animate-story-progress',
      'motion-reduce:animate-none',
    );
  });
});

describe('from the strip to the viewer and back', () => {
  it('opening a tray marks its story viewed; back on the strip its ring is grey', async () => {
    let seen = false;
    const bob = () => tray([makeStory('b1', 'bob', { viewed_by_me: seen })]);
    const fetchMock = mockApi({
      'GET /api/stories': () => json({ trays: [bob()] }),
      'PUT /api/stories/b1/view': () => {
        seen = true;
        return noContent();
      },
    });
    const user = userEvent.setup();
    const { location } = renderAsReader(
      <Routes>
        <Route path="/" element={<StoriesStrip />} />
        <Route path={pagePaths.story.pattern} element={<Viewer />} />
      </Routes>,
      signedInSession(alice),
    );
    const tile = await screen.findByRole('link', { name: 'Story by bob, not seen yet' });
    await user.click(tile);
    expect(await screen.findByRole('dialog', { name: 'Story by bob' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/stories/b1/view')).toHaveLength(1));

    // Closing is Back, to the page the story was opened from.
    await user.keyboard('{Escape}');
    expect(location.current?.pathname).toBe('/');
    const ring = within(
      await screen.findByRole('link', { name: 'Story by bob, seen' }),
    ).getByTestId('story-ring');
    expect(ring).toHaveClass('bg-line');
    // Read again from the server, which agrees.
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/stories')).toHaveLength(2));
    expect(screen.getByRole('link', { name: 'Story by bob, seen' })).toBeInTheDocument();
  });
});

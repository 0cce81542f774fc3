import { limits, pagePaths, type StoryTrays } from '@pinhole/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useParams } from 'react-router-dom';
import { setSoundOn } from '@/components/video/sound-preference';
import { queryKeys } from '@/lib/query-keys';
import { makeProfile, signedInSession } from '@/testing/factories';
import { stubMediaPlayback } from '@/testing/intersection';
import { mockApi } from '@/testing/mock-api';
import { renderAsReader, testQueryClient } from '@/testing/render';
import { makeStory, tray } from '@/testing/stories';
import { StoryViewer } from './story-viewer';

const alice = makeProfile({ id: 'alice-id', username: 'alice' });

/** A video story as the server sends it once transcoded: `image` is its poster. */
function videoOf(id: string, durationS: number) {
  return { video: { url: `/storage/stories/${id}.mp4`, duration_s: durationS } };
}

function Viewer() {
  const { id = '' } = useParams();
  return <StoryViewer storyId={id} />;
}

function openStory(path: string, data: StoryTrays) {
  const views: Record<string, unknown> = {};
  for (const t of data.trays)
    for (const story of t.stories)
      views[`PUT /api/stories/${story.id}/view`] = new Response(null, { status: 204 });
  mockApi({ 'GET /api/stories': data, ...views });
  const queryClient = testQueryClient();
  queryClient.setQueryData(queryKeys.storyTrays('alice-id'), data);
  return renderAsReader(
    <Routes>
      <Route path={pagePaths.story.pattern} element={<Viewer />} />
      <Route path={pagePaths.home.pattern} element={<p>Home</p>} />
    </Routes>,
    signedInSession(alice),
    queryClient,
    { path },
  );
}

async function elapse(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

afterEach(() => {
  vi.useRealTimers();
  act(() => setSoundOn(false));
});

describe('a video story', () => {
  it('shows its author "Processing…" while it is transcoded, and moves on', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const data = {
      trays: [
        tray([
          makeStory('v1', 'bob', { video: null, status: 'processing' }),
          makeStory('b2', 'bob', { hoursOld: 1 }),
        ]),
      ],
    };
    const { location } = openStory('/stories/bob/v1', data);
    expect(screen.getByRole('status')).toHaveTextContent('Processing…');
    expect(document.querySelector('video')).toBeNull();
    await elapse(limits.storyShowMs);
    expect(location.current?.pathname).toBe('/stories/bob/b2');
  });

  it('plays muted for its own length, not five seconds, and pauses while held', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const media = stubMediaPlayback();
    const data = {
      trays: [
        tray([makeStory('v1', 'bob', videoOf('v1', 12)), makeStory('b2', 'bob', { hoursOld: 1 })]),
      ],
    };
    const { location } = openStory('/stories/bob/v1', data);
    const video = screen.getByLabelText<HTMLVideoElement>('Story by bob', { selector: 'video' });
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('src', '/storage/stories/v1.mp4');
    expect(video).toHaveAttribute('playsinline');
    expect(video.muted).toBe(true);
    // Its time starts with its first frame.
    expect(media.play).not.toHaveBeenCalled();
    fireEvent.loadedData(video);
    expect(media.played()).toEqual([video]);
    expect(screen.getByTestId('story-progress-current').style.animationDuration).toBe('12000ms');

    await elapse(limits.storyShowMs + 1000);
    expect(location.current?.pathname).toBe('/stories/bob/v1');

    // Held, the video and its time stop; let go, both go on.
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Next story' }));
    expect(media.paused()).toContain(video);
    await elapse(20_000);
    expect(location.current?.pathname).toBe('/stories/bob/v1');
    fireEvent.pointerUp(screen.getByRole('button', { name: 'Next story' }));
    expect(media.played()).toEqual([video, video]);

    await elapse(12_000 - limits.storyShowMs - 1000 - 1);
    expect(location.current?.pathname).toBe('/stories/bob/v1');
    await elapse(1);
    expect(location.current?.pathname).toBe('/stories/bob/b2');
  });

  it('waits for Play with reduced motion (nothing moves by itself)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('prefers-reduced-motion'),
      media: query,
    }));
    const media = stubMediaPlayback();
    const data = { trays: [tray([makeStory('v1', 'bob', videoOf('v1', 3))])] };
    const { location } = openStory('/stories/bob/v1', data);
    const video = screen.getByLabelText<HTMLVideoElement>('Story by bob', { selector: 'video' });
    fireEvent.loadedData(video);
    await elapse(10_000);
    expect(media.play).not.toHaveBeenCalled();
    expect(location.current?.pathname).toBe('/stories/bob/v1');

    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(media.played()).toEqual([video]);
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    await elapse(3000);
    expect(location.current?.pathname).toBe('/');
  });

  it('takes the length from the file when the server gave none (0), and turns its sound on', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    stubMediaPlayback();
    const data = {
      trays: [
        tray([makeStory('v1', 'bob', videoOf('v1', 0)), makeStory('b2', 'bob', { hoursOld: 1 })]),
      ],
    };
    const { location } = openStory('/stories/bob/v1', data);
    const video = screen.getByLabelText<HTMLVideoElement>('Story by bob', { selector: 'video' });
    Object.defineProperty(video, 'duration', { value: 8.25 });
    fireEvent.loadedMetadata(video);
    fireEvent.loadedData(video);
    expect(screen.getByTestId('story-progress-current').style.animationDuration).toBe('8250ms');

    fireEvent.click(screen.getByRole('button', { name: 'Turn sound on' }));
    expect(video.muted).toBe(false);
    expect(screen.getByText('Sound on')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn sound off' })).toBeInTheDocument();

    await elapse(8250);
    expect(location.current?.pathname).toBe('/stories/bob/b2');
  });
});

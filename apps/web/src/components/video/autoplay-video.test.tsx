import { act, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { doubleTapMs } from '@/lib/double-tap';
import { stubIntersectionObservers, stubMediaPlayback } from '@/testing/intersection';
import { createAutoplayController, type AutoplayController } from './autoplay-controller';
import { AutoplayVideo, playsFromRatio } from './autoplay-video';
import { setSoundOn } from './sound-preference';

afterEach(() => {
  // The sound choice is the page's: each test starts muted.
  act(() => setSoundOn(false));
  vi.useRealTimers();
});

function videos(labels: string[], controller: AutoplayController = createAutoplayController()) {
  render(
    <>
      {labels.map((label) => (
        <div key={label} className="relative">
          <AutoplayVideo
            src={`/storage/u/p/${label}.mp4`}
            width={1080}
            height={1920}
            label={label}
            fit="cover"
            controller={controller}
          />
        </div>
      ))}
    </>,
  );
  return labels.map((label) => screen.getByLabelText<HTMLVideoElement>(label));
}

/** The reader asked their system for less motion (jsdom has no matchMedia). */
function reducedMotion() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('prefers-reduced-motion'),
    media: query,
  }));
}

describe('AutoplayVideo', () => {
  it('loads nothing until near the screen, then plays muted, inline and looping when mostly in view', () => {
    const io = stubIntersectionObservers();
    const media = stubMediaPlayback();
    const [video] = videos(['Video by bob']);
    expect(video).toHaveAttribute('preload', 'none');
    expect(video).toHaveAttribute('playsinline');
    expect(video?.loop).toBe(true);
    expect(video?.muted).toBe(true);
    expect(media.play).not.toHaveBeenCalled();

    io.near(video!);
    expect(video).toHaveAttribute('preload', 'auto');
    expect(media.play).not.toHaveBeenCalled();

    // Half in view is not "mostly": it waits.
    io.view(video!, 0.5);
    expect(media.play).not.toHaveBeenCalled();
    io.view(video!, playsFromRatio);
    expect(media.played()).toEqual([video]);

    io.view(video!, 0.2);
    expect(media.paused()).toEqual([video]);
  });

  it('plays one video at a time: the last come into view, then the one still in view', () => {
    const io = stubIntersectionObservers();
    const media = stubMediaPlayback();
    const [first, second] = videos(['first', 'second']);
    io.view(first!, 0.9);
    expect(media.played()).toEqual([first]);

    io.view(second!, 0.7);
    expect(media.paused()).toEqual([first]);
    expect(media.played()).toEqual([first, second]);

    // The second leaves while the first is still in view: the first plays again.
    io.view(second!, 0);
    expect(media.paused()).toEqual([first, second]);
    expect(media.played()).toEqual([first, second, first]);
  });

  it('turns the sound on and off with its button, saying so, for the next videos too', () => {
    stubIntersectionObservers();
    stubMediaPlayback();
    const [first, second] = videos(['first', 'second']);
    const [button] = screen.getAllByRole('button', { name: 'Turn sound on' });
    fireEvent.click(button!);
    expect(first?.muted).toBe(false);
    // Instagram's rule: the sound stays on for the videos that follow.
    expect(second?.muted).toBe(false);
    expect(screen.getAllByRole('button', { name: 'Turn sound off' })).toHaveLength(2);
    expect(screen.getByText('Sound on')).toBeInTheDocument();

    fireEvent.click(screen.getAllByRole('button', { name: 'Turn sound off' })[0]!);
    expect(first?.muted).toBe(true);
    expect(screen.getByText('Sound off')).toBeInTheDocument();
  });

  it('turns the sound on with a tap on the video, but not with a double tap (that likes)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    stubIntersectionObservers();
    stubMediaPlayback();
    const [video] = videos(['Video by bob']);

    fireEvent.click(video!);
    fireEvent.click(video!);
    await act(() => vi.advanceTimersByTimeAsync(doubleTapMs * 2));
    expect(video?.muted).toBe(true);

    fireEvent.click(video!);
    // Not before the time a second tap would have had.
    expect(video?.muted).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(doubleTapMs));
    expect(video?.muted).toBe(false);
    expect(screen.getByRole('button', { name: 'Turn sound off' })).toBeInTheDocument();
  });

  it('with reduced motion starts only from its play button', () => {
    reducedMotion();
    const io = stubIntersectionObservers();
    const media = stubMediaPlayback();
    const [video] = videos(['Video by bob']);
    io.view(video!, 1);
    expect(media.play).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Play video' }));
    expect(media.played()).toEqual([video]);
    expect(screen.queryByRole('button', { name: 'Play video' })).not.toBeInTheDocument();
    // Out of view it still stops.
    io.view(video!, 0);
    expect(media.paused()).toEqual([video]);
  });

  it("hydrates the server's markup as it is (the first screen draws videos at once)", async () => {
    stubIntersectionObservers();
    stubMediaPlayback();
    const video = (
      <AutoplayVideo
        src="/storage/u/p/v.mp4"
        width={1080}
        height={1920}
        label="Video by bob"
        fit="cover"
        controller={createAutoplayController()}
      />
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(video);
    document.body.append(container);
    const errors: unknown[] = [];
    const logged = vi.spyOn(console, 'error');
    await act(async () => {
      hydrateRoot(container, video, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(logged).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Video by bob')).toHaveAttribute('preload', 'none');
    container.remove();
  });
});

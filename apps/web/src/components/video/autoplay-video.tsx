import { Play } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { doubleTapMs, prefersReducedMotion } from '@/lib/double-tap';
import { pageVideos, type AutoplayCandidate, type AutoplayController } from './autoplay-controller';
import { SoundButton, soundAnnouncement } from './sound-button';
import { setSoundOn, useSoundOn } from './sound-preference';

/** The share of a video in view from which it plays by itself ("mostly visible"). */
export const playsFromRatio = 0.6;
/** A video starts loading about a screen before it comes into view, not before. */
const loadsAhead = '100% 0px';

/** Less motion asked for, or no way to know what is in view: only the reader starts a video. */
const readsAsStill = () => prefersReducedMotion() || typeof IntersectionObserver === 'undefined';
// Read once per render: a change of the setting applies to the next video drawn.
const noChanges = () => () => undefined;

interface AutoplayVideoProps {
  src: string;
  /** The poster's URL, drawn by the video itself where it shows controls. */
  poster?: string | undefined;
  width: number;
  height: number;
  /** What the video shows, for people who cannot see it. */
  label: string;
  fit: 'cover' | 'contain';
  /** The browser's own controls (a post's page), where a tap is theirs. */
  controls?: boolean;
  controller?: AutoplayController;
}

/**
 * A video that plays by itself, muted, inline and looping, while mostly in view, and pauses when
 * not; one at a time on the page (`pageVideos`). It loads nothing until it nears the screen. A
 * tap turns the sound on or off (two quick taps are a double tap, left to the post to like), as
 * does the speaker button. With reduced motion, nothing starts by itself: a play button does.
 * Drawn over its poster, and hidden until its first frame, so the poster never flickers.
 */
export function AutoplayVideo({
  src,
  poster,
  width,
  height,
  label,
  fit,
  controls = false,
  controller = pageVideos,
}: AutoplayVideoProps) {
  const video = useRef<HTMLVideoElement>(null);
  const soundOn = useSoundOn();
  const [near, setNear] = useState(false);
  const [inView, setInView] = useState(false);
  const [framed, setFramed] = useState(false);
  // Read in the browser (the server's HTML and the hydrated page agree, then it is read), before
  // any video could start: nothing starts before the observers' first answer.
  const still = useSyncExternalStore(noChanges, readsAsStill, () => false);
  const [startedByReader, setStartedByReader] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const pendingTap = useRef<ReturnType<typeof setTimeout> | null>(null);
  const mayPlay = !still || startedByReader;

  const candidate = useMemo<AutoplayCandidate>(
    () => ({
      play: () => {
        const element = video.current;
        if (!element) return;
        Promise.resolve(element.play()).catch((error: unknown) => {
          // A browser that refuses sound without a gesture still plays it muted.
          if (error instanceof DOMException && error.name === 'NotAllowedError' && !element.muted) {
            element.muted = true;
            setSoundOn(false);
            Promise.resolve(element.play()).catch(() => undefined);
          }
          // Otherwise a pause came first (AbortError): nothing to do.
        });
      },
      pause: () => video.current?.pause(),
    }),
    [],
  );

  useEffect(() => {
    const element = video.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const nearby = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setNear(true);
        nearby.disconnect();
      },
      { rootMargin: loadsAhead },
    );
    const visible = new IntersectionObserver(
      (entries) => {
        const entry = entries.at(-1);
        if (entry) setInView(entry.isIntersecting && entry.intersectionRatio >= playsFromRatio);
      },
      { threshold: [0, playsFromRatio] },
    );
    nearby.observe(element);
    visible.observe(element);
    return () => {
      nearby.disconnect();
      visible.disconnect();
    };
  }, []);

  useEffect(() => {
    controller.setInView(candidate, inView && mayPlay);
  }, [controller, candidate, inView, mayPlay]);
  // Apart from the above: leaving and coming back at each change would pause and play again.
  useEffect(() => () => controller.setInView(candidate, false), [controller, candidate]);

  // Not the `muted` attribute: React's server never writes it, so the hydrated page would differ
  // from the HTML; the property is set before anything can play (the observers answer later).
  useEffect(() => {
    if (video.current) video.current.muted = !soundOn;
  }, [soundOn]);

  useEffect(
    () => () => {
      if (pendingTap.current !== null) clearTimeout(pendingTap.current);
    },
    [],
  );

  const toggleSound = () => {
    const on = !soundOn;
    // At once, inside the reader's gesture: a browser lets sound start only then.
    if (video.current) video.current.muted = !on;
    setSoundOn(on);
    setAnnouncement(soundAnnouncement(on));
  };

  // A second tap within a double tap's time cancels the first: the post likes instead.
  const tap = () => {
    if (pendingTap.current !== null) {
      clearTimeout(pendingTap.current);
      pendingTap.current = null;
      return;
    }
    pendingTap.current = setTimeout(() => {
      pendingTap.current = null;
      toggleSound();
    }, doubleTapMs);
  };

  const start = () => {
    setStartedByReader(true);
    // Inside the press, so that a browser asking for a gesture lets it play.
    controller.setInView(candidate, true);
  };

  return (
    <>
      <video
        ref={video}
        src={src}
        poster={controls ? poster : undefined}
        width={width || undefined}
        height={height || undefined}
        aria-label={label}
        playsInline
        loop
        preload={near || startedByReader ? 'auto' : 'none'}
        controls={controls}
        onLoadedData={() => setFramed(true)}
        onClick={controls ? undefined : tap}
        className={`absolute inset-0 size-full ${fit === 'cover' ? 'object-cover' : 'object-cover md:object-contain'} ${framed || controls ? '' : 'opacity-0'}`}
      />
      {still && !startedByReader && (
        <button
          type="button"
          aria-label="Play video"
          onClick={(event) => {
            event.stopPropagation();
            start();
          }}
          className="absolute top-1/2 left-1/2 flex size-16 -translate-1/2 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          <Play aria-hidden className="size-8 fill-white" />
        </button>
      )}
      <SoundButton
        soundOn={soundOn}
        onToggle={toggleSound}
        className={`absolute right-3 ${controls ? 'top-3' : 'bottom-3'}`}
      />
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </>
  );
}

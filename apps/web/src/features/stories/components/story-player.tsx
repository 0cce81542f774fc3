import { pagePaths, limits, type Story, type StoryTray } from '@pinhole/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import { Eye, Pause, Play, Trash2, X } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState, type PointerEvent } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { VerifiedBadge } from '@/components/ui/verified-badge';
import { useClock } from '@/lib/clock';
import { thumbHashUrl } from '@/lib/thumbhash-url';
import { timeLabel } from '@/lib/time-label';
import { useStoryViewers } from '@/features/stories/api/get-story-viewers';
import { useStoryMoves } from '@/features/stories/hooks/use-story-moves';
import { useStoryTimer } from '@/features/stories/hooks/use-story-timer';
import { SoundButton, soundAnnouncement } from '@/components/video/sound-button';
import { setSoundOn, useSoundOn } from '@/components/video/sound-preference';
import { prefersReducedMotion } from '@/lib/double-tap';
import { preloadImage, storyPixelWidth, storySource } from '@/features/stories/story-image';
import type { StoryPlace } from '@/features/stories/story-sequence';
import { StoryProgress } from './story-progress';
import { StoryReply } from '@/domain/messages/components/story-reply';
import { StoryVideo } from './story-video';
import { StoryViewersDialog } from './story-viewers-dialog';

/** A press held this long pauses the story instead of moving on when it ends (Instagram's feel). */
const holdMs = 250;

/** Mouse pointers pause a story by resting on it; touch screens hold it instead. */
const hoverCanPause = () =>
  window.matchMedia?.('(hover: hover) and (pointer: fine)').matches ?? false;

const controlButton =
  'pointer-events-auto flex size-10 items-center justify-center rounded-full text-white hover:bg-white/15';

interface StoryPlayerProps {
  /** Every tray in playing order; `place` is where the reader is in them. */
  trays: readonly StoryTray[];
  place: StoryPlace;
  readerId: string | null;
  onOpen: (story: Story) => void;
  onClose: () => void;
  deletion: UseMutationResult<void, Error, string>;
}

/**
 * One story on screen with its person's progress bars, moving on by itself after
 * `limits.storyShowMs` once its photo has loaded (a video: after its length, playing muted
 * until the speaker turns the sound on; with reduced motion it waits for Play): a tap or click on the right half (or →) goes
 * on, on the left half (or ←) back; holding, hovering with a mouse, the pause button or an open
 * dialog stop the clock. The author sees who saw it and can delete it.
 */
export function StoryPlayer({
  trays,
  place,
  readerId,
  onOpen,
  onClose,
  deletion,
}: StoryPlayerProps) {
  const { story, tray, storyIndex } = place;
  const { author } = story;
  const own = readerId !== null && author.id === readerId;
  const clock = useClock();
  const [pixelWidth] = useState(storyPixelWidth);
  const [hoverPauses] = useState(hoverCanPause);
  const [loadedId, setLoadedId] = useState<string | null>(null);
  const [failedId, setFailedId] = useState<string | null>(null);
  const [held, setHeld] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [pausedByReader, setPausedByReader] = useState(false);
  const [replying, setReplying] = useState(false);
  const [sheet, setSheet] = useState<'viewers' | 'delete' | null>(null);
  const [restarts, setRestarts] = useState(0);
  // A video story: its length once known (the server's, else the file's), a stall of the
  // network, and, with reduced motion, whether the reader has started it (nothing moves alone).
  // `image` is a video story's poster; `video` is set once transcoded (API.md Part 4, Video).
  const video = story.video?.url ? story.video : null;
  // Its author's video story still being transcoded (or one that could not be): nothing to wait
  // for, its time runs over what there is.
  const unready = story.status !== undefined && story.status !== 'ready';
  const [measured, setMeasured] = useState<{ id: string; ms: number } | null>(null);
  const [buffering, setBuffering] = useState(false);
  const [still] = useState(prefersReducedMotion);
  const [startedId, setStartedId] = useState<string | null>(null);
  const soundOn = useSoundOn();
  const [announcement, setAnnouncement] = useState('');
  // What belongs to one story starts afresh with the next (the controls stay, keeping focus).
  const [shownId, setShownId] = useState(story.id);
  if (shownId !== story.id) {
    setShownId(story.id);
    setSheet(null);
    setHeld(false);
    setRestarts(0);
    setBuffering(false);
  }
  const pressedAt = useRef<number | null>(null);
  const viewers = useStoryViewers(story.id, { enabled: own });

  const { next, goNext, goPrevious } = useStoryMoves(trays, story.id, onOpen, onClose, () =>
    setRestarts((count) => count + 1),
  );

  const loaded = loadedId === story.id || unready;
  const awaitingStart = video !== null && still && startedId !== story.id;
  const paused = pausedByReader || awaitingStart;
  const running =
    loaded && !held && !hovered && !paused && !replying && sheet === null && !buffering;
  const restartKey = `${story.id}:${restarts}`;
  // A video story shows for its length, a photo for the usual time.
  const durationMs = video
    ? video.duration_s > 0
      ? Math.round(video.duration_s * 1000)
      : measured?.id === story.id
        ? measured.ms
        : limits.storyShowMs
    : limits.storyShowMs;
  useStoryTimer(restartKey, running, durationMs, goNext);

  const toggleSound = () => {
    setSoundOn(!soundOn);
    setAnnouncement(soundAnnouncement(!soundOn));
  };

  // The next photo is fetched while this one shows, so moving on does not wait for it.
  const nextSource = next ? storySource(next.image, pixelWidth) : null;
  useEffect(() => {
    if (nextSource) preloadImage(nextSource);
  }, [nextSource]);

  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (sheet !== null || event.defaultPrevented) return;
    // Arrows in the reply box move its caret, not the stories.
    if (event.target instanceof HTMLInputElement) return;
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      goNext();
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      goPrevious();
    }
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  const press = (event: PointerEvent) => {
    // The main button or a touch; not a right click.
    if (event.button > 0) return;
    pressedAt.current = Date.now();
    setHeld(true);
  };
  const release = () => setHeld(false);
  // A click ends every press: only a short one moves; a long one was a pause.
  const tap = (move: () => void) => () => {
    const startedAt = pressedAt.current;
    pressedAt.current = null;
    if (startedAt !== null && Date.now() - startedAt >= holdMs) return;
    move();
  };
  const tapZone = {
    onPointerDown: press,
    onPointerUp: release,
    onPointerCancel: release,
    onPointerLeave: release,
    onContextMenu: (event: { preventDefault: () => void }) => event.preventDefault(),
  };

  const profilePath = pagePaths.profile.to(author.username);
  const placeholder = loaded ? null : thumbHashUrl(story.image.placeholder);

  return (
    <div
      data-testid="story-card"
      onPointerEnter={(event) => hoverPauses && event.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      className="relative h-full w-full overflow-hidden bg-black select-none sm:aspect-[9/16] sm:h-[min(calc(100dvh-2rem),56rem)] sm:w-auto sm:rounded-lg"
    >
      {placeholder && (
        <div
          aria-hidden
          className="absolute inset-0 bg-cover bg-center blur-lg"
          style={{ backgroundImage: `url("${placeholder}")` }}
        />
      )}
      {video ? (
        <StoryVideo
          key={story.id}
          src={video.url}
          poster={storySource(story.image, pixelWidth)}
          label={`Story by ${author.username}`}
          soundOn={soundOn}
          running={running}
          restartKey={restartKey}
          onFrame={() => setLoadedId(story.id)}
          onDuration={(ms) => setMeasured({ id: story.id, ms })}
          onBuffering={setBuffering}
          onError={() => {
            setFailedId(story.id);
            setLoadedId(story.id);
          }}
        />
      ) : (
        <img
          key={story.id}
          src={storySource(story.image, pixelWidth)}
          alt={`Story by ${author.username}`}
          draggable={false}
          onLoad={() => setLoadedId(story.id)}
          onError={() => {
            // Its time still runs, so a broken photo does not stop the stories.
            setFailedId(story.id);
            setLoadedId(story.id);
          }}
          className="absolute inset-0 size-full object-contain"
        />
      )}
      {unready ? (
        <p
          role="status"
          className="absolute inset-x-0 top-1/2 px-6 text-center text-sm font-semibold text-white"
        >
          {story.status === 'processing' ? 'Processing…' : 'This video could not be processed.'}
        </p>
      ) : (
        failedId === story.id && (
          <p className="absolute inset-x-0 top-1/2 px-6 text-center text-sm text-white">
            {video ? 'This video could not be loaded.' : 'This photo could not be loaded.'}
          </p>
        )
      )}

      <div className="pointer-events-none absolute inset-x-0 top-0 z-10 bg-linear-to-b from-black/60 to-transparent px-3 pt-3 pb-10">
        <StoryProgress
          count={tray.stories.length}
          current={storyIndex}
          running={running}
          restartKey={restartKey}
          durationMs={durationMs}
        />
        <div className="mt-3 flex items-center gap-2 text-white">
          {/* The name beside it is the link people read; the avatar repeats it for pointers. */}
          <Link to={profilePath} tabIndex={-1} aria-hidden className="pointer-events-auto shrink-0">
            <Avatar name={author.username} src={author.avatar_url} size={32} />
          </Link>
          <Link
            to={profilePath}
            className="pointer-events-auto truncate text-sm font-semibold text-white hover:text-white/80"
          >
            <bdi>{author.username}</bdi>
          </Link>
          {author.is_verified && <VerifiedBadge />}
          <time dateTime={story.created_at} className="shrink-0 text-sm text-white/85">
            {timeLabel(story.created_at, clock.now())}
          </time>
          <div className="ml-auto flex shrink-0 items-center">
            {video && (
              <SoundButton
                soundOn={soundOn}
                onToggle={toggleSound}
                className="pointer-events-auto mr-1"
              />
            )}
            <button
              type="button"
              aria-label={paused ? 'Play' : 'Pause'}
              onClick={() =>
                awaitingStart ? setStartedId(story.id) : setPausedByReader((before) => !before)
              }
              className={controlButton}
            >
              {paused ? (
                <Play aria-hidden className="size-5 fill-white" />
              ) : (
                <Pause aria-hidden className="size-5 fill-white" />
              )}
            </button>
            <button type="button" aria-label="Close" onClick={onClose} className={controlButton}>
              <X aria-hidden className="size-6" />
            </button>
          </div>
        </div>
      </div>

      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>

      {/* After the author's controls (read and tabbed to first), drawn beneath them. */}
      <div className="absolute inset-0 flex touch-manipulation">
        <button
          type="button"
          aria-label="Previous story"
          onClick={tap(goPrevious)}
          {...tapZone}
          className="h-full w-1/2 focus-visible:-outline-offset-4"
        />
        <button
          type="button"
          aria-label="Next story"
          onClick={tap(goNext)}
          {...tapZone}
          className="h-full w-1/2 focus-visible:-outline-offset-4"
        />
      </div>

      {own && (
        <div className="pointer-events-none absolute inset-x-0 bottom-0 z-10 flex items-center justify-between bg-linear-to-t from-black/60 to-transparent px-3 pt-10 pb-3 text-white">
          <button
            type="button"
            onClick={() => setSheet('viewers')}
            className="pointer-events-auto flex items-center gap-2 rounded-full px-2 py-1.5 text-sm font-semibold hover:bg-white/15"
          >
            <Eye aria-hidden className="size-5" />
            {viewers.data ? `Seen by ${viewers.data.views_count}` : 'Viewers'}
          </button>
          <button
            type="button"
            onClick={() => setSheet('delete')}
            className="pointer-events-auto flex items-center gap-1.5 rounded-full px-2 py-1.5 text-sm font-semibold hover:bg-white/15"
          >
            <Trash2 aria-hidden className="size-5" />
            Delete
          </button>
        </div>
      )}

      {!own && readerId !== null && (
        <div className="absolute inset-x-0 bottom-0 z-10 flex bg-linear-to-t from-black/60 to-transparent px-3 pt-10 pb-3">
          <StoryReply author={author} storyId={story.id} onActiveChange={setReplying} />
        </div>
      )}

      {own && sheet === 'viewers' && (
        <StoryViewersDialog
          storyId={story.id}
          open
          onOpenChange={(open) => !open && setSheet(null)}
          readerId={readerId}
        />
      )}
      {own && (
        <ConfirmDeleteDialog
          title="Delete story?"
          open={sheet === 'delete'}
          onOpenChange={(open) => setSheet(open ? 'delete' : null)}
          deletion={deletion}
          variables={story.id}
          onDeleted={() => (next ? onOpen(next) : onClose())}
        >
          It will disappear for everyone at once.
        </ConfirmDeleteDialog>
      )}
    </div>
  );
}

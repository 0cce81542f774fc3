import { limits } from '@pinhole/contracts';

interface StoryProgressProps {
  /** Stories of the person on screen. */
  count: number;
  current: number;
  /** The current bar fills only while its story's time runs. */
  running: boolean;
  /** A new key starts the current bar again (another story, or this one restarted). */
  restartKey: string;
  /** How long the current story shows: a photo's `limits.storyShowMs`, a video's length. */
  durationMs?: number;
}

/**
 * One bar per story of the person: those seen full, the current one filling over
 * `durationMs` (in step with the timer, paused with it). With reduced motion it does not
 * animate, it is simply full: the stories still move on.
 */
export function StoryProgress({
  count,
  current,
  running,
  restartKey,
  durationMs = limits.storyShowMs,
}: StoryProgressProps) {
  return (
    <div className="flex gap-1">
      <span className="sr-only">
        Story {current + 1} of {count}
      </span>
      {Array.from({ length: count }, (_, index) => (
        <span
          key={index}
          aria-hidden
          className="h-0.5 flex-1 overflow-hidden rounded-full bg-white/35"
        >
          {index < current && <span className="block h-full w-full bg-white" />}
          {index === current && (
            <span
              key={restartKey}
              data-testid="story-progress-current"
              data-running={running}
              className="block h-full w-full origin-left animate-story-progress bg-white motion-reduce:animate-none"
              style={{
                animationDuration: `${durationMs}ms`,
                animationPlayState: running ? 'running' : 'paused',
              }}
            />
          )}
        </span>
      ))}
    </div>
  );
}

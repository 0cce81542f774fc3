/** A video a list may start and stop by itself. */
export interface AutoplayCandidate {
  play: () => void;
  pause: () => void;
}

/**
 * Plays one video of a list at a time: of those mostly in view (and allowed to play by
 * themselves), the one that came into view last. When it leaves, the one before it that is still
 * in view plays again, so two short videos on a tall screen never talk over each other.
 */
export function createAutoplayController() {
  // In the order they came into view: the last one plays.
  const inView: AutoplayCandidate[] = [];
  let playing: AutoplayCandidate | null = null;

  const settle = () => {
    const next = inView.at(-1) ?? null;
    if (next === playing) return;
    playing?.pause();
    playing = next;
    next?.play();
  };

  return {
    /** The video is mostly in view (and may play), or not any more; a repeat moves it last. */
    setInView(candidate: AutoplayCandidate, visible: boolean) {
      const index = inView.indexOf(candidate);
      if (index >= 0) inView.splice(index, 1);
      if (visible) inView.push(candidate);
      settle();
    },
    /** The one playing now, if any. */
    playing: () => playing,
  };
}

export type AutoplayController = ReturnType<typeof createAutoplayController>;

/** The videos of every list on the page (feed, a post's page): one plays at a time. */
export const pageVideos = createAutoplayController();

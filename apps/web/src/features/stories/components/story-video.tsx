import { useEffect, useRef } from 'react';

interface StoryVideoProps {
  src: string;
  poster: string;
  label: string;
  soundOn: boolean;
  /** Plays while the story's time runs; paused with it (a hold, a hover, a dialog). */
  running: boolean;
  /** A new key starts it over (this story restarted). */
  restartKey: string;
  onFrame: () => void;
  onDuration: (ms: number) => void;
  onBuffering: (buffering: boolean) => void;
  onError: () => void;
}

/**
 * A video story: inline, muted unless the reader turned the sound on, playing only while the
 * story's time runs, so its progress bar and the picture stay in step; a stall (the network)
 * stops the time too, through `onBuffering`.
 */
export function StoryVideo({
  src,
  poster,
  label,
  soundOn,
  running,
  restartKey,
  onFrame,
  onDuration,
  onBuffering,
  onError,
}: StoryVideoProps) {
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (!running) {
      element.pause();
      return;
    }
    Promise.resolve(element.play()).catch((error: unknown) => {
      // Sound refused without a gesture: it plays muted rather than not at all.
      if (error instanceof DOMException && error.name === 'NotAllowedError' && !element.muted) {
        element.muted = true;
        Promise.resolve(element.play()).catch(() => undefined);
      }
    });
  }, [running]);

  const firstKey = useRef(restartKey);
  useEffect(() => {
    if (firstKey.current === restartKey || !video.current) return;
    firstKey.current = restartKey;
    video.current.currentTime = 0;
  }, [restartKey]);

  useEffect(() => {
    if (video.current) video.current.muted = !soundOn;
  }, [soundOn]);

  return (
    <video
      ref={video}
      src={src}
      poster={poster}
      aria-label={label}
      muted={!soundOn}
      playsInline
      preload="auto"
      onLoadedMetadata={(event) => {
        const seconds = event.currentTarget.duration;
        if (Number.isFinite(seconds) && seconds > 0) onDuration(Math.round(seconds * 1000));
      }}
      onLoadedData={onFrame}
      onWaiting={() => onBuffering(true)}
      onPlaying={() => onBuffering(false)}
      onError={onError}
      className="absolute inset-0 size-full object-contain"
    />
  );
}

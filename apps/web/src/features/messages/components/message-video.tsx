import { bestSource, type MediaAttachment } from '@pinhole/contracts';

/** The poster's copy drawn in a bubble: the smallest at least this wide. */
const bubblePosterWidth = 480;

/**
 * A video sent in a conversation: its poster first, in a box its size reserves, then the
 * browser's controls; nothing of the file loads before the reader plays it.
 */
export function MessageVideo({ video, sender }: { video: MediaAttachment; sender: string }) {
  const box = {
    aspectRatio: video.width > 0 && video.height > 0 ? `${video.width} / ${video.height}` : '1',
  };
  const poster = video.poster
    ? bestSource({ ...video.poster, placeholder: null }, video.poster.url, bubblePosterWidth)
    : '';
  if (video.status === 'processing' || video.url === '')
    return (
      <p
        role="status"
        style={box}
        className="flex w-48 items-center justify-center rounded-2xl bg-neutral-200 text-sm text-muted"
      >
        Processing…
      </p>
    );
  return (
    <video
      src={video.url}
      poster={poster || undefined}
      width={video.width || undefined}
      height={video.height || undefined}
      controls
      playsInline
      preload="none"
      aria-label={video.alt_text ?? `Video from ${sender}`}
      style={box}
      className="h-auto w-48 rounded-2xl bg-neutral-900 object-cover"
    />
  );
}

import { bestSource, type Message } from '@pinhole/contracts';

/** The poster's copy drawn in a bubble: the smallest at least this wide. */
const bubblePosterWidth = 480;

type MessageImage = Message['images'][number];

/** A message's picture that is a video (once transcoded, or on its way). */
export const isMessageVideo = (image: MessageImage) =>
  Boolean(image.video) || (image.status !== undefined && image.status !== 'ready');

/**
 * A video sent in a conversation (its picture is its poster, API.md Part 4): the poster first,
 * in a box its size reserves, then the browser's controls; nothing of the file loads before the
 * reader plays it. "Processing…" until the server has transcoded it.
 */
export function MessageVideo({ image, sender }: { image: MessageImage; sender: string }) {
  const box = {
    aspectRatio: image.width > 0 && image.height > 0 ? `${image.width} / ${image.height}` : '1',
  };
  if (!image.video)
    return (
      <p
        role="status"
        style={box}
        className="flex w-48 items-center justify-center rounded-2xl bg-neutral-200 px-3 text-center text-sm text-muted"
      >
        {image.status === 'processing' ? 'Processing…' : 'This video could not be processed.'}
      </p>
    );
  const poster = bestSource(image, image.url, bubblePosterWidth);
  return (
    <video
      src={image.video.url}
      poster={poster || undefined}
      width={image.width || undefined}
      height={image.height || undefined}
      controls
      playsInline
      preload="none"
      aria-label={`Video from ${sender}`}
      style={box}
      className="h-auto w-48 rounded-2xl bg-neutral-900 object-cover"
    />
  );
}

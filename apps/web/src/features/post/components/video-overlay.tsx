import type { MediaAttachment } from '@pinhole/contracts';
import { AutoplayVideo } from '@/components/video/autoplay-video';

export interface VideoOverlayProps {
  video: MediaAttachment;
  /** The post's author, named by the video's label when it has no alt text. */
  author: string;
  /** The feed's crop (`cover`), or a post's page (`contain`), which has the browser's controls. */
  fit: 'cover' | 'contain';
}

/**
 * Over a video's poster: the player, or "Processing…" while the server transcodes it (and why
 * not, if it could not). A default
 * export, so that the first script's lazy import of it is as short as can be (e2e/12).
 */
export default function VideoOverlay({ video, author, fit }: VideoOverlayProps) {
  if (video.status !== 'ready' || video.url === '')
    return (
      <p
        role="status"
        className="absolute inset-0 flex items-center justify-center bg-black/40 text-sm font-semibold text-white"
      >
        {video.status === 'processing' ? 'Processing…' : 'This video could not be processed.'}
      </p>
    );
  return (
    <AutoplayVideo
      src={video.url}
      poster={video.poster?.url}
      width={video.width}
      height={video.height}
      label={video.alt_text ?? `Video by ${author}`}
      fit={fit}
      controls={fit === 'contain'}
    />
  );
}

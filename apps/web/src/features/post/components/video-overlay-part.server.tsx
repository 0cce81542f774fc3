import { Suspense } from 'react';
import VideoOverlay, { type VideoOverlayProps } from './video-overlay';

// The server's video-overlay-part.tsx: the same boundary, the player drawn at once, so the
// browser finds the markup it hydrates once the player's chunk has come.
export function VideoOverlayPart(props: VideoOverlayProps) {
  return (
    <Suspense fallback={null}>
      <VideoOverlay {...props} />
    </Suspense>
  );
}

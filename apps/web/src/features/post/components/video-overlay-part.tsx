import { lazy, Suspense } from 'react';
import type { VideoOverlayProps } from './video-overlay';

// The player (its controller, sound and icons) loads with the first video a page shows, not with
// the first script (e2e/12-production-build); its poster is drawn meanwhile. The server's build
// draws it at once (video-overlay-part.server.tsx): renderToString cannot wait for a lazy part.
const VideoOverlay = lazy(() => import('./video-overlay'));

export function VideoOverlayPart(props: VideoOverlayProps) {
  return (
    <Suspense fallback={null}>
      <VideoOverlay {...props} />
    </Suspense>
  );
}

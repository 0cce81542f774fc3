import { lazy, Suspense } from 'react';
import type { MediaAttachment } from '@pinhole/contracts';
import { PhotoSlide, type PhotoSlideProps } from './photo-slide';

// Video's code (the player, its controller and icons) loads with the first video a page shows,
// not with the first script (e2e/12-production-build). The server's build draws it at once
// (video-slide-part.server.tsx), since renderToString cannot wait for a lazy part.
const VideoSlide = lazy(() => import('./video-slide').then((m) => ({ default: m.VideoSlide })));

/** A post's video slide; its poster, drawn as a photo, until its code has come. */
export function VideoSlidePart({ slide, video, controls }: VideoSlidePartProps) {
  return (
    <Suspense fallback={<PhotoSlide {...slide} />}>
      <VideoSlide {...slide} video={video} controls={controls} />
    </Suspense>
  );
}

export interface VideoSlidePartProps {
  slide: PhotoSlideProps;
  video: MediaAttachment;
  /** The browser's controls too (a post's page). */
  controls: boolean;
}

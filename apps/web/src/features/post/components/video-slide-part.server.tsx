import { Suspense } from 'react';
import { VideoSlide } from './video-slide';
import type { VideoSlidePartProps } from './video-slide-part';

// The server's video-slide-part.tsx: the same boundary, the video slide drawn at once, so the
// browser finds the markup it hydrates once the slide's chunk has come.
export function VideoSlidePart({ slide, video, controls }: VideoSlidePartProps) {
  return (
    <Suspense fallback={null}>
      <VideoSlide {...slide} video={video} controls={controls} />
    </Suspense>
  );
}

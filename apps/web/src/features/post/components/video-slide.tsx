import type { MediaAttachment } from '@pinhole/contracts';
import { AutoplayVideo } from '@/components/video/autoplay-video';
import { PhotoSlide, type PhotoSlideProps } from './photo-slide';

export interface VideoSlideProps extends PhotoSlideProps {
  video: MediaAttachment;
  /** The browser's controls too (a post's page). */
  controls: boolean;
}

/**
 * A video of a post: its poster first (the placeholder, then the poster's variant for the
 * screen, in the box the video's size reserves), the video over it once near the screen. While
 * the server still transcodes it (only its author sees it then), the poster and "Processing…".
 */
export function VideoSlide({ video, controls, ...slide }: VideoSlideProps) {
  const { poster } = video;
  const image = poster
    ? { ...poster, placeholder: video.placeholder ?? slide.image.placeholder }
    : slide.image;
  const posterUrl = poster?.url ?? slide.url;
  const processing = video.status === 'processing' || video.url === '';
  return (
    <PhotoSlide
      {...slide}
      image={image}
      url={posterUrl}
      // Only the placeholder's colours while there is no poster to draw yet.
      drawn={slide.drawn && posterUrl !== ''}
      // The video carries the words; its poster is its picture.
      alt={processing ? slide.alt : ''}
    >
      {processing ? (
        <p
          role="status"
          className="absolute inset-0 flex items-center justify-center bg-black/40 text-sm font-semibold text-white"
        >
          Processing…
        </p>
      ) : (
        slide.drawn && (
          <AutoplayVideo
            src={video.url}
            poster={posterUrl || undefined}
            width={video.width}
            height={video.height}
            label={slide.alt}
            fit={slide.fit}
            controls={controls}
          />
        )
      )}
    </PhotoSlide>
  );
}

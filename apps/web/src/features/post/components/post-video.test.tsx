import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PostsGrid } from '@/components/ui/posts-grid';
import { setSoundOn } from '@/components/video/sound-preference';
import { doubleTapMs } from '@/lib/double-tap';
import { makePhoto, makePost, makeVideo, signedInSession } from '@/testing/factories';
import { stubIntersectionObservers, stubMediaPlayback } from '@/testing/intersection';
import { renderAsReader } from '@/testing/render';
import { PostImage } from './post-image';

afterEach(() => {
  act(() => setSoundOn(false));
});

function videoPost(overrides: Parameters<typeof makeVideo>[2] = {}) {
  const { photo, media } = makeVideo('post-1', 0, overrides);
  return makePost({ images: [photo], media: [media] });
}

describe('a video in a post', () => {
  it('draws its poster first in the box its size reserves, then the video over it', async () => {
    stubIntersectionObservers();
    stubMediaPlayback();
    const { container } = render(<PostImage post={videoPost()} priority fit="cover" />);
    // 1080 × 1920 is taller than the feed's 4:5: the box is 4:5 before a byte arrives.
    expect(screen.getByTestId('post-image-box').style.aspectRatio).toBe(String(4 / 5));
    const video = await screen.findByLabelText<HTMLVideoElement>('Video by bob');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('src', '/storage/user-uploads/user-2/posts/post-1.mp4');
    expect(video).toHaveAttribute('preload', 'none');
    expect(video.muted).toBe(true);
    expect(video).not.toHaveAttribute('controls');
    // The poster, from its variants, under the video (hidden until its first frame).
    const poster = container.querySelector('img');
    expect(poster?.getAttribute('srcset')).toContain('post-1-poster-640.webp 640w');
    expect(video).toHaveClass('opacity-0');
    fireEvent.loadedData(video);
    expect(video).not.toHaveClass('opacity-0');
  });

  it('plays when mostly in view and pauses when not, in a carousel beside photos', async () => {
    const io = stubIntersectionObservers();
    const media = stubMediaPlayback();
    const { photo, media: item } = makeVideo('post-1', 1);
    const first = makePhoto('post-1');
    const post = makePost({
      images: [first, photo],
      media: [makePost({ images: [first] }).media[0]!, item],
    });
    render(<PostImage post={post} priority={false} fit="cover" />);
    // The order is the author's: a photo, then the video.
    const slides = within(screen.getByRole('group', { name: 'Photos' })).getAllByRole('group');
    expect(within(slides[0]!).getByRole('img', { name: 'Photo by bob' })).toBeInTheDocument();
    const video = await within(slides[1]!).findByLabelText('Video by bob');
    io.view(video, 0.8);
    expect(media.played()).toEqual([video]);
    io.view(video, 0.1);
    expect(media.paused()).toEqual([video]);
  });

  it('still likes with a double tap, which leaves the sound as it was', async () => {
    stubIntersectionObservers();
    stubMediaPlayback();
    const onDoubleTap = vi.fn();
    render(<PostImage post={videoPost()} priority onDoubleTap={onDoubleTap} fit="cover" />);
    const video = await screen.findByLabelText<HTMLVideoElement>('Video by bob');
    fireEvent.click(video);
    fireEvent.click(video);
    expect(onDoubleTap).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, doubleTapMs + 100));
    expect(video.muted).toBe(true);
    expect(screen.getByRole('button', { name: 'Turn sound on' })).toBeInTheDocument();
  });

  it("shows the browser's controls on a post's page (where it is shown whole)", async () => {
    stubIntersectionObservers();
    stubMediaPlayback();
    render(<PostImage post={videoPost()} priority fit="contain" />);
    const video = await screen.findByLabelText('Video by bob');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('poster', '/storage/user-uploads/user-2/posts/post-1-poster.jpg');
  });

  it('shows its author "Processing…" over the placeholder while it is transcoded', async () => {
    stubIntersectionObservers();
    stubMediaPlayback();
    render(
      <PostImage post={videoPost({ status: 'processing', url: '', poster: null })} priority />,
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Processing…');
    expect(document.querySelector('video')).toBeNull();
    // No poster yet: no broken image either, only the placeholder's colours.
    expect(document.querySelector('img')).toBeNull();
  });

  it('is a poster with a film mark in a grid', () => {
    renderAsReader(
      <PostsGrid
        posts={[videoPost(), makePost({ id: 'post-2' })]}
        hasNextPage={false}
        loadingMore={false}
        onLoadMore={() => {}}
      />,
      signedInSession(),
    );
    const tile = screen.getByRole('img', { name: 'Video: Sunset over the bay' });
    expect(tile.getAttribute('srcset')).toContain('post-1-poster-320.webp');
    expect(screen.getAllByTestId('video-mark')).toHaveLength(1);
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makePhoto, makePost } from '@/testing/factories';
import { PostImage } from './post-image';

const threePhotos = () =>
  makePost({
    images: [
      makePhoto('post-1', 0, { alt_text: 'A red boat at the pier' }),
      makePhoto('post-1', 1),
      makePhoto('post-1', 2, { alt_text: 'Gulls over the water' }),
    ],
  });

const drawnSources = () => screen.getAllByRole('img').map((img) => img.getAttribute('src') ?? '');

describe('PostImage', () => {
  it('draws a one-photo post as a single photo: no carousel, arrows or photo number', () => {
    render(<PostImage post={makePost()} priority />);
    expect(screen.getAllByRole('img')).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'Photo by bob' })).toHaveAttribute(
      'fetchpriority',
      'high',
    );
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Photo \d+ of \d+$/)).not.toBeInTheDocument();
  });

  it('loads the shown photo and the next only, and one more with each step', async () => {
    const user = userEvent.setup();
    render(<PostImage post={threePhotos()} priority={false} />);
    const carousel = screen.getByRole('group', { name: 'Photos' });
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    expect(within(carousel).getByRole('group', { name: '2 of 3' })).toHaveAttribute(
      'aria-roledescription',
      'slide',
    );
    expect(drawnSources()).toEqual([
      '/storage/user-uploads/user-2/posts/post-1-640.webp',
      '/storage/user-uploads/user-2/posts/post-1-1-640.webp',
    ]);
    expect(screen.getByText('Photo 1 of 3')).toHaveAttribute('aria-live', 'polite');

    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(screen.getByText('Photo 2 of 3')).toBeInTheDocument();
    expect(drawnSources()).toHaveLength(3);
    expect(drawnSources()[2]).toBe('/storage/user-uploads/user-2/posts/post-1-2-640.webp');
  });

  it('disables the arrow at either end and hands its focus to the other', async () => {
    const user = userEvent.setup();
    render(<PostImage post={threePhotos()} priority={false} />);
    const previous = screen.getByRole('button', { name: 'Previous photo' });
    const next = screen.getByRole('button', { name: 'Next photo' });
    expect(previous).toBeDisabled();

    next.focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    expect(screen.getByText('Photo 3 of 3')).toBeInTheDocument();
    expect(next).toBeDisabled();
    expect(previous).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(screen.getByText('Photo 2 of 3')).toBeInTheDocument();
    expect(next).toBeEnabled();
  });

  it("uses each photo's alt text as its alt, and the author's name without one", () => {
    render(<PostImage post={threePhotos()} priority={false} />);
    expect(screen.getByRole('img', { name: 'A red boat at the pier' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo by bob' })).toBeInTheDocument();
  });

  it('shows the alt text on demand from the ALT badge of a photo that has one', async () => {
    const user = userEvent.setup();
    render(<PostImage post={threePhotos()} priority={false} />);
    const first = screen.getByRole('group', { name: '1 of 3' });
    const second = screen.getByRole('group', { name: '2 of 3' });
    expect(within(second).queryByRole('button', { name: 'ALT' })).not.toBeInTheDocument();

    const badge = within(first).getByRole('button', { name: 'ALT' });
    expect(badge).toHaveAttribute('aria-expanded', 'false');
    expect(within(first).queryByText('A red boat at the pier')).not.toBeInTheDocument();
    await user.click(badge);
    expect(badge).toHaveAttribute('aria-expanded', 'true');
    expect(within(first).getByText('A red boat at the pier')).toBeInTheDocument();
    await user.click(badge);
    expect(within(first).queryByText('A red boat at the pier')).not.toBeInTheDocument();
  });

  it('likes on a double tap of the photo, not on a double click of an arrow or the badge', async () => {
    const user = userEvent.setup();
    const onDoubleTap = vi.fn();
    render(<PostImage post={threePhotos()} priority={false} onDoubleTap={onDoubleTap} />);
    await user.dblClick(screen.getByRole('button', { name: 'Next photo' }));
    await user.dblClick(screen.getAllByRole('button', { name: 'ALT' })[0]!);
    expect(onDoubleTap).not.toHaveBeenCalled();
    await user.dblClick(screen.getByRole('img', { name: 'A red boat at the pier' }));
    expect(onDoubleTap).toHaveBeenCalledTimes(1);
  });

  it('shows the whole photo by default (a post’s page) beside its column, cropped to 4:5 on a phone as in the feed', () => {
    const post = makePost();
    render(
      <PostImage
        post={{ ...post, image: { ...post.image, width: 3000, height: 1000 } }}
        priority
      />,
    );
    expect(screen.getByTestId('post-image-box').style.aspectRatio).toBe('3');
    // Its box is the photo's own shape (no taller than 4:5), so only a tall photo is cropped,
    // and only on a phone, where the page stacks like a feed post (issue 47).
    expect(screen.getByRole('img', { name: 'Photo by bob' })).toHaveClass(
      'object-cover',
      'md:object-contain',
    );
  });

  it('keeps its dots visible on a light photo: each has a dark shadow', () => {
    render(<PostImage post={threePhotos()} priority={false} />);
    const dots = screen.getAllByTestId('carousel-dot');
    expect(dots).toHaveLength(3);
    for (const dot of dots) expect(dot.className).toMatch(/shadow-\[[^\]]*rgba\(0,0,0/);
  });

  it('reserves the first photo’s shape for the whole carousel', () => {
    render(<PostImage post={threePhotos()} priority={false} />);
    expect(screen.getByTestId('post-image-box').style.aspectRatio).toBe('0.8');
  });
});

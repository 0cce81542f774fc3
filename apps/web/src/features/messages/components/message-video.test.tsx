import type { Message } from '@pinhole/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithQuery } from '@/testing/render';
import { makeVideo } from '@/testing/factories';
import { storyPerson } from '@/testing/stories';
import { MessageBubble } from './message-bubble';

function messageWith(overrides: Parameters<typeof makeVideo>[2] = {}): Message {
  const { photo, media } = makeVideo('m1', 0, overrides);
  return {
    id: 'm1',
    sender: storyPerson('bob'),
    text: null,
    images: [{ ...photo }],
    media: [media],
    shared_post: null,
    story: null,
    created_at: '2026-03-01T10:00:00.000Z',
    seen_by: [],
  };
}

function renderBubble(message: Message) {
  renderWithQuery(<MessageBubble message={message} mine={false} onUnsend={() => {}} />);
}

describe('a video in a conversation', () => {
  it('shows its poster first, in a box its size reserves, and plays with controls', () => {
    renderBubble(messageWith());
    const video = screen.getByLabelText('Video from bob');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('preload', 'none');
    expect(video).toHaveAttribute(
      'poster',
      '/storage/user-uploads/user-2/posts/m1-poster-640.webp',
    );
    expect(video).toHaveAttribute('src', '/storage/user-uploads/user-2/posts/m1.mp4');
    expect(video.style.aspectRatio).toBe('1080 / 1920');
    // Not drawn twice: the poster's entry in `images` is the video's.
    expect(screen.queryByRole('img', { name: 'Photo from bob' })).not.toBeInTheDocument();
  });

  it('says "Processing…" until it is ready', () => {
    renderBubble(messageWith({ status: 'processing', url: '', poster: null }));
    expect(screen.getByRole('status')).toHaveTextContent('Processing…');
    expect(document.querySelector('video')).toBeNull();
  });
});

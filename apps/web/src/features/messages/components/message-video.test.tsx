import type { Message } from '@pinhole/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithQuery } from '@/testing/render';
import { makeVideo } from '@/testing/factories';
import { storyPerson } from '@/testing/stories';
import { MessageBubble } from './message-bubble';

/** A message with one video, as the server sends it: its picture is the poster. */
function messageWith(image: Partial<Message['images'][number]> = {}): Message {
  const { photo } = makeVideo('m1');
  return {
    id: 'm1',
    sender: storyPerson('bob'),
    text: null,
    images: [
      {
        url: photo.url,
        width: 1080,
        height: 1920,
        placeholder: null,
        variants: photo.variants,
        video: { url: '/storage/user-uploads/user-2/messages/m1.mp4', duration_s: 4 },
        status: 'ready',
        ...image,
      },
    ],
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
    expect(video).toHaveAttribute('src', '/storage/user-uploads/user-2/messages/m1.mp4');
    expect(video.style.aspectRatio).toBe('1080 / 1920');
    // Not drawn twice: the picture is the video's poster.
    expect(screen.queryByRole('img', { name: 'Photo from bob' })).not.toBeInTheDocument();
  });

  it('says "Processing…" until it is ready', () => {
    renderBubble(messageWith({ status: 'processing', url: '', variants: [], video: null }));
    expect(screen.getByRole('status')).toHaveTextContent('Processing…');
    expect(document.querySelector('video')).toBeNull();
  });
});

describe('a photo in a conversation', () => {
  it('is still a photo (no video, ready)', () => {
    renderBubble(messageWith({ video: null }));
    expect(screen.getByRole('img', { name: 'Photo from bob' })).toBeInTheDocument();
    expect(document.querySelector('video')).toBeNull();
  });
});

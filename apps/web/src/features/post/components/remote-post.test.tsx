import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Avatar } from '@/components/ui/avatar';
import { PostsGrid } from '@/components/ui/posts-grid';
import { makePhoto, makePost, signedInSession } from '@/testing/factories';
import { renderAsReader } from '@/testing/render';
import { PostCard } from './post-card';
import { PostImage } from './post-image';

const remotePost = makePost({
  id: 'remote-post',
  user_id: 'remote-1',
  author: {
    id: 'remote-1',
    username: 'alice@photos.example',
    avatar_url: '/storage/remote-media/remote-1/avatar.webp',
    is_verified: false,
  },
  images: [
    makePhoto('remote-post', 0, { alt_text: 'A lighthouse at dusk' }),
    makePhoto('remote-post', 1),
  ],
  is_remote: true,
  remote_url: 'https://photos.example/p/alice/1',
});

describe('a post of someone of another server', () => {
  it('leads to their profile at /@user@host and to the original from its menu', async () => {
    const user = userEvent.setup();
    renderAsReader(<PostCard post={remotePost} />, signedInSession());
    // The header's name and the caption's both.
    const names = screen.getAllByRole('link', { name: 'alice@photos.example' });
    expect(names.map((link) => link.getAttribute('href'))).toEqual([
      '/@alice@photos.example',
      '/@alice@photos.example',
    ]);
    expect(names[0]).toHaveAttribute('title', 'alice@photos.example');
    // The carousel and the alt texts work as for any post.
    const carousel = screen.getByRole('group', { name: 'Photos' });
    expect(within(carousel).getByRole('img', { name: 'A lighthouse at dusk' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'More options' }));
    const menu = await screen.findByRole('dialog', { name: 'Post options' });
    const original = within(menu).getByRole('link', { name: 'View on photos.example' });
    expect(original).toHaveAttribute('href', 'https://photos.example/p/alice/1');
    expect(original).toHaveAttribute('target', '_blank');
    expect(original).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('a local post has no link to another server', async () => {
    const user = userEvent.setup();
    renderAsReader(<PostCard post={makePost()} />, signedInSession());
    await user.click(screen.getByRole('button', { name: 'More options' }));
    const menu = await screen.findByRole('dialog', { name: 'Post options' });
    expect(within(menu).queryByRole('link', { name: /^View on/ })).not.toBeInTheDocument();
  });
});

describe('a photo that did not arrive', () => {
  it('leaves its placeholder and a mark in the post, never a broken image', async () => {
    render(<PostImage post={remotePost} priority />);
    const photo = screen.getByRole('img', { name: 'A lighthouse at dusk' });
    fireEvent.error(photo);
    expect(photo).not.toBeInTheDocument();
    const mark = screen.getByRole('img', { name: 'A lighthouse at dusk (not available)' });
    expect(mark.tagName).toBe('SPAN');
    // Its icon loads only now, out of the first script.
    await waitFor(() => expect(mark.querySelector('svg')).not.toBeNull());
  });

  it('leaves its placeholder in a grid tile', () => {
    renderAsReader(
      <PostsGrid
        posts={[remotePost]}
        hasNextPage={false}
        loadingMore={false}
        onLoadMore={() => {}}
      />,
      signedInSession(),
    );
    const tile = screen.getByRole('img', { name: 'A lighthouse at dusk' });
    fireEvent.error(tile);
    expect(screen.getByRole('img', { name: 'A lighthouse at dusk' }).tagName).toBe('SPAN');
  });

  it("draws a profile picture's initial instead", () => {
    render(<Avatar name="alice@photos.example" src="/storage/a.webp" size={32} alt="alice" />);
    fireEvent.error(screen.getByRole('img', { name: 'alice' }));
    expect(screen.getByTestId('avatar-initial')).toHaveTextContent('A');
  });
});

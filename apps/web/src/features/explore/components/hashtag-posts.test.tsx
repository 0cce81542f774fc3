import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makePost, page, signedOutSession } from '@/testing/factories';
import { json, mockApi, sentUrl } from '@/testing/mock-api';
import { renderAsReader } from '@/testing/render';
import { HashtagPosts } from './hashtag-posts';

function tagPage(name: string, postsCount: number, posts = page([])) {
  return { hashtag: { name, posts_count: postsCount }, ...posts };
}

const postLinks = () =>
  within(screen.getByRole('list', { name: 'Posts' }))
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));

describe('HashtagPosts', () => {
  it('shows #tag, its post count and its posts, page after page', async () => {
    const fetchMock = mockApi({
      'GET /api/hashtags/sunset/posts': ({ url }: { url: URL }) =>
        json(
          url.searchParams.get('cursor') === 'older'
            ? tagPage('sunset', 1234, page([makePost({ id: 's3' })]))
            : tagPage(
                'sunset',
                1234,
                page([makePost({ id: 's1' }), makePost({ id: 's2' })], 'older'),
              ),
        ),
    });
    renderAsReader(<HashtagPosts name="sunset" />, signedOutSession);
    expect(screen.getByRole('heading', { level: 1, name: '#sunset' })).toBeInTheDocument();
    expect(screen.getByText('Loading posts...')).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Posts' });
    expect(screen.getByText(`${(1234).toLocaleString()} posts`)).toBeInTheDocument();
    expect(postLinks()).toEqual(['/p/s1', '/p/s2']);
    expect(sentUrl(fetchMock, 'GET', '/api/hashtags/sunset/posts').searchParams.get('limit')).toBe(
      '24',
    );

    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    await vi.waitFor(() => expect(postLinks()).toEqual(['/p/s1', '/p/s2', '/p/s3']));
    expect(
      sentUrl(fetchMock, 'GET', '/api/hashtags/sunset/posts', 1).searchParams.get('cursor'),
    ).toBe('older');
  });

  it('shows a tag nobody used as 0 posts, not as an error', async () => {
    mockApi({ 'GET /api/hashtags/nothinghere/posts': tagPage('nothinghere', 0) });
    renderAsReader(<HashtagPosts name="nothinghere" />, signedOutSession);
    expect(await screen.findByText('0 posts')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No Posts Yet' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Posts' })).not.toBeInTheDocument();
  });

  it('asks for a tag in any script with its name encoded', async () => {
    const fetchMock = mockApi({
      [`GET /api/hashtags/${encodeURIComponent('été')}/posts`]: tagPage(
        'été',
        1,
        page([makePost()]),
      ),
    });
    renderAsReader(<HashtagPosts name="été" />, signedOutSession);
    expect(await screen.findByText('1 post')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

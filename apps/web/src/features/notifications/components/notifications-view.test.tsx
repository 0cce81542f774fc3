import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { makeProfile, signedInSession } from '@/testing/factories';
import { apiError, callsTo, deferred, json, mockApi, sentUrl } from '@/testing/mock-api';
import {
  hoursAgo,
  makeActor,
  makeNotification,
  notificationPage,
  says,
} from '@/testing/notifications';
import { renderAsReader, testQueryClient } from '@/testing/render';
import { NotificationsView } from './notifications-view';

const me = makeProfile({ id: 'me', username: 'me' });
const noContent = () => new Response(null, { status: 204 });

function renderView(unread = 0) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(queryKeys.unreadNotifications('me'), unread);
  const view = renderAsReader(<NotificationsView userId="me" />, signedInSession(me), queryClient);
  const badge = () => queryClient.getQueryData<number>(queryKeys.unreadNotifications('me'));
  return { ...view, badge };
}

const like = (username: string, hours = 1, postId = 'post-1') =>
  makeNotification({
    type: 'like',
    actor: makeActor(username),
    post: { id: postId, thumbnail_url: `/storage/thumbs/${postId}.webp` },
    created_at: hoursAgo(hours),
  });

/** What each row says (its message and time; the avatar's drawn initial left out). */
const rows = (section: HTMLElement) =>
  within(section)
    .getAllByTestId('notification')
    .map((row) => row.querySelector('p')?.textContent);

describe('NotificationsView', () => {
  it('draws each kind under Today, This week and Earlier, likes of one post folded', async () => {
    mockApi({
      'GET /api/notifications': notificationPage([
        like('alice', 1),
        like('bob', 2),
        like('carol', 3),
        like('dave', 4),
        makeNotification({
          type: 'comment',
          actor: makeActor('erin'),
          comment: { id: 'c1', content: 'nice!' },
          created_at: hoursAgo(5),
        }),
        like('gus', 6, 'post-2'),
        like('hal', 7, 'post-2'),
        makeNotification({ type: 'follow', actor: makeActor('frank'), created_at: hoursAgo(50) }),
        makeNotification({
          type: 'mention',
          actor: makeActor('gina'),
          comment: { id: 'c2', content: 'look @me' },
          created_at: hoursAgo(9 * 24),
        }),
        makeNotification({
          type: 'mention',
          actor: makeActor('hank'),
          post: { id: 'post-3', thumbnail_url: '/storage/thumbs/post-3.webp' },
          created_at: hoursAgo(10 * 24),
        }),
      ]),
      'POST /api/notifications/read': noContent,
    });
    renderView();

    const today = await screen.findByRole('region', { name: 'Today' });
    expect(rows(today)).toEqual([
      'alice and 3 others liked your photo. 1h',
      'erin commented: nice! 5h',
      'gus and hal liked your photo. 6h',
    ]);
    const [likes] = within(today).getAllByTestId('notification');
    expect(within(likes!).getByRole('link', { name: 'alice' })).toHaveAttribute('href', '/alice');
    expect(within(likes!).getByRole('link', { name: 'View post' })).toHaveAttribute(
      'href',
      '/p/post-1',
    );

    const week = screen.getByRole('region', { name: 'This week' });
    expect(rows(week)).toEqual(['frank started following you. 2d']);
    expect(within(week).getByRole('button', { name: 'Follow back frank' })).toBeInTheDocument();
    expect(within(week).queryByRole('link', { name: 'View post' })).not.toBeInTheDocument();

    const earlier = screen.getByRole('region', { name: 'Earlier' });
    expect(rows(earlier)).toEqual([
      'gina mentioned you in a comment: look @me 1w',
      'hank mentioned you in a caption. 1w',
    ]);
    expect(within(earlier).getAllByRole('link', { name: 'View post' })[1]).toHaveAttribute(
      'href',
      '/p/post-3',
    );
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(['Today', 'This week', 'Earlier']);
  });

  it('a follow request asks for an answer; an accepted one says so, with nothing to click', async () => {
    mockApi({
      'GET /api/notifications': notificationPage([
        makeNotification({ type: 'follow_request', actor: makeActor('ivy'), post: null }),
        makeNotification({
          type: 'follow_accepted',
          actor: makeActor('jon'),
          post: null,
          created_at: hoursAgo(2),
        }),
      ]),
      'POST /api/notifications/read': noContent,
    });
    renderView();
    const today = await screen.findByRole('region', { name: 'Today' });
    expect(rows(today)).toEqual([
      'ivy requested to follow you. 1h',
      'jon accepted your follow request. 2h',
    ]);
    const [request, accepted] = within(today).getAllByTestId('notification');
    expect(within(request!).getByRole('button', { name: 'Approve ivy' })).toBeInTheDocument();
    expect(within(request!).getByRole('link', { name: 'ivy' })).toHaveAttribute('href', '/ivy');
    expect(within(accepted!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(accepted!).queryByRole('link', { name: 'View post' })).not.toBeInTheDocument();
  });

  it('opening clears the badge at once, and marks all read once the list is read', async () => {
    const list = deferred<Response>();
    const fetchMock = mockApi({
      'GET /api/notifications': () => list.promise,
      'POST /api/notifications/read': noContent,
    });
    const { badge } = renderView(3);
    await waitFor(() => expect(badge()).toBe(0));
    expect(callsTo(fetchMock, 'POST', '/api/notifications/read')).toHaveLength(0);

    const unseen = like('alice');
    const seen = { ...like('bob', 30, 'post-2'), read: true };
    list.resolve(json(notificationPage([unseen, seen])));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', '/api/notifications/read')).toHaveLength(1),
    );
    // What was new this time still shows as new.
    const [first, second] = screen.getAllByTestId('notification');
    expect(first).toHaveAttribute('data-unread');
    expect(second).not.toHaveAttribute('data-unread');
    expect(badge()).toBe(0);
  });

  it('news while open is read and marked read too', async () => {
    let page = notificationPage([like('alice')]);
    const fetchMock = mockApi({
      'GET /api/notifications': () => json(page),
      'POST /api/notifications/read': noContent,
    });
    const { queryClient } = renderView(1);
    await screen.findByText(says(/alice liked your photo\./));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', '/api/notifications/read')).toHaveLength(1),
    );

    page = notificationPage([
      makeNotification({ type: 'follow', actor: makeActor('zed') }),
      like('alice'),
    ]);
    // As the event stream does when someone follows the reader.
    act(() => {
      queryClient.setQueryData(queryKeys.unreadNotifications('me'), 1);
    });
    expect(await screen.findByText(says(/zed started following you\./))).toBeInTheDocument();
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', '/api/notifications/read')).toHaveLength(2),
    );
    expect(callsTo(fetchMock, 'GET', '/api/notifications')).toHaveLength(2);
    expect(queryClient.getQueryData(queryKeys.unreadNotifications('me'))).toBe(0);
  });

  it('when the server refuses to mark them read, reads the count again and stops there', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let unread = 2;
    const fetchMock = mockApi({
      'GET /api/notifications': () =>
        json(notificationPage([like('alice'), like('bob', 2, 'post-2')], { unread })),
      'POST /api/notifications/read': () => apiError(500, 'internal', 'Something went wrong'),
    });
    const { badge } = renderView(2);
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', '/api/notifications/read')).toHaveLength(1),
    );
    await waitFor(() => expect(badge()).toBe(2));
    expect(console.error).toHaveBeenCalledWith(
      'Error marking notifications read',
      expect.anything(),
    );
    unread = 0;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(fetchMock, 'POST', '/api/notifications/read')).toHaveLength(1);
    // The list once, then the count once.
    expect(callsTo(fetchMock, 'GET', '/api/notifications')).toHaveLength(2);
  });

  it('loads more at the end of the list, folding likes across the page boundary', async () => {
    const fetchMock = mockApi({
      'GET /api/notifications': ({ url }: { url: URL }) =>
        url.searchParams.get('cursor') === 'next'
          ? json(notificationPage([like('bob', 3), like('carol', 50, 'post-9')]))
          : json(notificationPage([like('alice', 2)], { next: 'next' })),
      'POST /api/notifications/read': noContent,
    });
    renderView();
    await screen.findByText(says(/alice liked your photo\./));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText(says(/carol liked your photo\./))).toBeInTheDocument();
    expect(screen.getByText(says(/alice and bob liked your photo\./))).toBeInTheDocument();
    expect(sentUrl(fetchMock, 'GET', '/api/notifications', 1).searchParams.get('cursor')).toBe(
      'next',
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    // Nothing was new: reading a further page tells the server nothing.
    expect(callsTo(fetchMock, 'POST', '/api/notifications/read')).toHaveLength(1);
  });

  it('with no notifications, says where they will come from', async () => {
    mockApi({
      'GET /api/notifications': notificationPage([]),
      'POST /api/notifications/read': noContent,
    });
    renderView();
    expect(
      await screen.findByRole('heading', { name: 'Activity On Your Posts' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText("When someone likes or comments on one of your posts, you'll see it here."),
    ).toBeInTheDocument();
  });

  it('a list that cannot be read offers another try, and marks nothing read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    const fetchMock = mockApi({
      'GET /api/notifications': () =>
        fail
          ? apiError(500, 'internal', 'Something went wrong')
          : json(notificationPage([like('alice')])),
      'POST /api/notifications/read': noContent,
    });
    renderView();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(callsTo(fetchMock, 'POST', '/api/notifications/read')).toHaveLength(0);
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByText(says(/alice liked your photo\./))).toBeInTheDocument();
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', '/api/notifications/read')).toHaveLength(1),
    );
  });
});

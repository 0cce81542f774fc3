import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SignInPromptContext } from '@/lib/auth/sign-in-prompt';
import { queryKeys } from '@/lib/query-keys';
import { makeProfile, signedInSession, signedOutSession } from '@/testing/factories';
import { callsTo, json, mockApi } from '@/testing/mock-api';
import { makeActor, makeNotification, notificationPage, says } from '@/testing/notifications';
import { renderAsReader, testQueryClient } from '@/testing/render';
import { NotificationsRoute } from './notifications';

const me = makeProfile({ id: 'me', username: 'me' });

function renderPage(session = signedInSession(me)) {
  const promptSignIn = vi.fn();
  const queryClient = testQueryClient();
  queryClient.setQueryData(queryKeys.unreadNotifications('me'), 1);
  renderAsReader(
    <SignInPromptContext value={promptSignIn}>
      <NotificationsRoute />
    </SignInPromptContext>,
    session,
    queryClient,
    { path: '/notifications' },
  );
  return { promptSignIn, queryClient };
}

describe('/notifications', () => {
  it('lists the notifications with Follow back, and marks them read', async () => {
    const fetchMock = mockApi({
      'GET /api/notifications': notificationPage([
        makeNotification({ type: 'follow', actor: makeActor('bob') }),
      ]),
      'POST /api/notifications/read': () => new Response(null, { status: 204 }),
      'PUT /api/profiles/bob-id/follow': { following: true, requested: false, followers_count: 1 },
    });
    const { queryClient } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    expect(await screen.findByText(says(/bob started following you\./))).toBeInTheDocument();
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', '/api/notifications/read')).toHaveLength(1),
    );
    expect(queryClient.getQueryData(queryKeys.unreadNotifications('me'))).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'Follow back bob' }));
    expect(await screen.findByRole('button', { name: 'Following bob' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Notifications • Pinhole'));
  });

  it.each([
    ['Approve', 'POST', '/api/me/follow-requests/ivy-id/approve', 'ivy started following you.'],
    ['Delete', 'DELETE', '/api/me/follow-requests/ivy-id', null],
  ] as const)(
    "a follow request's %s answers it, and the list shows what is left",
    async (button, method, path, after) => {
      let answered = false;
      const fetchMock = mockApi({
        'GET /api/notifications': () =>
          json(
            notificationPage(
              answered
                ? after
                  ? [makeNotification({ type: 'follow', actor: makeActor('ivy'), read: true })]
                  : []
                : [makeNotification({ type: 'follow_request', actor: makeActor('ivy') })],
            ),
          ),
        'POST /api/notifications/read': () => new Response(null, { status: 204 }),
        [`${method} ${path}`]: () => {
          answered = true;
          return new Response(null, { status: 204 });
        },
      });
      renderPage();
      expect(await screen.findByText(says(/ivy requested to follow you\./))).toBeInTheDocument();
      const name = button === 'Approve' ? 'Approve ivy' : "Delete ivy's request";
      await userEvent.click(screen.getByRole('button', { name }));
      await waitFor(() => expect(callsTo(fetchMock, method, path)).toHaveLength(1));
      await waitFor(() =>
        expect(screen.queryByText(says(/requested to follow you/))).not.toBeInTheDocument(),
      );
      if (after) expect(await screen.findByText(says(/ivy started following you\./))).toBeVisible();
      else expect(await screen.findByText('Activity On Your Posts')).toBeInTheDocument();
    },
  );

  it('signed out, asks to sign in and reads nothing', async () => {
    const fetchMock = mockApi({});
    const { promptSignIn } = renderPage(signedOutSession);
    expect(screen.getByText('Sign in to see your notifications.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(promptSignIn).toHaveBeenCalledOnce();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignInPromptContext } from '@/lib/auth/sign-in-prompt';
import { makeProfile, signedInSession, signedOutSession } from '@/testing/factories';
import { FakeEventSource } from '@/testing/fake-event-source';
import { callsTo, json, mockApi } from '@/testing/mock-api';
import { makeActor, makeNotification, notificationPage, says } from '@/testing/notifications';
import { renderAsReader } from '@/testing/render';
import { screenWidth } from '@/testing/screen-width';
import { NotificationsHeart } from './notifications-heart';

const me = makeProfile({ id: 'me', username: 'me' });

const list = notificationPage([
  makeNotification({ type: 'like', actor: makeActor('alice') }),
  makeNotification({ type: 'like', actor: makeActor('bob') }),
  makeNotification({ type: 'follow', actor: makeActor('carol') }),
  makeNotification({ type: 'follow', actor: makeActor('dan', { followed_by_me: true }) }),
]);

function api() {
  return mockApi({
    'GET /api/notifications': () => json(list),
    'POST /api/notifications/read': () => new Response(null, { status: 204 }),
    'PUT /api/profiles/carol-id/follow': { following: true, requested: false, followers_count: 1 },
  });
}

/** Moves the test's router, as Back or a link elsewhere on the page would. */
const router: { navigate?: NavigateFunction } = {};
function RouterHandle() {
  const navigate = useNavigate();
  useEffect(() => {
    router.navigate = navigate;
  }, [navigate]);
  return null;
}

function renderHeart(session = signedInSession(me)) {
  const onSignIn = vi.fn();
  const view = renderAsReader(
    <SignInPromptContext value={onSignIn}>
      <RouterHandle />
      <NotificationsHeart onSignIn={onSignIn} />
    </SignInPromptContext>,
    session,
  );
  return { ...view, onSignIn };
}

/** The heart, whatever its count says. */
const heart = () => screen.getByRole('button', { name: /^Notifications/ });

/**
 * The signed-in heart, once its chunk has loaded after the first render (until then the plain
 * heart goes to the page): it opens the event stream once mounted.
 */
async function signedInHeart() {
  await waitFor(() => expect(FakeEventSource.open).toHaveLength(1));
  return heart();
}

/**
 * Signed in, the stream opens once the page is idle; the server then answers it, its first event
 * the count as it is then.
 */
async function connected(unread: number): Promise<FakeEventSource> {
  await waitFor(() => expect(FakeEventSource.open).toHaveLength(1));
  const source = FakeEventSource.open[0]!;
  source.connect();
  source.send('notifications', JSON.stringify({ unread_count: unread }));
  return source;
}

describe('NotificationsHeart', () => {
  beforeAll(async () => {
    // The panel (with Radix) and the stream are lazy chunks; loaded once, as a browser has them
    // after a visit.
    await import('@/features/notifications/components/notifications-panel');
    await import('@/features/notifications/api/notification-events');
  });

  beforeEach(() => {
    FakeEventSource.reset();
    vi.stubGlobal('EventSource', FakeEventSource);
  });

  it('signed out asks to sign in, and opens no stream', async () => {
    const fetchMock = api();
    const { onSignIn } = renderHeart(signedOutSession);
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(onSignIn).toHaveBeenCalledOnce();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(FakeEventSource.instances).toHaveLength(0);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the unread count from the live stream, capped at 9+', async () => {
    api();
    renderHeart();
    const source = await connected(3);
    expect(
      await screen.findByRole('button', { name: 'Notifications, 3 unread' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('unread-badge')).toHaveTextContent('3');
    source.send('notifications', '{"unread_count":12}');
    expect(
      await screen.findByRole('button', { name: 'Notifications, 12 unread' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('unread-badge')).toHaveTextContent('9+');
  });

  it('wide screens: opens the panel, which marks all read and clears the badge', async () => {
    screenWidth(true);
    const fetchMock = api();
    const { location } = renderHeart();
    await connected(2);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(
      await within(panel).findByText(says(/alice and bob liked your photo\./)),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', '/api/notifications/read')).toHaveLength(1),
    );
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();
    expect(location.current?.pathname).toBe('/');

    await userEvent.click(within(panel).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(heart()).toHaveAccessibleName('Notifications');
  });

  it('wide screens: Follow back follows from the panel; someone already followed reads Following', async () => {
    screenWidth(true);
    const fetchMock = api();
    renderHeart();
    await userEvent.click(await signedInHeart());
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByRole('button', { name: 'Following dan' })).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Follow back carol' }));
    expect(
      await within(panel).findByRole('button', { name: 'Following carol' }),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/profiles/carol-id/follow')).toHaveLength(1);
    // The panel stays open for more.
    expect(screen.getByRole('dialog', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('wide screens: following a link in the panel closes it', async () => {
    screenWidth(true);
    api();
    const { location } = renderHeart();
    await userEvent.click(await signedInHeart());
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await userEvent.click(await within(panel).findByRole('link', { name: 'View post' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location.current?.pathname).toBe('/p/post-1');
  });

  it('wide screens: the panel closes when the address changes', async () => {
    screenWidth(true);
    api();
    renderHeart();
    await userEvent.click(await signedInHeart());
    await screen.findByRole('dialog', { name: 'Notifications' });
    act(() => {
      void router.navigate?.('/elsewhere');
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('phones: goes to /notifications instead of opening a panel', async () => {
    screenWidth(false);
    api();
    const { location } = renderHeart();
    await userEvent.click(await signedInHeart());
    expect(location.current?.pathname).toBe('/notifications');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

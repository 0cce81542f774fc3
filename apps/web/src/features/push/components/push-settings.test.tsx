import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProfile, signedInSession } from '@/testing/factories';
import { callsTo, mockApi } from '@/testing/mock-api';
import { renderAsReader } from '@/testing/render';
import { PushSettings } from './push-settings';

const me = makeProfile({ id: 'me', username: 'alice' });
const allOn = { likes: true, comments: true, follows: true, follow_requests: true, mentions: true };

afterEach(() => vi.unstubAllGlobals());

describe('PushSettings', () => {
  it('turns one kind off and keeps the others', async () => {
    const fetchMock = mockApi({
      'GET /api/me/notification-settings': { push: allOn },
      'PUT /api/me/notification-settings': ({ body }: { body: unknown }) => Response.json(body),
    });
    renderAsReader(<PushSettings />, signedInSession(me));
    const likes = await screen.findByRole('switch', { name: 'Likes' });
    expect(likes).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(likes);
    await waitFor(() => expect(likes).toHaveAttribute('aria-checked', 'false'));
    const [[, init]] = callsTo(fetchMock, 'PUT', '/api/me/notification-settings') as [
      [unknown, { body: string }],
    ];
    expect(JSON.parse(init.body)).toEqual({ push: { ...allOn, likes: false } });
    expect(screen.getByRole('switch', { name: 'Comments' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  it('asks the browser for permission only when the switch is turned on', async () => {
    mockApi({
      'GET /api/me/notification-settings': { push: allOn },
      'GET /api/push/key': { public_key: 'BKey' },
      'POST /api/push/subscriptions': { id: 's1' },
    });
    const requestPermission = vi.fn(async () => 'granted');
    vi.stubGlobal('Notification', { permission: 'default', requestPermission });
    vi.stubGlobal('PushManager', class {});
    const subscription = {
      endpoint: 'https://push.example/1',
      toJSON: () => ({ endpoint: 'https://push.example/1', keys: { p256dh: 'p', auth: 'a' } }),
    };
    const subscribe = vi.fn(async () => subscription);
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: {
        getRegistration: async () => ({
          pushManager: { getSubscription: async () => null, subscribe },
        }),
      },
    });
    renderAsReader(<PushSettings />, signedInSession(me));
    const toggle = screen.getByRole('switch', { name: 'Push notifications' });
    expect(requestPermission).not.toHaveBeenCalled();
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: 'BKey' });
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });
});

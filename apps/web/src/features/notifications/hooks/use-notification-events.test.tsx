import { act, screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUnreadCount } from '@/features/notifications/api/unread-count';
import { FakeEventSource } from '@/testing/fake-event-source';
import { mockApi } from '@/testing/mock-api';
import { notificationPage } from '@/testing/notifications';
import { renderWithQuery } from '@/testing/render';
import { readUnreadCount } from '@/features/notifications/api/notification-events';
import { useUnreadMessages } from '@/domain/messages/unread-messages';
import { useNotificationEvents } from './use-notification-events';

function Live({ userId }: { userId: string | null }) {
  useNotificationEvents(userId);
  return <span data-testid="count">{useUnreadCount(userId)}</span>;
}

/** Signs in and out from the test: `reader.as('me')`, `reader.as(null)`. */
const reader: { as: (userId: string | null) => void } = { as: () => undefined };
function SwitchingReader() {
  const [userId, setUserId] = useState<string | null>(null);
  useEffect(() => {
    reader.as = setUserId;
  }, []);
  return <Live userId={userId} />;
}

const count = () => screen.getByTestId('count');

/** The stream, once the hook has opened it (after the first screen, when the browser is idle). */
async function stream(): Promise<FakeEventSource> {
  await waitFor(() => expect(FakeEventSource.open).toHaveLength(1));
  return FakeEventSource.open[0]!;
}

beforeAll(async () => {
  // The stream's code is a lazy chunk: loaded once here, as a browser has it after a visit.
  await import('@/features/notifications/api/notification-events');
});

beforeEach(() => {
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  vi.useRealTimers();
});

function LiveMessages() {
  useNotificationEvents('me');
  return <span data-testid="messages">{useUnreadMessages()}</span>;
}

describe('useNotificationEvents', () => {
  it('gives the Messages badge the unread total of each `event: messages`', async () => {
    mockApi({ 'GET /api/notifications': notificationPage([], { unread: 0 }) });
    renderWithQuery(<LiveMessages />);
    const source = await stream();
    source.connect();
    expect(screen.getByTestId('messages')).toHaveTextContent('0');
    source.send('messages', '{"conversation_id":"c1","unread_total":2}');
    await waitFor(() => expect(screen.getByTestId('messages')).toHaveTextContent('2'));
    source.send('messages', 'not json');
    source.send('messages', '{"conversation_id":"c1","unread_total":0}');
    await waitFor(() => expect(screen.getByTestId('messages')).toHaveTextContent('0'));
  });

  it('opens one stream to /api/events and takes the count from its events, asking nothing else', async () => {
    const fetchMock = mockApi({ 'GET /api/notifications': notificationPage([], { unread: 4 }) });
    renderWithQuery(<Live userId="me" />);
    const source = await stream();
    expect(source.url).toBe('/api/events');

    source.connect();
    // The server's first event is the count as it is now: no `notifications?limit=1` beside it.
    source.send('notifications', '{"unread_count":4}');
    await waitFor(() => expect(count()).toHaveTextContent('4'));
    source.send('notifications', '{"unread_count":7}');
    await waitFor(() => expect(count()).toHaveTextContent('7'));
    source.send('notifications', '{"unread_count":0}');
    await waitFor(() => expect(count()).toHaveTextContent('0'));
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('after a reconnection takes the count the stream starts with again, events missed included', async () => {
    const fetchMock = mockApi({ 'GET /api/notifications': notificationPage([], { unread: 1 }) });
    renderWithQuery(<Live userId="me" />);
    const source = await stream();
    source.connect();
    source.send('notifications', '{"unread_count":1}');
    await waitFor(() => expect(count()).toHaveTextContent('1'));
    source.fail();
    source.connect();
    source.send('notifications', '{"unread_count":5}');
    await waitFor(() => expect(count()).toHaveTextContent('5'));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('ignores events it cannot read', async () => {
    expect(readUnreadCount('{"unread_count":2}')).toBe(2);
    for (const data of [
      '',
      'nope',
      '{}',
      '{"unread_count":"2"}',
      '{"unread_count":-1}',
      '[]',
      'null',
    ])
      expect(readUnreadCount(data)).toBeNull();

    renderWithQuery(<Live userId="me" />);
    const source = await stream();
    source.connect();
    source.send('notifications', '{"unread_count":2}');
    await waitFor(() => expect(count()).toHaveTextContent('2'));
    source.send('notifications', 'garbage');
    source.send('notifications', '{"unread_count":1.5}');
    expect(count()).toHaveTextContent('2');
  });

  it('signed out: no stream; signing out closes it', async () => {
    mockApi({ 'GET /api/notifications': notificationPage([]) });
    renderWithQuery(<SwitchingReader />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(FakeEventSource.instances).toHaveLength(0);
    expect(count()).toHaveTextContent('0');

    act(() => reader.as('me'));
    const source = await stream();
    act(() => reader.as(null));
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
    expect(FakeEventSource.open).toHaveLength(0);
  });

  it('starts again, later each time, when the server answers with something not a stream', async () => {
    mockApi({ 'GET /api/notifications': notificationPage([]) });
    renderWithQuery(<Live userId="me" />);
    const first = await stream();
    vi.useFakeTimers();

    first.fail(true);
    await vi.advanceTimersByTimeAsync(4900);
    expect(FakeEventSource.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(FakeEventSource.instances).toHaveLength(2);

    FakeEventSource.instances[1]!.fail(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(FakeEventSource.instances).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeEventSource.instances).toHaveLength(3);
  });
});

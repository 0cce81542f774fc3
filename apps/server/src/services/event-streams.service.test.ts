import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { Infrastructure } from '../context';
import type { EventSink } from './event-streams.service';
import type { NotificationsService } from './notifications.service';

// Unit level: the sessions query answers as the database would (every session asked about is
// alive), and the unread counts come when the test says, so a stream can open mid-flush.
vi.mock('../repositories/sessions.repository', () => ({
  liveSessionsAmong: vi.fn((_db: unknown, hashes: readonly string[]) =>
    Promise.resolve(new Set(hashes)),
  ),
}));

function recordingSink() {
  const written: string[] = [];
  const sink: EventSink & { written: string[]; ended: boolean } = {
    written,
    ended: false,
    start: () => undefined,
    write: (text) => {
      written.push(text);
      return true;
    },
    end: () => {
      sink.ended = true;
    },
  };
  return sink;
}

function service(
  unreadCounts: NotificationsService['unreadCounts'],
  listening: () => Promise<void> = () => Promise.resolve(),
) {
  const infra = {
    config: { rateLimits: false, eventsHeartbeatMs: 60_000 },
    events: new EventBus(),
    database: {
      db: {},
      notificationSignals: {
        subscribe: () => undefined,
        listening,
        reportErrorsTo: () => undefined,
      },
    },
  } as unknown as Infrastructure;
  return new EventStreamsService(infra, { unreadCounts } as unknown as NotificationsService);
}

const countEvent = (count: number) =>
  `event: notifications\ndata: ${JSON.stringify({ unread_count: count })}\n\n`;

// Nobody here has unread messages: these tests are about notification counts and sessions.
vi.mock('../repositories/conversations.repository', () => ({
  unreadTotals: vi.fn(() => Promise.resolve(new Map())),
  signalMessageChanges: vi.fn(() => Promise.resolve()),
}));

// The server's test files share their modules (isolate: false in its vitest config): an earlier
// file may have loaded the service with the real repositories. Loaded afresh, it gets the mocks.
vi.resetModules();
const { EventBus } = await import('../events/event-bus');
const { liveSessionsAmong } = await import('../repositories/sessions.repository');
const { EventStreamsService } = await import('./event-streams.service');

afterEach(() => {
  vi.clearAllMocks();
});
// And forgotten after: the files after this one in the worker would otherwise build their servers
// with this service as loaded here, over the mocks (a message then never reached another instance).
afterAll(() => {
  vi.resetModules();
});

describe('EventStreamsService', () => {
  it('tells a new stream its first count only once this instance listens: nothing after it is missed', async () => {
    let nowListening: () => void = () => undefined;
    const listening = new Promise<void>((resolve) => (nowListening = resolve));
    const unreadCounts = vi.fn<NotificationsService['unreadCounts']>(() =>
      Promise.resolve(new Map([['ana', 3]])),
    );
    const streams = service(unreadCounts, () => listening);
    const laptop = recordingSink();

    streams.open({ userId: 'ana', tokenHash: 'laptop-session' }, '127.0.0.1', laptop);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(unreadCounts).not.toHaveBeenCalled();
    expect(laptop.written).toEqual([]);

    nowListening();
    await vi.waitFor(() => expect(laptop.written).toEqual([countEvent(3)]));
    streams.closeAll();
  });

  it('keeps a stream opened while its person’s count is being read, and tells it next', async () => {
    let answerFirstRead: (counts: Map<string, number>) => void = () => undefined;
    const unreadCounts = vi
      .fn<NotificationsService['unreadCounts']>()
      .mockImplementationOnce(() => new Promise((resolve) => (answerFirstRead = resolve)))
      .mockImplementation(() => Promise.resolve(new Map([['ana', 0]])));
    const streams = service(unreadCounts);
    const laptop = recordingSink();
    const phone = recordingSink();

    streams.open({ userId: 'ana', tokenHash: 'laptop-session' }, '127.0.0.1', laptop);
    await vi.waitFor(() => expect(unreadCounts).toHaveBeenCalledTimes(1));
    // The phone opens while the laptop's first count is still being read.
    streams.open({ userId: 'ana', tokenHash: 'phone-session' }, '127.0.0.1', phone);
    answerFirstRead(new Map([['ana', 0]]));

    await vi.waitFor(() => expect(phone.written).toEqual([countEvent(0)]));
    expect(phone.ended).toBe(false);
    expect(laptop.written).toEqual([countEvent(0)]);
    expect(laptop.ended).toBe(false);
    // The second read asked about the phone's session, which the first never did.
    expect(vi.mocked(liveSessionsAmong).mock.calls.map((call) => call[1])).toEqual([
      ['laptop-session'],
      ['laptop-session', 'phone-session'],
    ]);
    expect(streams.size).toBe(2);
    streams.closeAll();
  });

  it('asks about the sessions after the counts are read: a session ended meanwhile is told nothing', async () => {
    // The count may include a change made after the session ended (another instance signed it
    // out, then someone liked): read at the same time, the sessions could still say alive.
    let answerCount: (counts: Map<string, number>) => void = () => undefined;
    const unreadCounts = vi.fn<NotificationsService['unreadCounts']>(
      () => new Promise((resolve) => (answerCount = resolve)),
    );
    let ended = false;
    vi.mocked(liveSessionsAmong).mockImplementationOnce((_db, hashes) =>
      Promise.resolve(new Set(ended ? [] : hashes)),
    );
    const streams = service(unreadCounts);
    const laptop = recordingSink();
    streams.open({ userId: 'ana', tokenHash: 'laptop-session' }, '127.0.0.1', laptop);
    await vi.waitFor(() => expect(unreadCounts).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setImmediate(resolve));

    ended = true;
    answerCount(new Map([['ana', 1]]));
    await vi.waitFor(() => expect(laptop.ended).toBe(true));
    expect(laptop.written).toEqual([]);
    expect(streams.size).toBe(0);
  });

  it('ends a stream whose session the read found gone', async () => {
    vi.mocked(liveSessionsAmong).mockResolvedValueOnce(new Set());
    const streams = service(() => Promise.resolve(new Map([['ana', 3]])));
    const tablet = recordingSink();
    streams.open({ userId: 'ana', tokenHash: 'ended-session' }, '127.0.0.1', tablet);
    await vi.waitFor(() => expect(tablet.ended).toBe(true));
    expect(tablet.written).toEqual([]);
    expect(streams.size).toBe(0);
  });
});

import { randomUUID } from 'node:crypto';
import type { Infrastructure } from '../context';
import { AppError } from '../errors';
import { nowIso } from '../ids';
import { rateLimits } from '../rate-limits';
import { signalMessageChanges, unreadTotals } from '../repositories/conversations.repository';
import { liveSessionsAmong } from '../repositories/sessions.repository';
import type { NotificationsService } from './notifications.service';

/** Where one open stream's text goes; the route binds it to the HTTP response. */
export interface EventSink {
  /** The stream was admitted: the response starts (status, headers). */
  start(): void;
  /** Writes SSE text; false when the client is not keeping up and the stream should end. */
  write(text: string): boolean;
  end(): void;
}

interface OpenStream {
  userId: string;
  ip: string;
  tokenHash: string;
  sink: EventSink;
  /** The unread count this stream was last told; undefined until its first event. */
  told: number | undefined;
  /** The unread conversations total this stream was last told. */
  toldMessages: number | undefined;
}

/** Separates a person's id from a conversation's in a signal about messages. */
const messageSignalSeparator = '|';

/** People whose counts are read in one query. */
const countBatch = 500;

/** After a failed count (the database away), when the counts are read again. */
const retryAfterFailureMs = 1_000;

/**
 * How long a new stream's first event waits for this instance to listen (PostgreSQL's LISTEN,
 * opened with the first stream). After its first event a stream misses no change; a database too
 * slow to listen by then still lets the stream start, told of what it missed on reconnecting.
 */
const listenWaitMs = 5_000;

/** Seconds a client refused for too many streams is asked to wait. */
const tooManyRetryAfterSeconds = 30;

export const tooManyStreams = () =>
  new AppError(
    'rate_limited',
    'Too many live connections are open: close a tab or window and try again',
    undefined,
    tooManyRetryAfterSeconds,
  );

export type StreamFailureReporter = (error: unknown, what: string) => void;

/**
 * The open `GET /api/events` streams of this instance, and what they are told.
 *
 * A stream holds no database connection: it is an entry in a map. When the database says some
 * people's notifications changed (db/notification-signals.ts: NOTIFY from any instance on
 * PostgreSQL, a trigger of the one connection on SQLite), this instance reads the unread counts of
 * those of them with a stream here — one query for many people — and sends each stream its count
 * when it differs from the last one sent. A single timer writes the heartbeat comment to all.
 */
export class EventStreamsService {
  readonly #byUser = new Map<string, Set<OpenStream>>();
  readonly #perIp = new Map<string, number>();
  #dirty = new Set<string>();
  /** People told of a change in a conversation: they hear of it even if their total stays. */
  #conversationHints = new Map<string, string>();
  /** Names this instance in its own signals, which come back to it and were already told here. */
  readonly #instanceTag = randomUUID();
  #flushing: Promise<void> | null = null;
  #retryTimer: NodeJS.Timeout | undefined;
  #heartbeat: NodeJS.Timeout | undefined;
  #checkingSessions = false;
  #listening = false;
  /** Settles when this instance listens, or after listenWaitMs: a new stream's count follows. */
  #readyToTell: Promise<void> = Promise.resolve();
  #toldOfListening = false;
  #report: StreamFailureReporter = (error) => console.error(error);

  constructor(
    private readonly infra: Infrastructure,
    private readonly notifications: NotificationsService,
  ) {}

  /**
   * New messages, or messages read, accepted, muted, left or unsent: these people's unread counts
   * may have moved. Streams here learn at once; every other instance (PostgreSQL's) hears it
   * through the same channel as notifications, the conversation riding along with each id.
   */
  async messagesChanged(conversationId: string, userIds: readonly string[]): Promise<void> {
    this.#hintAndMark(userIds.map((userId) => [userId, conversationId]));
    await signalMessageChanges(
      this.infra.database.db,
      userIds.map((userId) =>
        [userId, conversationId, this.#instanceTag].join(messageSignalSeparator),
      ),
    );
  }

  #hintAndMark(pairs: readonly (readonly [string, string])[]): void {
    for (const [userId, conversationId] of pairs) {
      if (this.#byUser.has(userId)) this.#conversationHints.set(userId, conversationId);
    }
    this.#markDirty(pairs.map(([userId]) => userId));
  }

  reportErrorsTo(report: StreamFailureReporter): void {
    this.#report = report;
    this.infra.database.notificationSignals.reportErrorsTo((error) =>
      report(error, 'listening for notification changes'),
    );
  }

  /** How many streams are open on this instance. */
  get size(): number {
    let count = 0;
    for (const streams of this.#byUser.values()) count += streams.size;
    return count;
  }

  /**
   * Opens a stream for a signed-in person; 429 past the per-address or per-account cap (when rate
   * limits are on). Its first event (the current count) follows at once. Returns its close.
   */
  open(viewer: { userId: string; tokenHash: string }, ip: string, sink: EventSink): () => void {
    const caps = this.infra.config.rateLimits ? rateLimits.eventStreams : null;
    const ofUser = this.#byUser.get(viewer.userId);
    if (
      caps &&
      ((ofUser?.size ?? 0) >= caps.perAccount || (this.#perIp.get(ip) ?? 0) >= caps.perIp)
    ) {
      throw tooManyStreams();
    }
    sink.start();
    this.#listen();
    const stream: OpenStream = {
      userId: viewer.userId,
      ip,
      tokenHash: viewer.tokenHash,
      sink,
      told: undefined,
      toldMessages: undefined,
    };
    if (ofUser) ofUser.add(stream);
    else this.#byUser.set(viewer.userId, new Set([stream]));
    this.#perIp.set(ip, (this.#perIp.get(ip) ?? 0) + 1);
    this.#startHeartbeat();
    if (this.#toldOfListening) this.#markDirty([viewer.userId]);
    else void this.#readyToTell.then(() => this.#markDirty([viewer.userId]));
    return () => this.#remove(stream);
  }

  /** Ends every stream (server shutdown): the clients reconnect to another instance. */
  closeAll(): void {
    for (const streams of [...this.#byUser.values()]) {
      for (const stream of [...streams]) this.#end(stream);
    }
  }

  #listen(): void {
    if (this.#listening) return;
    this.#listening = true;
    const signals = this.infra.database.notificationSignals;
    this.#readyToTell = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, listenWaitMs);
      timer.unref();
      void signals.listening().then(() => {
        clearTimeout(timer);
        this.#toldOfListening = true;
        resolve();
      });
    });
    signals.subscribe((userIds) => {
      if (userIds === null) return this.#markDirty([...this.#byUser.keys()]);
      const plain: string[] = [];
      const hinted: [string, string][] = [];
      for (const id of userIds) {
        const [userId = id, conversationId, from] = id.split(messageSignalSeparator);
        if (conversationId === undefined) plain.push(id);
        else if (from !== this.#instanceTag) hinted.push([userId, conversationId]);
      }
      this.#markDirty(plain);
      if (hinted.length > 0) this.#hintAndMark(hinted);
    });
  }

  #markDirty(userIds: readonly string[]): void {
    for (const userId of userIds) {
      if (this.#byUser.has(userId)) this.#dirty.add(userId);
    }
    if (this.#dirty.size > 0) this.#scheduleFlush();
  }

  /**
   * One flush at a time; signals arriving meanwhile are read by the next. A count read after a
   * change committed is never overtaken by an older one: each stream is told in flush order.
   */
  #scheduleFlush(): void {
    if (this.#flushing || this.#retryTimer) return;
    this.#flushing = this.#flush().finally(() => {
      this.#flushing = null;
      if (this.#dirty.size > 0) this.#scheduleFlush();
    });
  }

  async #flush(): Promise<void> {
    while (this.#dirty.size > 0) {
      const userIds = [...this.#dirty].slice(0, countBatch);
      // Hints are taken with the batch: one set while its counts are read waits for the next.
      const hints = new Map<string, string>();
      for (const userId of userIds) {
        this.#dirty.delete(userId);
        const hint = this.#conversationHints.get(userId);
        if (hint !== undefined) hints.set(userId, hint);
        this.#conversationHints.delete(userId);
      }
      const tokenHashes = new Set<string>();
      for (const userId of userIds) {
        for (const stream of this.#byUser.get(userId) ?? []) tokenHashes.add(stream.tokenHash);
      }
      let counts: Map<string, number>;
      let messageTotals: Awaited<ReturnType<typeof unreadTotals>>;
      let alive: Set<string>;
      try {
        // The sessions are read with the counts: a session ended on another instance is told
        // nothing more (its stream ends here), not only at the next heartbeat's check. After the
        // counts, not beside them: a count can include a change made after a session ended, and
        // sessions read alongside (on another connection, sooner) could still call it alive.
        counts = await this.notifications.unreadCounts(userIds);
        messageTotals = await unreadTotals(this.infra.database.db, userIds);
        alive = await liveSessionsAmong(this.infra.database.db, [...tokenHashes], nowIso());
      } catch (error) {
        this.#report(error, 'reading unread counts');
        for (const userId of userIds) this.#dirty.add(userId);
        for (const [userId, hint] of hints) {
          if (!this.#conversationHints.has(userId)) this.#conversationHints.set(userId, hint);
        }
        this.#retryTimer = setTimeout(() => {
          this.#retryTimer = undefined;
          this.#scheduleFlush();
        }, retryAfterFailureMs);
        this.#retryTimer.unref();
        return;
      }
      for (const userId of userIds) {
        const count = counts.get(userId) ?? 0;
        const messages = messageTotals.get(userId) ?? { total: 0, latest: null };
        const hint = hints.get(userId);
        for (const stream of [...(this.#byUser.get(userId) ?? [])]) {
          // Opened while this flush read: its session was not asked about, so its absence from
          // `alive` says nothing. Its opening marked its person again; the next flush tells it.
          if (!tokenHashes.has(stream.tokenHash)) continue;
          if (!alive.has(stream.tokenHash)) {
            this.#end(stream);
            continue;
          }
          if (hint !== undefined || stream.toldMessages !== messages.total) {
            // The first event of a stream only says something when there is something unread.
            if (hint !== undefined || stream.toldMessages !== undefined || messages.total > 0) {
              const data = {
                conversation_id: hint ?? messages.latest,
                unread_total: messages.total,
              };
              this.#send(stream, `event: messages\ndata: ${JSON.stringify(data)}\n\n`);
            }
            stream.toldMessages = messages.total;
          }
          if (stream.told === count) continue;
          stream.told = count;
          this.#send(
            stream,
            `event: notifications\ndata: ${JSON.stringify({ unread_count: count })}\n\n`,
          );
        }
      }
    }
  }

  #send(stream: OpenStream, text: string): void {
    if (!stream.sink.write(text)) this.#end(stream);
  }

  #startHeartbeat(): void {
    if (this.#heartbeat) return;
    // Proxies close connections that stay silent; a comment line keeps them open.
    this.#heartbeat = setInterval(() => {
      for (const streams of [...this.#byUser.values()]) {
        for (const stream of [...streams]) this.#send(stream, ': keep-alive\n\n');
      }
      void this.#endDeadSessions();
    }, this.infra.config.eventsHeartbeatMs);
    this.#heartbeat.unref();
  }

  /** Ends the streams whose session is gone: one query per 500 sessions, once a heartbeat. */
  async #endDeadSessions(): Promise<void> {
    if (this.#checkingSessions) return;
    this.#checkingSessions = true;
    try {
      const hashes = new Set<string>();
      for (const streams of this.#byUser.values()) {
        for (const stream of streams) hashes.add(stream.tokenHash);
      }
      const all = [...hashes];
      for (let start = 0; start < all.length; start += countBatch) {
        const batch = all.slice(start, start + countBatch);
        const alive = await liveSessionsAmong(this.infra.database.db, batch, nowIso());
        for (const tokenHash of batch) if (!alive.has(tokenHash)) this.endSession(tokenHash);
      }
    } catch (error) {
      this.#report(error, 'checking the sessions of event streams');
    } finally {
      this.#checkingSessions = false;
    }
  }

  /**
   * Ends the streams of a session at once (a sign-out on this instance, told by its event). Every
   * other way a session ends (on any instance: signed out elsewhere, password changed, account
   * deleted) ends its streams at the next count sent to them (checked with the count) or the next
   * heartbeat, whichever is first: a stream is never told anything after its session ended.
   */
  endSession(tokenHash: string): void {
    for (const streams of [...this.#byUser.values()]) {
      for (const stream of [...streams]) if (stream.tokenHash === tokenHash) this.#end(stream);
    }
  }

  #end(stream: OpenStream): void {
    this.#remove(stream);
    try {
      stream.sink.end();
    } catch (error) {
      this.#report(error, 'ending an event stream');
    }
  }

  #remove(stream: OpenStream): void {
    const ofUser = this.#byUser.get(stream.userId);
    if (!ofUser?.delete(stream)) return;
    if (ofUser.size === 0) {
      this.#byUser.delete(stream.userId);
      this.#dirty.delete(stream.userId);
      this.#conversationHints.delete(stream.userId);
    }
    const fromIp = (this.#perIp.get(stream.ip) ?? 1) - 1;
    if (fromIp > 0) this.#perIp.set(stream.ip, fromIp);
    else this.#perIp.delete(stream.ip);
    if (this.#byUser.size === 0 && this.#heartbeat) {
      clearInterval(this.#heartbeat);
      this.#heartbeat = undefined;
    }
  }
}

import pg from 'pg';
import type { Config } from '../env';
import type { SqliteDatabase } from './sqlite-driver';

/** The channel of migration 0009's trigger (PostgreSQL). */
export const notificationsChannel = 'pinhole_notifications';

/** What a PostgreSQL listener calls itself in pg_stat_activity (operators and tests find it). */
export const listenerApplicationName = 'pinhole-notifications';

/**
 * Told the ids of people whose notifications changed (added, removed or read), or `null` when
 * changes may have been missed (the listener connected or reconnected): every count must be read
 * again. A signal may also come for a change that was then rolled back; reading the count again
 * costs one query and changes nothing.
 */
export type NotificationChangeListener = (userIds: readonly string[] | null) => void;

/**
 * Whose notifications changed, as the database tells it, on every instance: the one place the
 * two dialects differ for live events, kept in this one file so the rest is written once.
 * - PostgreSQL: the trigger of migration 0009 NOTIFYs at commit; each instance LISTENs on ONE
 *   dedicated connection, opened on first use and reopened with backoff when it drops.
 * - SQLite: one process writes through one connection; a temporary trigger (this connection only,
 *   so a sqlite3 shell or another process never meets an unknown function) calls back into it.
 */
export interface NotificationSignals {
  /** Starts listening on first use; the returned function unsubscribes. */
  subscribe(listener: NotificationChangeListener): () => void;
  /**
   * Settles once a change made from now on will be told (the first LISTEN is in place). Never
   * rejects: while the database is away it stays pending and the reconnects go on.
   */
  listening(): Promise<void>;
  /** Where a lost listening connection is reported (it is reopened regardless). */
  reportErrorsTo(report: (error: unknown) => void): void;
  close(): Promise<void>;
}

class Listeners {
  readonly #listeners = new Set<NotificationChangeListener>();

  add(listener: NotificationChangeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  get size(): number {
    return this.#listeners.size;
  }

  emit(userIds: readonly string[] | null): void {
    for (const listener of this.#listeners) {
      try {
        listener(userIds);
      } catch {
        // A listener's failure is its own (the event streams catch and log theirs).
      }
    }
  }
}

/** The name of the SQL function the SQLite triggers call. */
const sqliteFunction = 'pinhole_notifications_changed';

export interface SqliteNotificationSignals extends NotificationSignals {
  /**
   * Registers the function and creates the temporary triggers. Called once the database is
   * migrated and before any request: a statement prepared earlier would not fire them.
   */
  install(): void;
}

export function sqliteNotificationSignals(sqlite: SqliteDatabase): SqliteNotificationSignals {
  const listeners = new Listeners();
  // The trigger runs inside the writer's statement: the function only notes the id, and the
  // listeners hear of it once the statement is over. Throwing there would fail the writer's SQL.
  let pending = new Set<string>();
  let scheduled = false;
  const deliver = () => {
    scheduled = false;
    const userIds = [...pending];
    pending = new Set();
    if (userIds.length > 0) listeners.emit(userIds);
  };

  return {
    install() {
      const table = sqlite
        .prepare("select 1 from sqlite_master where type = 'table' and name = 'notifications'")
        .get();
      // A database opened without migrating (a test of an old version) has nothing to watch.
      if (!table) return;
      sqlite.function(sqliteFunction, { deterministic: false }, (userId: unknown) => {
        if (listeners.size === 0) return null;
        pending.add(String(userId));
        if (!scheduled) {
          scheduled = true;
          setImmediate(deliver);
        }
        return null;
      });
      const events = [
        ['insert', 'new'],
        ['delete', 'old'],
        ['update of read_at', 'new'],
      ] as const;
      for (const [event, row] of events) {
        sqlite.exec(
          `create temp trigger if not exists notifications_${event.split(' ')[0]}_signal ` +
            `after ${event} on notifications for each row ` +
            `begin select ${sqliteFunction}(${row}.user_id); end`,
        );
      }
    },
    subscribe(listener) {
      return listeners.add(listener);
    },
    listening: () => Promise.resolve(),
    reportErrorsTo() {
      // Nothing can be lost: the triggers live on the database's own connection.
    },
    async close() {
      // The connection closes with the database; its temporary triggers go with it.
    },
  };
}

type PostgresConfig = Extract<Config['database'], { kind: 'postgres' }>;

/** Backoff between attempts to reopen the listening connection. */
const reconnectMinMs = 100;
const reconnectMaxMs = 5_000;

export function postgresNotificationSignals(config: PostgresConfig): NotificationSignals {
  let onError: (error: unknown) => void = () => undefined;
  const listeners = new Listeners();
  let started = false;
  let closed = false;
  let current: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryDelay = reconnectMinMs;
  let markListening: () => void = () => undefined;
  const listening = new Promise<void>((resolve) => {
    markListening = resolve;
  });

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryDelay);
    retryTimer.unref();
    retryDelay = Math.min(retryDelay * 2, reconnectMaxMs);
  };

  const connect = async () => {
    if (closed) return;
    const client = new pg.Client({
      connectionString: config.url,
      connectionTimeoutMillis: config.connectTimeoutMs,
      // A peer that vanished without closing is noticed, and the connection reopened.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      application_name: listenerApplicationName,
    });
    // Lost once, however many of 'error' and 'end' it emits: one reconnect per loss.
    let lost = false;
    const lose = (error?: unknown) => {
      if (lost) return;
      lost = true;
      if (current === client) current = null;
      if (error !== undefined && !closed) onError(error);
      client.end().catch(() => undefined);
      scheduleReconnect();
    };
    client.on('error', (error) => lose(error));
    client.on('end', () => lose());
    client.on('notification', (message) => {
      if (message.channel === notificationsChannel && message.payload) {
        listeners.emit([message.payload]);
      }
    });
    try {
      await client.connect();
      await client.query(`listen ${notificationsChannel}`);
    } catch (error) {
      lose(error);
      return;
    }
    if (closed) {
      lost = true;
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    retryDelay = reconnectMinMs;
    markListening();
    // Whatever changed while no connection listened was missed: count everyone again.
    listeners.emit(null);
  };

  return {
    subscribe(listener) {
      const unsubscribe = listeners.add(listener);
      if (!started) {
        started = true;
        void connect();
      }
      return unsubscribe;
    },
    listening: () => listening,
    reportErrorsTo(report) {
      onError = report;
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const client = current;
      current = null;
      // Its 'end' finds `closed` set and schedules nothing.
      if (client) await client.end().catch(() => undefined);
    },
  };
}

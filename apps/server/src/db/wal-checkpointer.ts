import { Worker } from 'node:worker_threads';
import { sqliteDriverPath } from './sqlite-driver';

/**
 * In WAL mode SQLite copies the log back into the database file (a checkpoint) once the log
 * passes 1,000 pages, on the connection whose commit crossed the mark, and syncs both files. The
 * server has one connection, on the event loop: every sixtieth follow or like waited for that copy
 * and two fsyncs, and in the profile of follow/unfollow writes checkpoints were about 40 % of the
 * time spent in SQLite. A worker thread with its own connection checkpoints instead, every
 * `everyMs`, in PASSIVE mode: it never waits for the writer nor holds it up, and a reader never
 * sees a difference. The main connection keeps a checkpoint of its own at `fallbackPages`, so a
 * worker that falls behind or stops can never let the log grow without end.
 */

export interface WalCheckpointer {
  /** Stops the worker (its last checkpoint finished; its connection closed). */
  close(): Promise<void>;
}

export interface WalCheckpointerOptions {
  everyMs?: number;
  /** Told of a failed checkpoint (a full disk, say); the worker tries again next time. */
  onError?: (error: Error) => void;
}

/** The main connection's own checkpoint mark, in pages, with the worker running. */
export const fallbackCheckpointPages = 4000;

// Plain CommonJS evaluated in the worker: the same source whether the server runs from
// TypeScript (tests, dev) or from the bundle, with the driver the main thread chose.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driverPath);
const tell = (error) => parentPort.postMessage({ error: String((error && error.message) || error) });
let db;
try {
  db = new Database(workerData.file, { fileMustExist: true });
  // A checkpoint that meets the writer's lock gives up at once and tries again next time.
  db.pragma('busy_timeout = 0');
} catch (error) {
  tell(error);
  parentPort.close();
}
const timer = db && setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    if (!error || error.code !== 'SQLITE_BUSY') tell(error);
  }
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db?.close();
  parentPort.close();
});
`;

export function startWalCheckpointer(
  file: string,
  { everyMs = 100, onError }: WalCheckpointerOptions = {},
): WalCheckpointer {
  const worker = new Worker(workerSource, {
    eval: true,
    workerData: { file, everyMs, driverPath: sqliteDriverPath },
  });
  // The server's shutdown closes it; it never keeps a process alive by itself.
  worker.unref();
  worker.on('message', (message: { error?: string }) => {
    if (message.error) onError?.(new Error(`WAL checkpoint failed: ${message.error}`));
  });
  worker.on('error', (error: unknown) =>
    onError?.(
      error instanceof Error ? error : new Error(`WAL checkpointer stopped: ${String(error)}`),
    ),
  );
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    close: async () => {
      // Waited for: the process must stay alive until the worker has closed its connection.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}

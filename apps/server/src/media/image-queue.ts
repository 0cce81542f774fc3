import { messages } from '@pinhole/contracts';

/** Thrown by `run` when every slot is busy and the waiting line is full (the server answers 503). */
export class ImageQueueFullError extends Error {
  constructor(message: string = messages.busy) {
    super(message);
    this.name = 'ImageQueueFullError';
  }
}

export interface ImageQueueOptions {
  /** Tasks running at the same time (at least 1). */
  concurrency: number;
  /** Tasks allowed to wait for a slot (0 = none); one more is refused at once. */
  maxWaiting: number;
  /** Told how long each task waited and of each refusal (the metrics); nothing is timed without. */
  observer?: ImageQueueObserver;
}

export interface ImageQueueObserver {
  /** A task got a slot after `waitedSeconds` in line (0 when one was free at once). */
  started(waitedSeconds: number): void;
  /** A task was refused: the line was full. */
  refused(): void;
}

export interface ImageQueue {
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly active: number;
  readonly waiting: number;
}

/**
 * A bounded work queue: at most `concurrency` tasks run at once, at most `maxWaiting` wait in
 * FIFO order, and anything beyond that is refused immediately with ImageQueueFullError so that
 * image work cannot pile up in memory under load.
 */
export function createImageQueue(options: ImageQueueOptions): ImageQueue {
  const { concurrency, maxWaiting, observer } = options;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError('concurrency must be a positive integer');
  }
  if (!Number.isInteger(maxWaiting) || maxWaiting < 0) {
    throw new RangeError('maxWaiting must be a non-negative integer');
  }

  let active = 0;
  const waiting: Array<() => void> = [];

  function release(): void {
    const next = waiting.shift();
    if (next) {
      // The slot passes straight to the next task: `active` stays the same.
      next();
    } else {
      active -= 1;
    }
  }

  function start<T>(task: () => Promise<T>): Promise<T> {
    let result: Promise<T>;
    try {
      result = Promise.resolve(task());
    } catch (error) {
      result = Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    return result.finally(release);
  }

  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      if (active < concurrency) {
        active += 1;
        observer?.started(0);
        return start(task);
      }
      if (waiting.length >= maxWaiting) {
        observer?.refused();
        return Promise.reject(new ImageQueueFullError());
      }
      const queuedAt = observer ? performance.now() : 0;
      return new Promise<T>((resolve, reject) => {
        waiting.push(() => {
          observer?.started((performance.now() - queuedAt) / 1000);
          start(task).then(resolve, reject);
        });
      });
    },
    get active() {
      return active;
    },
    get waiting() {
      return waiting.length;
    },
  };
}

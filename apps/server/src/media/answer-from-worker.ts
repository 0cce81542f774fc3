import { Worker } from 'node:worker_threads';

/** What a failed worker becomes: the caller's own error kinds. */
export interface WorkerFailures {
  timedOut: () => Error;
  crashed: (message: string) => Error;
  stoppedSilently: () => Error;
}

/**
 * Runs `source` (a script, evaluated) in a worker thread of its own with `workerData`, and answers
 * the one message it sends. The worker is ended after that answer, an error, its exit or
 * `timeoutMs`, whichever comes first. Its output is dropped: the WebAssembly decoders run this way
 * print warnings about the damage they expect, which their answers report instead.
 */
export function answerFromWorker<T>(
  source: string,
  workerData: unknown,
  timeoutMs: number,
  failures: WorkerFailures,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(source, { eval: true, workerData, stdout: true, stderr: true });
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(() => finish(() => reject(failures.timedOut())), timeoutMs);
    worker.once('message', (answer: T) => finish(() => resolve(answer)));
    worker.once('error', (error: Error) => finish(() => reject(failures.crashed(error.message))));
    worker.once('exit', () => finish(() => reject(failures.stoppedSilently())));
  });
}

export interface DiscardSchedule {
  /** Wait before the first retry; doubled after every failed round. */
  firstRetryMs: number;
  maxRetryMs: number;
  /** After this long the orphan sweep (10 minutes' grace) is left to remove what remains. */
  giveUpAfterMs: number;
}

export const defaultDiscardSchedule: DiscardSchedule = {
  firstRetryMs: 1_000,
  maxRetryMs: 60_000,
  giveUpAfterMs: 10 * 60_000,
};

async function removeAll(
  remove: (key: string) => Promise<void>,
  keys: readonly string[],
): Promise<string[]> {
  const results = await Promise.allSettled(keys.map((key) => remove(key)));
  return keys.filter((_, index) => results[index]?.status === 'rejected');
}

function later(ms: number, run: () => void): void {
  // Cleanup must never keep a process alive that is otherwise done (a CLI, a test, a shutdown).
  setTimeout(run, ms).unref();
}

/**
 * Removes keys now; resolves after that first attempt and keeps retrying what failed in the
 * background, with a growing delay. Once a retry round succeeds after a failed one, every key is
 * removed once more a little later: a write the store received but never acknowledged (its
 * request timed out) can still land when the store comes back, after the first delete.
 */
export async function discardEventually(
  remove: (key: string) => Promise<void>,
  keys: readonly string[],
  schedule: DiscardSchedule = defaultDiscardSchedule,
): Promise<void> {
  if (keys.length === 0) return;
  const failed = await removeAll(remove, keys);
  if (failed.length === 0) return;

  const startedAt = Date.now();
  const retry = (pending: string[], delayMs: number) => {
    later(delayMs, () => {
      void removeAll(remove, pending).then((stillFailing) => {
        if (stillFailing.length === 0) {
          later(schedule.firstRetryMs, () => void removeAll(remove, keys));
          return;
        }
        const nextDelayMs = Math.min(delayMs * 2, schedule.maxRetryMs);
        if (Date.now() - startedAt + nextDelayMs > schedule.giveUpAfterMs) return;
        retry(stillFailing, nextDelayMs);
      });
    });
  };
  retry(failed, schedule.firstRetryMs);
}

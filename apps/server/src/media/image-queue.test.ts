import { messages } from '@pinhole/contracts';
import { describe, expect, it } from 'vitest';

import { createImageQueue, ImageQueueFullError } from './image-queue';
import * as image from './image';

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: Error) => void;
}

function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets queued callbacks and promise reactions run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('createImageQueue', () => {
  it('runs at most `concurrency` tasks at once, the rest in arrival order', async () => {
    const queue = createImageQueue({ concurrency: 2, maxWaiting: 10 });
    const gates = Array.from({ length: 5 }, () => deferred());
    const started: number[] = [];
    let running = 0;
    let mostRunning = 0;

    const results = gates.map((gate, index) =>
      queue.run(async () => {
        started.push(index);
        running += 1;
        mostRunning = Math.max(mostRunning, running);
        await gate.promise;
        running -= 1;
        return index * 10;
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    expect([queue.active, queue.waiting]).toEqual([2, 3]);

    gates[1]!.resolve();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    expect([queue.active, queue.waiting]).toEqual([2, 2]);

    for (const gate of gates) gate.resolve();
    expect(await Promise.all(results)).toEqual([0, 10, 20, 30, 40]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(mostRunning).toBe(2);
    expect([queue.active, queue.waiting]).toEqual([0, 0]);
  });

  it('refuses at once with ImageQueueFullError when every slot and waiting place is taken', async () => {
    const queue = createImageQueue({ concurrency: 1, maxWaiting: 1 });
    const gate = deferred();
    const first = queue.run(() => gate.promise.then(() => 'first'));
    const second = queue.run(() => Promise.resolve('second'));
    expect([queue.active, queue.waiting]).toEqual([1, 1]);

    let ran = false;
    const third = queue.run(() => {
      ran = true;
      return Promise.resolve('third');
    });
    await expect(third).rejects.toBeInstanceOf(ImageQueueFullError);
    await expect(third).rejects.toThrow(messages.busy);
    expect(ran).toBe(false);
    expect([queue.active, queue.waiting]).toEqual([1, 1]);

    gate.resolve();
    expect(await first).toBe('first');
    expect(await second).toBe('second');
    // Room again once the line has drained.
    expect(await queue.run(() => Promise.resolve('fourth'))).toBe('fourth');
  });

  it('with maxWaiting 0, refuses whatever finds every slot busy', async () => {
    const queue = createImageQueue({ concurrency: 1, maxWaiting: 0 });
    const gate = deferred();
    const first = queue.run(() => gate.promise);
    await expect(queue.run(() => Promise.resolve())).rejects.toBeInstanceOf(ImageQueueFullError);
    gate.resolve();
    await first;
  });

  it('passes errors through and frees the slot after a failure', async () => {
    const queue = createImageQueue({ concurrency: 1, maxWaiting: 5 });
    const boom = new Error('boom');
    const failing = queue.run(() => Promise.reject(boom));
    const next = queue.run(() => Promise.resolve('next'));
    await expect(failing).rejects.toBe(boom);
    expect(await next).toBe('next');
    expect([queue.active, queue.waiting]).toEqual([0, 0]);
  });

  it('treats a task that throws synchronously like a rejected one', async () => {
    const queue = createImageQueue({ concurrency: 1, maxWaiting: 5 });
    const boom = new Error('sync boom');
    const failing = queue.run((): Promise<string> => {
      throw boom;
    });
    const next = queue.run(() => Promise.resolve('still runs'));
    await expect(failing).rejects.toBe(boom);
    expect(await next).toBe('still runs');
    expect(queue.active).toBe(0);
  });

  it('keeps working after many failures (no slot leaks)', async () => {
    const queue = createImageQueue({ concurrency: 2, maxWaiting: 100 });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) =>
        queue.run(() =>
          index % 2 === 0 ? Promise.reject(new Error(`fail ${index}`)) : Promise.resolve(index),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(25);
    expect([queue.active, queue.waiting]).toEqual([0, 0]);
    expect(await queue.run(() => Promise.resolve('ok'))).toBe('ok');
  });

  it('tells its observer each wait in line and each refusal', async () => {
    const waits: number[] = [];
    let refusals = 0;
    const queue = createImageQueue({
      concurrency: 1,
      maxWaiting: 1,
      observer: { started: (seconds) => waits.push(seconds), refused: () => (refusals += 1) },
    });
    const gate = deferred();
    const first = queue.run(() => gate.promise);
    const second = queue.run(() => Promise.resolve());
    await expect(queue.run(() => Promise.resolve())).rejects.toBeInstanceOf(ImageQueueFullError);
    expect(waits).toEqual([0]);
    expect(refusals).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 30));
    gate.resolve();
    await Promise.all([first, second]);
    expect(waits).toHaveLength(2);
    // The second waited for the first's slot: about the 30 ms it was held, in seconds.
    expect(waits[1]).toBeGreaterThanOrEqual(0.025);
    expect(waits[1]).toBeLessThan(5);
  });

  it('rejects nonsensical options', () => {
    expect(() => createImageQueue({ concurrency: 0, maxWaiting: 1 })).toThrow(RangeError);
    expect(() => createImageQueue({ concurrency: 1.5, maxWaiting: 1 })).toThrow(RangeError);
    expect(() => createImageQueue({ concurrency: 1, maxWaiting: -1 })).toThrow(RangeError);
  });

  it('is also exported from ./image, where the upload service imports it', () => {
    expect(image.createImageQueue).toBe(createImageQueue);
    expect(image.ImageQueueFullError).toBe(ImageQueueFullError);
  });
});

import { act } from '@testing-library/react';
import { vi } from 'vitest';

interface StubObserver {
  callback: IntersectionObserverCallback;
  options: IntersectionObserverInit | undefined;
  targets: Set<Element>;
  self: IntersectionObserver;
}

/**
 * IntersectionObserver for jsdom (which has none), observing elements: the test says how much of
 * an element is in view. `near` reaches only observers with a margin (those that look ahead).
 */
export function stubIntersectionObservers() {
  const observers: StubObserver[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        observers.push({
          callback,
          options,
          targets: new Set(),
          self: this as unknown as IntersectionObserver,
        });
      }
      private get record() {
        return observers.find((observer) => observer.self === (this as unknown))!;
      }
      observe(element: Element) {
        this.record.targets.add(element);
      }
      unobserve(element: Element) {
        this.record.targets.delete(element);
      }
      disconnect() {
        this.record.targets.clear();
      }
      takeRecords() {
        return [];
      }
    },
  );
  const tell = (element: Element, ratio: number, only: (observer: StubObserver) => boolean) =>
    act(() => {
      for (const observer of observers)
        if (observer.targets.has(element) && only(observer))
          observer.callback(
            [
              {
                target: element,
                isIntersecting: ratio > 0,
                intersectionRatio: ratio,
              } as IntersectionObserverEntry,
            ],
            observer.self,
          );
    });
  return {
    observers,
    /** `ratio` of the element is in view (0 to 1), for every observer. */
    view: (element: Element, ratio: number) => tell(element, ratio, () => true),
    /** The element comes within an observer's look-ahead margin, not yet in view. */
    near: (element: Element) =>
      tell(element, 1, (observer) => Boolean(observer.options?.rootMargin)),
  };
}

/**
 * jsdom's media elements neither play nor pause: spies that only record on which element they
 * were called (restored after each test by setup.ts).
 */
export function stubMediaPlayback() {
  const play = vi
    .spyOn(HTMLMediaElement.prototype, 'play')
    .mockImplementation(() => Promise.resolve());
  const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  return {
    play,
    pause,
    /** The elements `play` was last called on, in order. */
    played: () => play.mock.contexts as HTMLMediaElement[],
    paused: () => pause.mock.contexts as HTMLMediaElement[],
  };
}

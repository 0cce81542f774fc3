import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdClicksUntilHydrated, replayEarlyClick } from './early-click';

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
  delete window.__pinholeEarlyClick;
  delete window.__pinholeEarlyDoubleTap;
});

/** What React leaves on an element it has hydrated. */
function markHydrated(element: Element) {
  Object.assign(element, { __reactProps$test: {} });
}

describe('replayEarlyClick', () => {
  it('clicks the hydrated control at the noted path under #root, once', () => {
    document.body.innerHTML =
      '<div id="root"><header><button>Home</button></header><main><p>x</p><div><button>Like</button></div></main></div>';
    const like = document.querySelectorAll('button')[1]!;
    markHydrated(like);
    const onClick = vi.fn();
    like.addEventListener('click', onClick);
    window.__pinholeEarlyClick = [1, 1, 0];

    replayEarlyClick();
    replayEarlyClick();

    expect(onClick).toHaveBeenCalledTimes(1);
    expect(window.__pinholeEarlyClick).toBeUndefined();
  });

  it('waits for a control that hydrates after the root, then clicks it once', () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<div id="root"><main><button>Like</button></main></div>';
    const like = document.querySelector('button')!;
    const onClick = vi.fn();
    like.addEventListener('click', onClick);
    window.__pinholeEarlyClick = [0, 0];

    replayEarlyClick();
    vi.advanceTimersByTime(200);
    expect(onClick).not.toHaveBeenCalled();

    markHydrated(like);
    vi.advanceTimersByTime(200);
    expect(onClick).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('drops a click whose control never hydrates', () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<div id="root"><button>Like</button></div>';
    const like = document.querySelector('button')!;
    const onClick = vi.fn();
    like.addEventListener('click', onClick);
    window.__pinholeEarlyClick = [0];

    replayEarlyClick();
    vi.advanceTimersByTime(6000);
    markHydrated(like);
    vi.advanceTimersByTime(1000);

    expect(onClick).not.toHaveBeenCalled();
  });

  it('does nothing without a noted click or when the path no longer leads anywhere', () => {
    document.body.innerHTML = '<div id="root"><button>Only</button></div>';
    const only = document.querySelector('button')!;
    markHydrated(only);
    const onClick = vi.fn();
    only.addEventListener('click', onClick);

    replayEarlyClick();
    window.__pinholeEarlyClick = [0, 4, 2];
    replayEarlyClick();

    expect(onClick).not.toHaveBeenCalled();
  });

  it('gives a double tap back as two clicks on the hydrated element, once', () => {
    vi.useFakeTimers();
    document.body.innerHTML =
      '<div id="root"><article><div><img alt="photo"></div><button>Like</button></article></div>';
    const photo = document.querySelector('img')!;
    const clicks: number[] = [];
    photo.parentElement!.addEventListener('click', () => clicks.push(performance.now()));
    window.__pinholeEarlyDoubleTap = [0, 0, 0];

    replayEarlyClick();
    vi.advanceTimersByTime(100);
    expect(clicks).toHaveLength(0);
    markHydrated(photo);
    vi.advanceTimersByTime(100);
    replayEarlyClick();
    vi.advanceTimersByTime(1000);

    expect(clicks).toHaveLength(2);
    expect(window.__pinholeEarlyDoubleTap).toBeUndefined();
  });
});

describe('holdClicksUntilHydrated', () => {
  it('holds a click on a control not hydrated yet and gives it back once, when it is', () => {
    vi.useFakeTimers();
    document.body.innerHTML =
      '<div id="root"><aside><button>Switch</button></aside><main><button>Like</button></main></div>';
    const [lazyButton, hydratedButton] = [...document.querySelectorAll('button')];
    markHydrated(hydratedButton!);
    const onSwitch = vi.fn();
    const onLike = vi.fn();
    lazyButton!.addEventListener('click', onSwitch);
    hydratedButton!.addEventListener('click', onLike);
    holdClicksUntilHydrated();
    holdClicksUntilHydrated();

    lazyButton!.click();
    hydratedButton!.click();
    expect(onSwitch).not.toHaveBeenCalled();
    expect(onLike).toHaveBeenCalledTimes(1);

    markHydrated(lazyButton!);
    vi.advanceTimersByTime(100);
    expect(onSwitch).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(onSwitch).toHaveBeenCalledTimes(1);
  });
});
